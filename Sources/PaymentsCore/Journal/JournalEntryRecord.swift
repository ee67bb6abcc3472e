import Crypto
import Foundation
import GRDB

/// A row of `journal_entries`: one document of a counter's journal, chained to the one before
/// it and signed with the counter's key. Every column is covered: `counter`, `seq`, `kind`,
/// `at`, `subject` and `body` by the hash (`JournalEntryRecord.canonicalEntry`),
/// `previous_hash` by the chain (the hash of the entry before, itself covered), `hash` by
/// recomputing it, `signature` by checking it against the counter's public key.
///
/// `at` is kept as the integer the row holds (milliseconds on the loop's clock), and `kind` as
/// its text, so that the verifier hashes exactly what is stored, whatever it says.
struct JournalEntryRecord: Codable, CoreRecord, Equatable {
    static let databaseTableName = "journal_entries"

    var counter: String
    var seq: Int64
    var kind: String
    var at: Int64
    var subject: String
    var body: String
    var previousHash: String
    var hash: String
    var signature: String

    /// The previous hash of a chain's first entry.
    static let genesisHash = String(repeating: "0", count: 64)

    /// What is hashed after the previous hash: each column in a fixed order, as its name, the
    /// length of its UTF-8 text in bytes and the text, one a line, after a version line. The
    /// lengths keep two entries from ever sharing a text (a subject ending where a body begins).
    static func canonicalEntry(counter: String, seq: Int64, kind: String, at: Int64, subject: String, body: String) -> [UInt8] {
        var text = "checkout-journal-v1\n"
        for (name, value) in [("counter", counter), ("seq", String(seq)), ("kind", kind), ("at", String(at)), ("subject", subject), ("body", body)] {
            text += "\(name):\(value.utf8.count):\(value)\n"
        }
        return Array(text.utf8)
    }

    /// SHA-256 of the previous hash (its 64 hex digits, as the row holds them) followed by the
    /// canonical entry.
    static func hash(previous: String, counter: String, seq: Int64, kind: String, at: Int64, subject: String, body: String) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: Array(previous.utf8))
        hasher.update(data: canonicalEntry(counter: counter, seq: seq, kind: kind, at: at, subject: subject, body: body))
        return Array(hasher.finalize())
    }

    /// This row's hash as its columns say it should be.
    var recomputedHash: [UInt8] {
        Self.hash(previous: previousHash, counter: counter, seq: seq, kind: kind, at: at, subject: subject, body: body)
    }

    /// Every column of a counter's entries, in order.
    static let columns = "counter, seq, kind, at, subject, body, previous_hash, hash, signature"
}

/// Lower-case hex back into bytes.
enum Hex {
    static func bytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x61...0x66: digit - 0x61 + 10
        default: nil
        }
    }
}

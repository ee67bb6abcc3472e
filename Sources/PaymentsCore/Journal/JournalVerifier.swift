import Foundation

/// Checks every counter's chain on a database, reading only: the sequence runs from 1 without
/// a gap, each entry's previous hash is the hash of the one before, each hash is what its
/// columns and the previous hash give, and each signature holds under the public key the
/// database records for the counter. Names the first entry of each chain that does not hold.
///
/// A chain re-signed whole with another key, its public key replaced, holds here: it is told
/// by the keys held apart from the data (`checkedKeys`: a counter's key file, whose public key
/// must be the recorded one) and by the fingerprint each chain's summary prints, to compare
/// with one printed on an earlier Z report.
public struct JournalVerifier: Sendable {
    /// Public keys known from outside the database, by counter: each must be the one recorded.
    public var checkedKeys: [String: String]
    /// Fingerprints known from outside the database (printed on an earlier Z report), by
    /// counter: each must be the recorded key's.
    public var checkedFingerprints: [String: String]
    /// What earlier verifications worked out, kept by a caller that verifies often.
    public var memo: JournalMemo?

    public init(checkedKeys: [String: String] = [:], checkedFingerprints: [String: String] = [:], memo: JournalMemo? = nil) {
        self.checkedKeys = checkedKeys
        self.checkedFingerprints = checkedFingerprints
        self.memo = memo
    }

    /// The public key (hex) of `counter`'s key file at `path`, to put in `checkedKeys`.
    public static func publicKey(ofKeyFile path: String, counter: String) throws(JournalKeyError) -> String {
        let bytes: [UInt8]?
        do { bytes = try VaultKeyFile.readBytes(path, length: JournalSigningKey.fileLength) } catch { throw .malformed(path: path) }
        guard let bytes else { throw .missing(counter: counter, expectedAt: path) }
        guard let key = JournalSigningKey(bytes: bytes) else { throw .malformed(path: path) }
        return key.publicKeyHex
    }

    public func verify(_ store: any CoreStore) throws -> JournalVerification {
        try store.read { tx in try verify(tx) }
    }

    /// Entries are read a page at a time: a year's journal is not held whole.
    static let pageSize = 1_000

    public func verify(_ tx: any CoreTransaction) throws -> JournalVerification {
        guard try Self.hasJournal(tx) else { return JournalVerification(chains: [], keyProblems: []) }
        let keys = Dictionary(try tx.rows("SELECT counter, public_key FROM journal_keys").map {
            (try $0.value(String.self, "counter"), try $0.value(String.self, "public_key"))
        }, uniquingKeysWith: { first, _ in first })
        let counters = Set(try tx.fetchValues(String.self, "SELECT DISTINCT counter FROM journal_entries")).union(keys.keys)
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var journaled = JournaledLedgerEntries(memo: memo)
        let chains = try counters.map { counter in try chain(tx, counter: counter, publicKeyHex: keys[counter], journaled: &journaled) }
        let keyProblems = Set(checkedKeys.keys).union(checkedFingerprints.keys).sorted().compactMap { counter -> JournalProblem? in
            guard let recorded = keys[counter] else { return .keyNotRecorded(counter: counter) }
            let recordedFingerprint = JournalPublicKey.fingerprint(ofHex: recorded) ?? recorded
            if let fromFile = checkedKeys[counter], fromFile != recorded {
                return .keyReplaced(counter: counter, recorded: recordedFingerprint, held: JournalPublicKey.fingerprint(ofHex: fromFile) ?? fromFile)
            }
            if let printed = checkedFingerprints[counter].map(Self.normalizedFingerprint), printed != recordedFingerprint {
                return .keyReplaced(counter: counter, recorded: recordedFingerprint, held: printed)
            }
            return nil
        }
        return JournalVerification(chains: chains, keyProblems: keyProblems, unjournaled: try unjournaled(tx, journaled))
    }

    /// The books' entries since the journal began that no receipt or refund of any chain
    /// records: a chain cut short at its end (which the chain alone cannot tell), or a sale
    /// booked by something that does not journal. Entries booked before the journal's first
    /// entry (a database's earlier sales, booked by its migration) are not asked for.
    private func unjournaled(_ tx: any CoreTransaction, _ journaled: JournaledLedgerEntries) throws -> [JournalProblem] {
        guard let start = journaled.firstAt else { return [] }
        return try tx.rows("""
            SELECT e.id, e.counter FROM ledger_entries e WHERE e.at >= ? ORDER BY e.at, \(tx.engine.bytewise("e.id"))
            """, start).compactMap { row in
            let id = try row.value(String.self, "id")
            guard !journaled.ids.contains(id) else { return nil }
            return .bookedButNotJournaled(counter: try row.value(String?.self, "counter") ?? "", ledgerEntry: id)
        }
    }

    private func chain(_ tx: any CoreTransaction, counter: String, publicKeyHex: String?,
                       journaled: inout JournaledLedgerEntries) throws -> JournalChainReport {
        let fingerprint = publicKeyHex.flatMap(JournalPublicKey.fingerprint(ofHex:))
        let publicKey = publicKeyHex.flatMap(JournalPublicKey.init(hex:))
        var expectedSeq: Int64 = 1
        var previousHash = JournalEntryRecord.genesisHash
        var count = 0
        var lastHash: String?
        func report(_ problem: JournalProblem?) -> JournalChainReport {
            JournalChainReport(counter: counter, entries: count, lastSeq: expectedSeq - 1, lastHash: lastHash, keyFingerprint: fingerprint,
                               firstProblem: problem)
        }
        var firstProblem: JournalProblem? = publicKey != nil ? nil
            : publicKeyHex == nil ? .noPublicKey(counter: counter) : .publicKeyMalformed(counter: counter)
        var lastSeen: Int64 = 0
        while true {
            let page = try tx.fetchAll(JournalEntryRecord.self, """
                SELECT \(JournalEntryRecord.columns) FROM journal_entries WHERE counter = ? AND seq > ? ORDER BY seq LIMIT \(Self.pageSize)
                """, counter, lastSeen)
            for entry in page {
                // Read to the end whatever is found: the rest still says which sales are journaled.
                journaled.note(entry)
                lastSeen = entry.seq
                guard firstProblem == nil else { continue }
                if let problem = Self.problem(with: entry, expectedSeq: expectedSeq, previousHash: previousHash, publicKey: publicKey!,
                                              publicKeyHex: publicKeyHex!, memo: memo) {
                    firstProblem = problem
                    continue
                }
                count += 1
                expectedSeq += 1
                previousHash = entry.hash
                lastHash = entry.hash
            }
            if page.count < Self.pageSize { break }
        }
        if let firstProblem { return report(firstProblem) }
        // Entries numbered below 1 are not read above: they are not part of any chain.
        if let stray = try tx.fetchValue(Int64.self, "SELECT MIN(seq) FROM journal_entries WHERE counter = ? AND seq < 1", counter) {
            return report(.missingEntry(counter: counter, seq: stray, next: 1))
        }
        return report(nil)
    }

    /// What is wrong with `entry`, where the chain expects `expectedSeq` after `previousHash`.
    static func problem(with entry: JournalEntryRecord, expectedSeq: Int64, previousHash: String,
                        publicKey: JournalPublicKey, publicKeyHex: String, memo: JournalMemo?) -> JournalProblem? {
        let counter = entry.counter
        guard entry.seq == expectedSeq else { return .missingEntry(counter: counter, seq: expectedSeq, next: entry.seq) }
        guard entry.previousHash == previousHash else { return .previousHashDiffers(counter: counter, seq: entry.seq) }
        guard entry.recomputedHash.hexString == entry.hash else { return .hashDiffers(counter: counter, seq: entry.seq) }
        func signatureHolds() -> Bool {
            guard let hash = Hex.bytes(entry.hash) else { return false }
            return publicKey.isValid(signatureHex: entry.signature, for: hash)
        }
        let holds = memo.map {
            $0.isValid(publicKeyHex: publicKeyHex, hash: entry.hash, signatureHex: entry.signature, verify: signatureHolds)
        } ?? signatureHolds()
        guard holds else {
            return .signatureInvalid(counter: counter, seq: entry.seq)
        }
        guard JournalKind(rawValue: entry.kind) != nil else { return .unknownKind(counter: counter, seq: entry.seq, kind: entry.kind) }
        return nil
    }

    /// A fingerprint as typed from paper: spaces anywhere, any case.
    static func normalizedFingerprint(_ text: String) -> String {
        let digits = Array(text.lowercased().filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count, by: 4).map { String(digits[$0..<min($0 + 4, digits.count)]) }.joined(separator: " ")
    }

    /// A database from before the journal, or not migrated since, has no chain to check.
    static func hasJournal(_ tx: any CoreTransaction) throws -> Bool {
        switch tx.engine {
        case .sqlite:
            try tx.exists("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'journal_entries'")
        case .postgres:
            try tx.fetchValue(Bool.self, "SELECT to_regclass('journal_entries') IS NOT NULL") ?? false
        }
    }
}

/// What `JournalVerifier` found: one report per counter's chain, what the keys held apart from
/// the data say, and the books' entries no chain records.
public struct JournalVerification: Hashable, Sendable {
    public let chains: [JournalChainReport]
    public let keyProblems: [JournalProblem]
    public let unjournaled: [JournalProblem]

    public init(chains: [JournalChainReport], keyProblems: [JournalProblem], unjournaled: [JournalProblem] = []) {
        self.chains = chains
        self.keyProblems = keyProblems
        self.unjournaled = unjournaled
    }

    /// Each chain's first problem, then the keys', then the books' entries not journaled.
    public var problems: [JournalProblem] { chains.compactMap(\.firstProblem) + keyProblems + unjournaled }
}

/// The ledger entries the receipts and refunds read so far record (their body's `entry`), and
/// when the first entry of any chain was written.
struct JournaledLedgerEntries {
    let memo: JournalMemo?
    var ids: Set<String> = []
    var firstAt: Int64?

    init(memo: JournalMemo? = nil) { self.memo = memo }

    mutating func note(_ entry: JournalEntryRecord) {
        firstAt = min(firstAt ?? entry.at, entry.at)
        guard entry.kind == JournalKind.receipt.rawValue || entry.kind == JournalKind.refund.rawValue else { return }
        let id = memo.map { $0.ledgerEntry(ofBody: entry.body, parse: Self.ledgerEntry) } ?? Self.ledgerEntry(ofBody: entry.body)
        if let id { ids.insert(id) }
    }

    static func ledgerEntry(ofBody body: String) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["entry"] as? String
    }
}

/// One counter's chain, checked.
public struct JournalChainReport: Hashable, Sendable, CustomStringConvertible {
    public let counter: String
    /// Entries that hold, from 1 on (up to the first problem).
    public let entries: Int
    public let lastSeq: Int64
    public let lastHash: String?
    /// The fingerprint of the public key the database records for the counter.
    public let keyFingerprint: String?
    public let firstProblem: JournalProblem?

    /// The summary line `checkout journal verify` prints for a chain that holds.
    public var description: String {
        let head = lastHash.map { ", last hash \($0.prefix(16))" } ?? ""
        return "Counter \(counter): \(entries) \(entries == 1 ? "entry" : "entries") hold (1 to \(lastSeq)\(head)), key \(keyFingerprint ?? "none")."
    }
}

/// One way a chain does not hold, naming the counter and the entry. Values, not words: tests
/// match the case; `description` is the plain English line the command line prints, as the
/// audit's are.
public enum JournalProblem: Hashable, Sendable, CustomStringConvertible {
    /// Entry `seq` is not there: the chain goes on at `next` (deleted, or renumbered).
    case missingEntry(counter: String, seq: Int64, next: Int64)
    /// The entry's previous hash is not the hash of the entry before it.
    case previousHashDiffers(counter: String, seq: Int64)
    /// The entry's columns (or its stored hash) were changed: they do not give its hash.
    case hashDiffers(counter: String, seq: Int64)
    /// The entry's signature does not hold under the counter's recorded public key.
    case signatureInvalid(counter: String, seq: Int64)
    /// The entry holds, but its kind is none the journal knows.
    case unknownKind(counter: String, seq: Int64, kind: String)
    /// The counter has entries and no public key to check them with.
    case noPublicKey(counter: String)
    case publicKeyMalformed(counter: String)
    /// The key held apart from the data (a key file) is not the one the database records: the
    /// recorded key was replaced, and the chain may have been re-signed with it.
    case keyReplaced(counter: String, recorded: String, held: String)
    /// A key file was given for a counter the database records no key for.
    case keyNotRecorded(counter: String)
    /// A movement of money booked since the journal began that no chain records (`counter`:
    /// the ledger entry's, empty when it names none).
    case bookedButNotJournaled(counter: String, ledgerEntry: String)

    public var counter: String {
        switch self {
        case let .missingEntry(counter, _, _), let .previousHashDiffers(counter, _), let .hashDiffers(counter, _),
             let .signatureInvalid(counter, _), let .unknownKind(counter, _, _), let .noPublicKey(counter), let .publicKeyMalformed(counter),
             let .keyReplaced(counter, _, _), let .keyNotRecorded(counter), let .bookedButNotJournaled(counter, _):
            counter
        }
    }

    /// The entry named; nil for a problem of the counter's key.
    public var seq: Int64? {
        switch self {
        case let .missingEntry(_, seq, _), let .previousHashDiffers(_, seq), let .hashDiffers(_, seq), let .signatureInvalid(_, seq),
             let .unknownKind(_, seq, _):
            seq
        case .noPublicKey, .publicKeyMalformed, .keyReplaced, .keyNotRecorded, .bookedButNotJournaled:
            nil
        }
    }

    public var description: String {
        switch self {
        case let .missingEntry(counter, seq, next):
            "Journal of counter \(counter), entry \(seq): missing (the chain goes on at \(next)); deleted or renumbered."
        case let .previousHashDiffers(counter, seq):
            "Journal of counter \(counter), entry \(seq): its previous hash is not the hash of entry \(seq - 1)."
        case let .hashDiffers(counter, seq):
            "Journal of counter \(counter), entry \(seq): its hash does not match its columns; the entry was changed."
        case let .signatureInvalid(counter, seq):
            "Journal of counter \(counter), entry \(seq): the signature does not hold under the counter's key."
        case let .unknownKind(counter, seq, kind):
            "Journal of counter \(counter), entry \(seq): unknown kind \(kind)."
        case let .noPublicKey(counter):
            "Journal of counter \(counter): no public key is recorded to check it with."
        case let .publicKeyMalformed(counter):
            "Journal of counter \(counter): its recorded public key is not a key."
        case let .keyReplaced(counter, recorded, held):
            "Journal of counter \(counter): the recorded key \(recorded) is not the counter's key \(held); the chain may have been re-signed."
        case let .keyNotRecorded(counter):
            "Journal of counter \(counter): a key was given, but the database records no key for this counter."
        case let .bookedButNotJournaled(counter, entry):
            "Ledger entry \(entry)\(counter.isEmpty ? "" : " (counter \(counter))") was booked after the journal began, but no journal records it; entries were cut off, or it was booked without the journal."
        }
    }
}

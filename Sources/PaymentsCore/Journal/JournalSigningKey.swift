import Crypto
import Foundation

/// A counter's Ed25519 key pair for its journal: the private half signs each entry's hash and
/// stays in a file of its own, apart from the data (`JournalKeyLocation`); the public half is
/// recorded in the database (`journal_keys`) so that anyone can check the signatures.
public struct JournalSigningKey: @unchecked Sendable {
    /// Ed25519 private keys are 32 bytes (the seed), and so is each key file.
    static let fileLength = 32

    let privateKey: Curve25519.Signing.PrivateKey

    init(privateKey: Curve25519.Signing.PrivateKey) { self.privateKey = privateKey }

    init?(bytes: [UInt8]) {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: bytes) else { return nil }
        privateKey = key
    }

    /// A new key, for a counter that has none yet (or for one that lives in memory).
    static func generate() -> JournalSigningKey { JournalSigningKey(privateKey: Curve25519.Signing.PrivateKey()) }

    var bytes: [UInt8] { Array(privateKey.rawRepresentation) }

    /// The public key as the database records it: 64 lower-case hex digits.
    public var publicKeyHex: String { privateKey.publicKey.rawRepresentation.hexString }

    public var fingerprint: String { JournalPublicKey.fingerprint(ofHex: publicKeyHex) ?? "" }

    func signature(for hash: [UInt8]) throws -> String {
        try privateKey.signature(for: hash).hexString
    }
}

/// A public key read from the database, to check signatures with.
struct JournalPublicKey {
    let key: Curve25519.Signing.PublicKey

    init?(hex: String) {
        guard let bytes = Hex.bytes(hex), let key = try? Curve25519.Signing.PublicKey(rawRepresentation: bytes) else { return nil }
        self.key = key
    }

    func isValid(signatureHex: String, for hash: [UInt8]) -> Bool {
        guard let signature = Hex.bytes(signatureHex) else { return false }
        return key.isValidSignature(signature, for: hash)
    }

    /// What a person compares, on a printed Z report or a `journal verify` line: the first 16
    /// bytes of the SHA-256 of the public key, in groups of four hex digits
    /// (`3f2a 9c41 ...`). Short enough to read aloud, long enough that no one finds another key
    /// with the same.
    static func fingerprint(ofHex hex: String) -> String? {
        guard let bytes = Hex.bytes(hex) else { return nil }
        let digits = Array(SHA256.hash(data: bytes).prefix(16).hexString)
        return stride(from: 0, to: digits.count, by: 4).map { String(digits[$0..<$0 + 4]) }.joined(separator: " ")
    }
}

import Synchronization

/// Signatures already found valid, by public key, hash and signature: a triple that held once
/// holds for ever, so an auditor that reads the same chains again and again (the fault
/// simulator audits after every step) checks each signature once. The chain itself (sequence,
/// previous hash, recomputed hash) is still read and checked whole each time; only the
/// Ed25519 arithmetic is remembered.
public final class VerifiedSignatures: Sendable {
    private struct Triple: Hashable {
        let publicKey: String
        let hash: String
        let signature: String
    }

    private let known = Mutex(Set<Triple>())

    public init() {}

    /// Whether `signatureHex` is `publicKeyHex`'s over `hash`, asking `verify` only the first time.
    func isValid(publicKeyHex: String, hash: String, signatureHex: String, verify: () -> Bool) -> Bool {
        let triple = Triple(publicKey: publicKeyHex, hash: hash, signature: signatureHex)
        if known.withLock({ $0.contains(triple) }) { return true }
        guard verify() else { return false }
        known.withLock { _ = $0.insert(triple) }
        return true
    }
}

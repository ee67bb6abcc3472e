import Foundation
import Synchronization

/// What a verification of the journal worked out that can never change, for an auditor that
/// reads the same chains again and again (the fault simulator audits after every step): a
/// signature found valid by a public key over a hash holds for ever, and a body names the same
/// ledger entry however often it is read. The chain itself (sequence, previous hash, each
/// hash recomputed from its columns) is still read and checked whole each time; only the
/// Ed25519 arithmetic and the JSON parsing are remembered, each by the exact values it read.
public final class JournalMemo: Sendable {
    private struct Signed: Hashable {
        let publicKey: String
        let hash: String
        let signature: String
    }

    private let signatures = Mutex(Set<Signed>())
    /// A receipt's or refund's body, and the ledger entry it names (nil: none).
    private let entries = Mutex([String: String?]())

    public init() {}

    /// Whether `signatureHex` is `publicKeyHex`'s over `hash`, asking `verify` until it says yes.
    func isValid(publicKeyHex: String, hash: String, signatureHex: String, verify: () -> Bool) -> Bool {
        let signed = Signed(publicKey: publicKeyHex, hash: hash, signature: signatureHex)
        if signatures.withLock({ $0.contains(signed) }) { return true }
        guard verify() else { return false }
        signatures.withLock { _ = $0.insert(signed) }
        return true
    }

    /// The ledger entry `body` names, parsing it only the first time it is seen.
    func ledgerEntry(ofBody body: String, parse: (String) -> String?) -> String? {
        if let known = entries.withLock({ $0[body] }) { return known }
        let parsed = parse(body)
        entries.withLock { $0[body] = .some(parsed) }
        return parsed
    }
}

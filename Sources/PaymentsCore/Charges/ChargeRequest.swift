import Crypto
import Foundation

/// What to charge, to what, and under which idempotency key.
public struct ChargeRequest: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        /// A one-time card token from `Vault.tokenize`.
        case token(String)
        /// A saved payment method of `customerID`.
        case paymentMethod(String)
    }

    public var amount: Money
    public var source: Source
    /// Required for a saved payment method; optional (a guest) for a token.
    public var customerID: String?
    public var description: String
    public var metadata: [String: String]
    /// false: authorise only, as a hold, to capture or cancel later (auction bids).
    public var capture: Bool
    /// The same key with the same request replays the first result; never charges twice.
    public var idempotencyKey: String
    /// A payment nobody at the counter asks for (a subscription's renewal, agreed when the
    /// customer subscribed): the payments PIN locks what a person at the counter may do with
    /// saved cards, so it does not hold these back. Not part of the parameters a replay compares.
    public var unattended = false

    public init(amount: Money, source: Source, customerID: String? = nil, description: String = "",
                metadata: [String: String] = [:], capture: Bool = true, idempotencyKey: String) {
        self.amount = amount; self.source = source; self.customerID = customerID; self.description = description
        self.metadata = metadata; self.capture = capture; self.idempotencyKey = idempotencyKey
    }

    /// A digest of every parameter, to tell a replay from a different request under the same key.
    var parameterHash: String {
        let sourceText: String
        switch source {
        case let .token(id): sourceText = "token:" + id
        case let .paymentMethod(id): sourceText = "pm:" + id
        }
        // Length-prefixed fields, so no two different requests can produce the same text.
        let fields = [String(amount.minorUnits), amount.currency.code, sourceText, customerID ?? "-", description,
                      capture ? "capture" : "hold"] + metadata.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        let canonical = fields.map { "\($0.utf8.count):\($0)" }.joined()
        return SHA256.hash(data: Data(canonical.utf8)).hexString
    }
}

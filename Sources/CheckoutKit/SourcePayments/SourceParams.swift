import PaymentsCore
/// A payment method the merchant accepts ("source type" in the seed: same thing, older name).
///
/// The seed says never to make one yourself: always pick from the `availableMethods` that
/// `prepareSourceParams` hands you. The initialiser is public only so that the controller that
/// reads the merchant's methods from the core can build the list.
public struct PaymentMethodType: Hashable, CustomStringConvertible, Sendable {
    public let identifier: String
    public let displayName: String

    public init(identifier: String, displayName: String) {
        self.identifier = identifier
        self.displayName = displayName
    }

    public var description: String { displayName }
}

/// How the customer completes a source: in the app's own screen, by scanning a code, or on a page
/// the counter shows. The core decides which flows a method supports.
public struct SourceFlow: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let inApp = SourceFlow(rawValue: "in_app")
    public static let qrCode = SourceFlow(rawValue: "qr_code")
    public static let redirect = SourceFlow(rawValue: "redirect")
}

/// The seed's "source params": what a payment is. The raw params carry what the merchant knows
/// (amount, currency, description); the preparer decorates them with type, flow and metadata.
public struct SourceParams: Equatable, Sendable {
    public var amount: Money
    public var description: String
    /// The method to pay with; nil in raw params, set by the preparer.
    public var type: PaymentMethodType?
    public var flow: SourceFlow?
    /// Extra facts a payment method needs (e.g. a wallet's account hint).
    public var metadata: [String: String]

    public init(amount: Money, description: String, type: PaymentMethodType? = nil,
                flow: SourceFlow? = nil, metadata: [String: String] = [:]) {
        self.amount = amount
        self.description = description
        self.type = type
        self.flow = flow
        self.metadata = metadata
    }

    public var currency: Currency { amount.currency }
}

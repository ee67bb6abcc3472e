import Foundation

/// A payment method the merchant accepts ("source type" in seed 000: same thing, older name). The
/// wallet screen lists `PaymentSources.availableMethods`; the seed says never to pick one from
/// anywhere else, and `Payment` refuses one that is not in the list it was given.
public enum PaymentMethodType: String, CaseIterable, Hashable, CustomStringConvertible, Sendable {
    case card
    case wechatPay
    case alipay

    /// The seed's name for the raw value: what a source, an order and the event log record.
    public var identifier: String { rawValue }

    public var displayName: String {
        switch self {
        case .card: "Card"
        case .wechatPay: "WeChat Pay"
        case .alipay: "Alipay"
        }
    }

    public var description: String { displayName }

    public var isWallet: Bool { self != .card }

    /// The one flow the core authorises this type by (also what params that name none get).
    public var supportedFlow: SourceFlow { isWallet ? .qrCode : .inApp }
}

/// How the shopper authorises: in the app (card), or by a code shown here and confirmed in the
/// wallet app (a QR code for WeChat Pay / Alipay). The core decides which flows a method supports.
public enum SourceFlow: String, Hashable, Sendable {
    case inApp
    case qrCode
}

/// Seed 000's "source params": what a payment is. The raw params carry what the merchant knows
/// (amount, currency, description); the preparer decorates them with type, flow and metadata.
/// The core creates a source only with a type; a missing flow is the type's default.
public struct SourceParams: Hashable, Sendable {
    public var amount: Money
    public var description: String
    /// The method to pay with; nil in raw params, set by the preparer.
    public var type: PaymentMethodType?
    public var flow: SourceFlow?
    /// Extra facts a payment method needs (e.g. a wallet's account hint).
    public var metadata: [String: String]

    public init(amount: Money, description: String, type: PaymentMethodType? = nil, flow: SourceFlow? = nil,
                metadata: [String: String] = [:]) {
        self.amount = amount
        self.description = description
        self.type = type
        self.flow = flow
        self.metadata = metadata
    }

    public var currency: Currency { amount.currency }

    /// Metadata that makes a wallet's confirmation take longer than any poll timeout, so the
    /// "possible success" path can be walked deterministically.
    public static let slowWalletMetadata = ["test_wallet": "slow"]
}

public enum SourceStatus: Hashable, Sendable {
    /// Created, not yet authorised.
    case pending
    /// A wallet payment code is shown; waiting for the shopper to confirm in the wallet.
    case awaitingConfirmation(paymentCode: String)
    /// Authorised by the shopper; the merchant has not consumed it yet (polling continues).
    case authorized
    /// Paid and taken by the merchant: the end of a successful payment.
    case consumed
    case failed(reason: String)

    public var isFinal: Bool {
        switch self {
        case .consumed, .failed: true
        default: false
        }
    }
}

/// A source: one payment attempt. `status` is a value `Payment` updates as it polls; the core's
/// own record is the source of truth (`PaymentSources.sourceStatus`).
public struct Source: Hashable, Sendable, Identifiable {
    public let id: String
    public let params: SourceParams
    public var status: SourceStatus
    public let chargeId: String?

    public init(id: String, params: SourceParams, status: SourceStatus = .pending, chargeId: String? = nil) {
        self.id = id
        self.params = params
        self.status = status
        self.chargeId = chargeId
    }
}

/// A step of a source's life, named when it was asked of a source it does not fit.
public enum SourceStep: Hashable, Sendable {
    /// Authorising a card needs a pending card source.
    case cardAuthorisation
    /// Authorising in a wallet needs a pending wallet source.
    case walletAuthorisation
    /// Confirming needs a source awaiting confirmation.
    case confirmation
    /// Declining needs a source that can still be declined.
    case decline
}

public enum SourceError: Error, Hashable, Sendable {
    case invalidAmount
    /// The params name no payment method (raw params, not decorated).
    case methodRequired
    case descriptionRequired
    case descriptionTooLong(maximum: Int)
    case unsupportedCurrency(type: PaymentMethodType, currency: String)
    case flowNotSupported(type: PaymentMethodType, flow: SourceFlow)
    case metadataTooLarge
    case unknownSource(String)
    /// The step does not fit the source's type or state (e.g. confirming a card source).
    case invalidState(SourceStep)
    case paymentDeclined(PaymentDecline)
    case storage(String)
}

/// What the poller answers. `timedOut` after authorisation is *possible success*, never a
/// failure: ask `sourceStatus` later to settle it.
public enum SourcePollOutcome: Hashable, Sendable {
    case consumed
    case failed(reason: String)
    case timedOut(lastStatus: SourceStatus)
    /// The status could not be read until the timeout (storage): the shopper may have paid.
    case notKnown

    /// Authorised when the poll gave up, or never known: the order waits for the settler.
    public var isPossibleSuccess: Bool {
        switch self {
        case .timedOut(.authorized), .notKnown: true
        default: false
        }
    }
}

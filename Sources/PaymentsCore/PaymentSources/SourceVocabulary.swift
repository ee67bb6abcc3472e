import Foundation

/// The payment method types ("source types") the merchant accepts. The wallet screen lists
/// `PaymentSources.availableMethods`; it never invents its own.
public enum CorePaymentMethodType: String, CaseIterable, Hashable, Sendable {
    case card
    case wechatPay
    case alipay

    public var displayName: String {
        switch self {
        case .card: "Card"
        case .wechatPay: "WeChat Pay"
        case .alipay: "Alipay"
        }
    }

    public var isWallet: Bool { self != .card }
}

/// How the shopper authorises: in the app (card), or by a code shown here and confirmed in the
/// wallet app (a QR code for WeChat Pay / Alipay).
public enum CoreSourceFlow: String, Hashable, Sendable {
    case inApp
    case qrCode
}

public struct CoreSourceParams: Hashable, Sendable {
    public var amount: Money
    public var description: String
    public var type: CorePaymentMethodType
    public var flow: CoreSourceFlow
    public var metadata: [String: String]

    public init(amount: Money, description: String, type: CorePaymentMethodType, flow: CoreSourceFlow, metadata: [String: String] = [:]) {
        self.amount = amount
        self.description = description
        self.type = type
        self.flow = flow
        self.metadata = metadata
    }

    /// Metadata that makes a wallet's confirmation take longer than any poll timeout, so the
    /// "possible success" path can be walked deterministically.
    public static let slowWalletMetadata = ["test_wallet": "slow"]
}

public enum CoreSourceStatus: Hashable, Sendable {
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

public struct CoreSource: Hashable, Sendable, Identifiable {
    public let id: String
    public let params: CoreSourceParams
    public let status: CoreSourceStatus
    public let chargeId: String?
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
    case descriptionRequired
    case descriptionTooLong(maximum: Int)
    case unsupportedCurrency(type: CorePaymentMethodType, currency: String)
    case flowNotSupported(type: CorePaymentMethodType, flow: CoreSourceFlow)
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
    case timedOut(lastStatus: CoreSourceStatus)
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

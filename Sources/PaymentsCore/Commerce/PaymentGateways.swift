import Foundation

// The two narrow seams through which issue 4 takes card money: `ChargeServiceGateway` adapts
// issue 3's `ChargeService` to both. Tests and the services above see only these.

/// How a shopper pays by card: a one-time vault token or a saved payment method.
public enum PaymentInstrument: Hashable, Sendable {
    /// A one-time vault token (a guest, or a card typed or swiped now).
    case token(String)
    /// A saved payment method, always with the customer who owns it.
    case savedMethod(String, customerId: String)

    /// The token or saved-method id, for logs that must not hold card data (these never do).
    public var reference: String {
        switch self {
        case .token(let token): token
        case .savedMethod(let id, _): id
        }
    }
}

/// Why the acquirer said no: a stable code, and the cause the screens word.
public struct PaymentDecline: Error, Hashable, Sendable {
    public let code: String
    public let cause: Cause

    /// What the screens say; the core says which.
    public enum Cause: Hashable, Sendable {
        /// The acquirer (or the 3-D Secure step) refused the card.
        case acquirer(DeclineReason)
        /// The charge service refused before the acquirer was asked.
        case refused(ChargeError)
        case canceled
        /// A hold ended canceled instead of held.
        case holdNotPlaced
        /// The card insists on 3-D Secure where no challenge can be shown.
        case securityCheckRequired
        case securityCheckCancelled
        case outcomeUnknown
        /// A card check (nothing charged) that the card's bank did not answer in time.
        case checkNotAnswered
        /// A write or a release failed; the error's own description.
        case unrecorded(String)
    }

    public init(code: String, cause: Cause) {
        self.code = code
        self.cause = cause
    }

    public init(_ reason: DeclineReason) {
        self.init(code: reason.rawValue, cause: .acquirer(reason))
    }

    public init(_ error: ChargeError) {
        self.init(code: error.code, cause: .refused(error))
    }

    /// Our own write failed, not the tender: nothing says the tender refused, and whether it
    /// was asked is for the settler to find out. Never a decline to record as final.
    public var isOwnWriteFailure: Bool {
        switch cause {
        case .unrecorded, .refused(.storage): true
        default: false
        }
    }
}

/// Why a capture did not end in a receipt: a known "no", or an answer not known yet.
public enum CardPaymentFailure: Error, Hashable, Sendable {
    /// Nothing was taken: the acquirer said no, or nothing could be asked.
    case declined(PaymentDecline)
    /// The charge was recorded and asked, but its answer is not known (it was lost, or could not
    /// be recorded). The settler learns it later; paying again must reuse the same key.
    case outcomeUnknown(chargeId: String)

    /// A stable code for logs and stored failure reasons.
    public var code: String {
        switch self {
        case .declined(let decline): decline.code
        case .outcomeUnknown: "outcome_unknown"
        }
    }
}

/// A capture asked of the gateway (named apart from issue 3's own `ChargeRequest`).
public struct CardPaymentRequest: Hashable, Sendable {
    public let amount: Money
    public let instrument: PaymentInstrument
    /// The same key replays the first result and never charges twice.
    public let idempotencyKey: String
    public let description: String
    /// Nobody is at the counter for it (a subscription's renewal): see `ChargeRequest.unattended`.
    public let unattended: Bool

    public init(amount: Money, instrument: PaymentInstrument, idempotencyKey: String, description: String, unattended: Bool = false) {
        self.amount = amount
        self.instrument = instrument
        self.idempotencyKey = idempotencyKey
        self.description = description
        self.unattended = unattended
    }
}

public struct ChargeReceipt: Hashable, Sendable {
    public let chargeId: String
    public let amount: Money

    public init(chargeId: String, amount: Money) {
        self.chargeId = chargeId
        self.amount = amount
    }
}

/// What became of a capture asked under an idempotency key (after a restart, say).
public enum ChargeLookup: Hashable, Sendable {
    case succeeded(ChargeReceipt)
    case failed(PaymentDecline)
    /// Recorded, still waiting for the acquirer.
    case pending
    /// Waiting for the shopper's 3-D Secure answer.
    case awaitingChallenge(chargeId: String)
    /// The ledger could not be read (storage): nothing may be concluded, not even "never asked".
    case notKnown
}

/// Captures money now. Results arrive later, on the loop, through the completion.
public protocol ChargeGateway: AnyObject {
    func charge(_ request: CardPaymentRequest, completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void)
    func refund(chargeId: String, idempotencyKey: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void)
    /// Gives back `amount` of a captured charge as the refund `refundId`: asked again with the
    /// same id, it answers that refund and gives back nothing more.
    func refund(chargeId: String, amount: Money, refundId: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void)
    /// nil when no charge was ever recorded under `idempotencyKey`.
    func lookUp(idempotencyKey: String) -> ChargeLookup?
}

/// A gateway whose charges are rows of the caller's own database (the core's `ChargeService`):
/// the caller's rows can be written in the charge's own transactions (`ChargeCompanion`), so
/// that a payment costs two durable commits. A gateway to a service elsewhere cannot offer that.
public protocol TransactionalChargeGateway: ChargeGateway {
    func charge(_ request: CardPaymentRequest, alongside companion: ChargeCompanion,
                completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void)
}

public enum HoldOutcome: Hashable, Sendable {
    case held(holdId: String)
    /// 3-D Secure: the shopper must answer `challenge`; finish with `completeChallenge`.
    case requiresAction(holdId: String)
    case failed(PaymentDecline)
    /// Asked, answer not known: the hold may be on the card. The settler decides it later.
    case outcomeUnknown(holdId: String)
}

/// Reserves money without capturing it (the auction's start bid).
public protocol HoldGateway: AnyObject {
    func placeHold(amount: Money, instrument: PaymentInstrument, idempotencyKey: String, completion: @escaping (HoldOutcome) -> Void)
    func completeChallenge(holdId: String, code: String, completion: @escaping (HoldOutcome) -> Void)
    func releaseHold(holdId: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void)
    /// Takes the held money (a won bid). Asked again after a lost answer, a hold captured
    /// already answers its receipt; `outcomeUnknown` when the capture could not be recorded.
    func captureHold(holdId: String, completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void)
}

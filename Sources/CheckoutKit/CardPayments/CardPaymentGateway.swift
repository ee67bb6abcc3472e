import PaymentsCore
import Foundation

/// PORT: card charges for the honey store and the auction's start bid. The next round implements
/// it against `PaymentsCore` (vault tokens, saved payment methods, the simulated acquirer with its
/// 3-D Secure challenge, idempotency keys).
public protocol CardPaymentGateway: AnyObject {
    /// Charges (or, with `captureNow == false`, authorises) an amount. Calls back exactly once.
    func charge(_ request: CardChargeRequest, completion: @escaping (Result<CardChargeOutcome, CardChargeFailure>) -> Void)
    /// Answers a 3-D Secure challenge with the code the customer typed, or nil if they cancelled.
    func completeChallenge(_ challenge: ThreeDSChallenge, code: String?, completion: @escaping (Result<CardChargeReceipt, CardChargeFailure>) -> Void)
}

/// What pays: a one-time vault token for a card just entered (valid 5 minutes, usable once), or a
/// payment method saved earlier for this customer.
public enum CardFundingSource: Hashable, Sendable {
    case newCardToken(String)
    case savedPayment(identifier: String)
}

public struct CardChargeRequest: Equatable, Sendable {
    public var customerId: String
    public var source: CardFundingSource
    public var amount: Money
    public var description: String
    /// The same key replays the first result and never charges twice.
    public var idempotencyKey: String
    /// False for an authorisation only (the auction's start bid), true for a sale.
    public var captureNow: Bool
    /// A new card the shopper asked to keep: the gateway sets it aside before the charge uses
    /// its one-time token up, for `savePayment(isJoin: true)` once the charge is approved.
    public var keepCard: Bool

    public init(customerId: String, source: CardFundingSource, amount: Money, description: String,
                idempotencyKey: String, captureNow: Bool = true, keepCard: Bool = false) {
        self.customerId = customerId
        self.source = source
        self.amount = amount
        self.description = description
        self.idempotencyKey = idempotencyKey
        self.captureNow = captureNow
        self.keepCard = keepCard
    }
}

public enum CardChargeOutcome: Equatable, Sendable {
    case approved(CardChargeReceipt)
    /// The issuer wants the customer to prove it is them (3-D Secure).
    case challengeRequired(ThreeDSChallenge)
}

public struct CardChargeReceipt: Hashable, Sendable {
    public let chargeIdentifier: String
    public let amount: Money
    public let brand: String
    public let lastFour: String
    /// The saved payment method created or used, so a later checkout can reuse it.
    public let paymentMethodIdentifier: String?

    public init(chargeIdentifier: String, amount: Money, brand: String, lastFour: String, paymentMethodIdentifier: String?) {
        self.chargeIdentifier = chargeIdentifier
        self.amount = amount
        self.brand = brand
        self.lastFour = lastFour
        self.paymentMethodIdentifier = paymentMethodIdentifier
    }
}

/// A 3-D Secure challenge: the issuer's page asks the customer for a one-time code.
public struct ThreeDSChallenge: Hashable, Sendable {
    public let identifier: String
    public let amount: Money
    public let merchantName: String
    public let cardBrand: String
    public let cardLastFour: String
    /// What the issuer's page asks; the view words it (`message`).
    public let prompt: Prompt

    public enum Prompt: Hashable, Sendable {
        /// "Enter the code your bank sent you."
        case bankCode
        /// The code, to approve `amount` to `merchantName`.
        case approvePayment
        /// The code, to confirm a card being saved with `merchantName` (no amount: nothing is charged).
        case confirmCard
    }

    public init(identifier: String, amount: Money, merchantName: String, cardBrand: String, cardLastFour: String, prompt: Prompt) {
        self.identifier = identifier
        self.amount = amount
        self.merchantName = merchantName
        self.cardBrand = cardBrand
        self.cardLastFour = cardLastFour
        self.prompt = prompt
    }
}

/// Why a charge did not go through, in the acquirer's terms.
public enum CardChargeFailure: Error, Hashable, Sendable {
    case declined
    case insufficientFunds
    /// The issuer reported the card lost (told to the shopper as a plain decline).
    case lostCard
    case expiredCard
    case incorrectCVC
    case processingError
    case timedOut
    /// The vault token was unknown, expired (5 minutes) or already used.
    case invalidToken
    case authenticationFailed
    case authenticationCancelled
    /// The card asks for a 3-D Secure check where none can be shown (nobody at the counter).
    case authenticationRequired
    case paymentMethodNotFound
    /// Refused before any money moved, for a reason the screens word (the auction closed, the
    /// bid is too low, payments are locked...).
    case refused(Refusal)
}

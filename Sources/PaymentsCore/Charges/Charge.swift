import Foundation

/// Why the acquirer (or the 3-D Secure step) refused a payment.
public enum DeclineReason: String, Sendable, CaseIterable, Codable {
    case genericDecline = "card_declined"
    case insufficientFunds = "insufficient_funds"
    case lostCard = "lost_card"
    case expiredCard = "expired_card"
    case incorrectCVC = "incorrect_cvc"
    case processingError = "processing_error"
    /// The 3-D Secure challenge was answered with a wrong code, or abandoned.
    case authenticationFailed = "authentication_failed"
}

public enum ChargeStatus: Hashable, Sendable {
    /// Recorded; the acquirer has not answered yet.
    case pending
    /// The card asks for a 3-D Secure challenge: call `ChargeService.confirmChallenge`.
    case requiresAction
    /// A hold: authorised, not captured (capture or cancel it).
    case authorized
    case succeeded
    case failed(DeclineReason)
    /// A hold released, or a challenge abandoned before authorisation.
    case canceled

    var storedName: String {
        switch self {
        case .pending: "pending"
        case .requiresAction: "requires_action"
        case .authorized: "authorized"
        case .succeeded: "succeeded"
        case .failed: "failed"
        case .canceled: "canceled"
        }
    }

    init?(storedName: String, reason: String?) {
        switch storedName {
        case "pending": self = .pending
        case "requires_action": self = .requiresAction
        case "authorized": self = .authorized
        case "succeeded": self = .succeeded
        case "failed": self = .failed(reason.flatMap(DeclineReason.init(rawValue:)) ?? .genericDecline)
        case "canceled": self = .canceled
        default: return nil
        }
    }

    /// Pending and requiresAction still wait for something; the rest have an answer.
    public var isSettled: Bool { self != .pending && self != .requiresAction }
}

/// A payment attempt and everything that happened to it since.
public struct Charge: Hashable, Sendable {
    public let id: String
    public let customerID: String?
    public let paymentMethodID: String?
    public let amount: Money
    public let description: String
    public let metadata: [String: String]
    /// false: an authorisation hold, captured later.
    public let capture: Bool
    public var status: ChargeStatus
    public var amountCaptured: Money
    public var amountRefunded: Money
    public let brand: CardBrand
    public let lastFour: String
    public let idempotencyKey: String
    public let createdAt: Date
    public var updatedAt: Date

    public var amountRefundable: Money {
        Money(minorUnits: amountCaptured.minorUnits - amountRefunded.minorUnits, currency: amount.currency)
    }
}

/// A charge as stored: plus the card number sealed (only while a token charge is unsettled,
/// so that it can be reconciled or challenged after a restart) and its 3-D Secure state.
public struct ChargeRecord: Hashable, Sendable {
    public var charge: Charge
    public var sealedNumber: Data?
    public var authenticated: Bool
}

public struct Refund: Hashable, Sendable {
    public let id: String
    public let chargeID: String
    public let amount: Money
    public let reason: String
    public let createdAt: Date
}

/// The remembered answer to an idempotency key.
public struct IdempotencyRecord: Hashable, Sendable {
    public let key: String
    public let requestHash: String
    public let chargeID: String
    public let createdAt: Date
}

import Foundation

public enum SubscriptionState: String, Hashable, Sendable {
    case active, pastDue, canceled
    /// On disk before the first payment is asked; active once it is paid. Its outcome may be
    /// unknown for a while (the settler then decides from the payment under its key).
    case incomplete
}

/// Who pays the renewals: a saved card, or a bank mandate (seed 004).
public enum SubscriptionPayer: Hashable, Sendable {
    case savedCard(paymentMethodId: String)
    case mandate(identifier: String, token: String)
}

public struct Subscription: Hashable, Sendable, Identifiable {
    public let id: String
    public let customerId: String
    public let planId: String
    public let payer: SubscriptionPayer
    public let state: SubscriptionState
    /// 0 for the first period (paid when subscribing), 1 after the first renewal...
    public let periodIndex: Int
    public let currentPeriodStart: Date
    public let currentPeriodEnd: Date
    public let cancelAtPeriodEnd: Bool
    /// Failed attempts for the period now due (0 when in good standing).
    public let failedAttempts: Int
    public let nextRetryAt: Date?
    public let canceledAt: Date?

    /// When the next renewal will be tried: a retry when past due, else the period's end.
    public var nextRenewalAt: Date? {
        switch state {
        case .canceled, .incomplete: nil
        case .pastDue: nextRetryAt
        case .active: cancelAtPeriodEnd ? nil : currentPeriodEnd
        }
    }
}

public struct SubscriptionHistoryEntry: Hashable, Sendable {
    public let at: Date
    public let from: SubscriptionState?
    public let to: SubscriptionState
    public let note: String
}

public struct RenewalAttempt: Hashable, Sendable {
    public let periodIndex: Int
    /// 0 for the renewal on the due date, 1... for the retries.
    public let attempt: Int
    public let at: Date
    public let succeeded: Bool
    public let paymentReference: String?
    public let reason: String?
    /// What was asked: the plan's price at the time.
    public let amount: Money
}

/// One payment of a customer's subscription, as the order history lists it.
public struct SubscriptionPayment: Hashable, Sendable {
    public let subscriptionId: String
    public let planName: String
    public let payer: SubscriptionPayer
    public let attempt: RenewalAttempt

    /// Any payment after the first period's (renewals and their retries).
    public var isRenewal: Bool { attempt.periodIndex > 0 }
}

public enum SubscriptionError: Error, Hashable, Sendable {
    case unknownPlan(String)
    case unknownSubscription(String)
    case alreadyCanceled
    /// The card said no, or the charge was refused before it was asked: the decline as the
    /// charge gave it, so the screens word its cause (a security check, a lock...), not a code.
    case paymentFailed(PaymentDecline)
    /// The bank refused a payment from the mandate.
    case mandatePaymentFailed(BankError)
    /// The renewal was asked but its answer is not known: never counted as a failure (a retry
    /// under a new key could charge twice); the same key is asked again once the settler knows.
    case outcomeUnknown
    case storage(String)
}

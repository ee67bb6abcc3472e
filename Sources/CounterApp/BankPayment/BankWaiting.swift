import CheckoutKit

extension BankPaymentFeature {
    /// What the screen waits on while the manager works, as a value (worded by `BankWords.words`).
    public enum Waiting: Equatable, Sendable {
        case contactingTheBank
        case pageTimedOut
        case cancelling
        case waitingForTheBank
        case askingWhereItStands
    }

    /// Why the counter could not even ask the bank (worded by `BankWords.words`).
    public enum NotStarted: Equatable, Sendable {
        /// The store's cart could not become an order (out of stock, being paid...).
        case order(OrderError)
        /// The backend refused to create the payment or mandate; `detail` is its error as it
        /// describes itself (no words of the counter's).
        case notCreated(detail: String)
    }

    /// A line under a mandate: a renewal drawn on it or refused, the mandate revoked or not
    /// (worded by `BankWords.words`).
    public enum MandateNote: Equatable, Sendable {
        /// `payment` is the bank's identifier of the renewal's payment.
        case renewed(Money, payment: String)
        case renewalRefused(BankError)
        case revoked
        case revokeRefused(BankError)
    }
}

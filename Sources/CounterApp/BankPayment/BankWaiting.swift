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

    /// A line under a mandate: why it did not pay the cart's order, the mandate revoked or not
    /// (worded by `BankWords.words`).
    public enum MandateNote: Equatable, Sendable {
        /// The cart could not become an order (out of stock, being paid...): nothing was drawn.
        case orderNotPlaced(OrderError)
        /// The bank refused the draw for the order: nothing was taken, the cart is kept.
        case drawRefused(BankError)
        case revoked
        case revokeRefused(BankError)
    }
}

import CheckoutKit

/// What the bank says about a payment or mandate when asked where it stands, as values: the
/// status screen keeps these and words them (`BankWords`) when it draws.
extension BankPaymentFeature {
    /// A status as the bank gave it.
    public enum Status: Equatable, Sendable {
        case payment(SinglePayment.Status)
        case mandate(Mandate.Status)
    }

    /// Why the bank could not say.
    public enum StatusProblem: Equatable, Sendable {
        case payment(SinglePayment.Error)
        case mandate(Mandate.Error)
    }
}

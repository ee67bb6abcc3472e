import Localization

public enum PaymentMethodError: Error, Equatable, Sendable {
    case customerNotFound
    /// Not found, removed, or another customer's: deliberately one error.
    case notFound
    case paymentsLocked
    case cardExpired
    case token(VaultError)
    case storage(String)

    public var message: String {
        switch self {
        case .customerNotFound: tr("This customer does not exist.")
        case .notFound: tr("This saved card is not available.")
        case .paymentsLocked: tr("Payments are locked. Unlock them with your PIN first.")
        case .cardExpired: tr("This card has expired.")
        case let .token(error): error.message
        case let .storage(detail): tr("The counter could not save that ({0}).", detail)
        }
    }
}

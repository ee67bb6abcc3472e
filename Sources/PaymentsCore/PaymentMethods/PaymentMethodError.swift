public enum PaymentMethodError: Error, Hashable, Sendable {
    case customerNotFound
    /// Not found, removed, or another customer's: deliberately one error.
    case notFound
    case paymentsLocked
    case cardExpired
    case token(VaultError)
    case storage(String)
}

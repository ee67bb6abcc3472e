import Foundation

public enum CustomerError: Error, Equatable, Sendable {
    case emailEmpty
    case emailInvalid
    case emailTaken
    case passwordTooWeak(rule: String)
    /// Unknown email or wrong password: deliberately the same error.
    case wrongEmailOrPassword
    case customerNotFound
    case pinInvalid(rule: String)
    case pinNotSet
    case wrongPIN(attemptsLeft: Int)
    /// The seed's `exceededAttempts`: payments stay locked until `lockedUntil`.
    case tooManyPINAttempts(lockedUntil: Date)
    case storage(String)

    public var message: String {
        switch self {
        case .emailEmpty: "Enter your email address."
        case .emailInvalid: "That does not look like an email address."
        case .emailTaken: "An account with this email already exists. Log in instead."
        case let .passwordTooWeak(rule): "Choose a stronger password: \(rule)"
        case .wrongEmailOrPassword: "The email or password is not right."
        case .customerNotFound: "This customer does not exist."
        case let .pinInvalid(rule): "A payments PIN has \(rule)"
        case .pinNotSet: "No payments PIN is set."
        case let .wrongPIN(left): "Wrong PIN. \(left) \(left == 1 ? "try" : "tries") left."
        case .tooManyPINAttempts: "Too many wrong PINs. Payments are locked for a while."
        case let .storage(detail): "The counter could not save that (\(detail))."
        }
    }
}

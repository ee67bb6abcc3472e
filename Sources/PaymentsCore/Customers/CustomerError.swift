import Foundation

public enum CustomerError: Error, Hashable, Sendable {
    case emailEmpty
    case emailInvalid
    case emailTaken
    case passwordTooWeak(policy: PasswordPolicy)
    /// Unknown email or wrong password: deliberately the same error.
    case wrongEmailOrPassword
    case customerNotFound
    /// Not `PINPolicy.lengths` digits.
    case pinInvalid
    case pinNotSet
    /// A first PIN asked for a customer who has one: it is changed only with the current one.
    case pinAlreadySet
    case wrongPIN(attemptsLeft: Int)
    /// The seed's `exceededAttempts`: payments stay locked until `lockedUntil`.
    case tooManyPINAttempts(lockedUntil: Date)
    case storage(String)
}

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
    case wrongPIN(attemptsLeft: Int)
    /// The seed's `exceededAttempts`: payments stay locked until `lockedUntil`.
    case tooManyPINAttempts(lockedUntil: Date)
    case storage(String)
}

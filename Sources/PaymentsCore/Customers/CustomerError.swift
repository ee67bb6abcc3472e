import Foundation
import Localization

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
        case .emailEmpty: tr("Enter your email address.")
        case .emailInvalid: tr("That does not look like an email address.")
        case .emailTaken: tr("An account with this email already exists. Log in instead.")
        case let .passwordTooWeak(rule): tr("Choose a stronger password: {0}", rule)
        case .wrongEmailOrPassword: tr("The email or password is not right.")
        case .customerNotFound: tr("This customer does not exist.")
        case let .pinInvalid(rule): tr("A payments PIN has {0}", rule)
        case .pinNotSet: tr("No payments PIN is set.")
        case let .wrongPIN(left): left == 1 ? tr("Wrong PIN. {0} try left.", left) : tr("Wrong PIN. {0} tries left.", left)
        case .tooManyPINAttempts: tr("Too many wrong PINs. Payments are locked for a while.")
        case let .storage(detail): tr("The counter could not save that ({0}).", detail)
        }
    }
}

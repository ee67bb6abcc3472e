import CheckoutKit
import Localization

extension FieldProblem {
    /// What the field says under its value, in the current language.
    public var message: String {
        switch self {
        case let .holderName(error): error.message
        case let .cardNumber(error): error.message
        case let .expiry(error): error.message
        case let .cvc(error): error.message
        case let .customer(error): error.message
        case let .account(error): error.message
        case .passwordMissing: tr("Enter your password.")
        case .passwordRule: PasswordPolicy().description
        case .passwordsDiffer: tr("The two passwords are not the same.")
        case .pinMissing: tr("Enter your current PIN.")
        case .pinsDiffer: tr("The two PINs are not the same.")
        case let .discount(problem): DiscountWording.message(problem)
        case let .pasteLeftOut(count):
            trn("{0} pasted character was left out: this field does not take it.",
                "{0} pasted characters were left out: this field does not take them.", count: count, count)
        }
    }
}

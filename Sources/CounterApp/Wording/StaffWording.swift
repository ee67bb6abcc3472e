import CheckoutKit
import Localization

/// The staff's words: what an action is called, why one was refused, a role's name.
enum StaffWords {
    static func action(_ action: StaffAction) -> String {
        switch action {
        case .sell: tr("selling")
        case .takeCash: tr("taking cash")
        case .print: tr("printing")
        case .refund: tr("a refund")
        case .void: tr("a void")
        case .discountAboveCeiling: tr("a discount above the cashier's ceiling")
        case .noSale: tr("a no-sale")
        case .payIn: tr("a paid in")
        case .payOut: tr("a paid out")
        case .closeTill: tr("closing the till")
        case .closeDay: tr("closing the day")
        case .editCatalogue: tr("changing the catalogue")
        case .manageStaff: tr("managing staff")
        }
    }

    static func role(_ role: StaffRole) -> String {
        switch role {
        case .cashier: tr("cashier")
        case .manager: tr("manager")
        }
    }

    static func refusal(_ error: StaffError) -> String {
        switch error {
        case .nameMissing: tr("Enter a name.")
        case let .nameTaken(name): tr("Someone active is called {0} already.", name)
        case .pinNotDigits: tr("A PIN is 4 to 12 digits.")
        case .pinTaken: tr("Someone active has this PIN already: each person needs their own.")
        case .badgeNotValid: tr("A badge code is 4 to 32 letters or digits, and not a card number.")
        case .badgeTaken: tr("Someone active carries this badge already.")
        case let .unknownPerson(name): tr("{0} is not on the staff (or was disabled).", name)
        case .notRecognised: tr("This PIN or badge is nobody's.")
        case .tooManyTries: tr("Too many wrong tries in a row: wait a minute, then try again.")
        case let .signInNeeded(asked): tr("Sign in first: {0} needs someone signed in.", action(asked))
        case let .needsManager(asked): tr("{0} needs a manager: sign in as one, or have one approve it with their PIN.", capitalised(action(asked)))
        case .storage: tr("The staff cannot be read right now. Try again.")
        }
    }

    private static func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}

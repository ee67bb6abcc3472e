import CheckoutKit

/// Why a form field's value is refused, as a value the field keeps in state: the core's typed
/// error for a card's or an email's own rule, the account's answer, or the form's own checks.
/// The view words it under the field when it draws (`message`, Wording/FieldWording.swift).
public enum FieldProblem: Equatable, Sendable {
    case holderName(HolderNameError)
    case cardNumber(CardNumberError)
    case expiry(ExpiryError)
    case cvc(CVCError)
    /// The email's or the password's own rule, as the core checks it.
    case customer(CustomerError)
    /// What the account answered to a sign-up or a log-in, put at the field it is about.
    case account(AccountError)
    case passwordMissing
    /// A new password that does not keep `PasswordPolicy`.
    case passwordRule
    case passwordsDiffer
    /// The current payments PIN left empty.
    case pinMissing
    case pinsDiffer
    /// Part of a paste the field cannot hold (a digit in a name, a letter in a number, more than
    /// fits): said where it was pasted, rather than dropped without a word.
    case pasteLeftOut(characters: Int)
    /// A discount's field (issue 36): its size refused, a note missing, a manager's PIN.
    case discount(DiscountFieldProblem)
}

/// Why a discount's field is refused, or what it asks (`CartDiscountEntry`).
public enum DiscountFieldProblem: Equatable, Sendable {
    case size(CartDiscountEntry.Problem)
    /// The reason needs a note.
    case noteMissing(DiscountReason?)
    /// Above the cashier's ceiling (basis points): a manager's PIN is asked.
    case managerApproves(ceilingBasisPoints: Int)
    /// The PIN typed is no manager's.
    case notAManager
}

import CheckoutKit
import Localization

/// Discounts in words: a reason, a discount's size, why one was refused (issue 36).
enum DiscountWording {
    /// The shop's default reasons in the current language; a shop's own reason as it wrote it.
    static func reason(_ reason: DiscountReason) -> String {
        switch reason {
        case .damaged: tr("Damaged")
        case .loyalty: tr("Loyalty")
        case .staff: tr("Staff")
        case .priceMatch: tr("Price match")
        case .other: tr("Other")
        default: reason.rawValue
        }
    }

    /// "Loyalty", or "Other: dented lid" with its note.
    static func reason(_ reason: DiscountReason, note: String?) -> String {
        guard let note, !note.isEmpty else { return self.reason(reason) }
        return tr("{0}: {1}", self.reason(reason), note)
    }

    /// A person as a report names them: the counter's operator (who approves until a shop has
    /// staff) in the current language, anyone else by their name.
    static func person(_ name: String) -> String { name == "Operator" ? tr("Operator") : name }

    /// "10%" or "€1.50".
    static func size(_ adjustment: DiscountAdjustment) -> String {
        switch adjustment {
        case .percent(let basisPoints): TaxRate(basisPoints: basisPoints).percentText + "%"
        case .amount(let money): money.formatted()
        }
    }

    /// "10% · Loyalty": what a discount is, on a line of the cart or the receipt.
    static func described(_ adjustment: DiscountAdjustment, _ reason: DiscountReason, note: String?) -> String {
        tr("Discount {0} · {1}", size(adjustment), self.reason(reason, note: note))
    }

    /// What a refused discount says at its field.
    static func message(_ error: DiscountError) -> String {
        switch error {
        case .percentOutOfRange: tr("A percentage is more than 0% and at most 100%.")
        case .notPositive: tr("A discount is more than nothing.")
        case .amountOverBase(let base): tr("That is more than {0}: a discount never goes below zero.", base.formatted())
        case .unknownReason(let reason): tr("\"{0}\" is not one of the shop's reasons.", reason.rawValue)
        case .noteRequired(let reason): tr("Say why: {0} needs a note.", self.reason(reason))
        case .needsApproval(let ceiling): tr("Above the cashier's {0}: a manager approves.", TaxRate(basisPoints: ceiling).percentText + "%")
        case .notInCart: tr("That line is no longer in the cart.")
        case .emptyCart: tr("The cart is empty: nothing to discount.")
        case .wrongCurrency(let code): tr("The cart is not in {0}.", code)
        case .storage(let detail): tr("The discount could not be saved ({0}).", detail)
        }
    }

    /// What a discount's field says under it.
    static func message(_ problem: DiscountFieldProblem) -> String {
        switch problem {
        case .size(.notAnAmount(.invalidCharacters)): tr("Type an amount (1.50) or a percentage (10%).")
        case .size(.notAnAmount(let error)): error.message
        case .size(.refused(let error)): message(error)
        case .noteMissing(let reason): tr("Say why: {0} needs a note.", reason.map { self.reason($0) } ?? "")
        case .managerApproves(let ceiling): message(.needsApproval(ceilingBasisPoints: ceiling))
        case .notAManager: tr("That PIN is no manager's: nothing was given.")
        }
    }

    static func message(_ error: DiscountChangeError) -> String {
        switch error {
        case .store(let error): error.message
        case .discount(let error): message(error)
        }
    }
}

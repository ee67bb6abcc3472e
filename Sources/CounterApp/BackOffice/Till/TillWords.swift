import CheckoutKit
import Localization

/// The till's words: its figures, movements, pieces and refusals, in the language in force.
enum TillWords {
    /// The figures in the order the screen, the slips and the Z report list them; the expected
    /// cash is the core's (`CashFigures.expected`), never summed here.
    static func figures(_ figures: CashFigures) -> [(label: String, minorUnits: Int64)] {
        [(tr("Float"), figures.float), (tr("Cash sales"), figures.cashSales), (tr("Cash refunds"), -figures.cashRefunds),
         (tr("Paid in"), figures.paidIn), (tr("Paid out"), -figures.paidOut), (tr("Expected in the drawer"), figures.expected)]
    }

    static func title(_ kind: CashMovementKind) -> String {
        switch kind {
        case .paidIn: tr("PAID IN")
        case .paidOut: tr("PAID OUT")
        case .noSale: tr("NO SALE")
        }
    }

    static func name(_ kind: CashMovementKind) -> String {
        switch kind {
        case .paidIn: tr("Paid in")
        case .paidOut: tr("Paid out")
        case .noSale: tr("No sale")
        }
    }

    /// "€0.50 coin", "€20 note".
    static func piece(_ piece: CashDenomination, _ currencyCode: String) -> String {
        let value = Currency(code: currencyCode).map { Money(minorUnits: piece.minorUnits, currency: $0).formatted() } ?? String(piece.minorUnits)
        return piece.kind == .coin ? tr("{0} coin", value) : tr("{0} note", value)
    }

    static func refusal(_ error: TillError) -> String {
        switch error {
        case .notOpen: tr("The till is not open: open it first.")
        case .alreadyOpen: tr("The till is open already.")
        case .invalidAmount: tr("Enter an amount above zero.")
        case .reasonMissing: tr("Enter a reason.")
        case .leftInExceedsCounted: tr("More is left in the drawer than was counted.")
        case let .approvalNeeded(difference, limit):
            tr("The difference {0} is above {1}: the operator PIN is needed.", difference.formatted(), limit.formatted())
        case .staff(let error): StaffWords.refusal(error)
        case .storage: tr("The till could not be read or written. Try again.")
        }
    }
}

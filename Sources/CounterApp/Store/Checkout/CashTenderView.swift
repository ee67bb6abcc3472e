import CheckoutKit
import Localization
import TerminalUI

/// The cash step drawn from its state: what is due, the amount received, the quick amounts, and
/// why an amount is refused, under the field it was typed in.
extension CashTenderFeature {
    static func words(_ problem: Problem) -> String {
        switch problem {
        case .amount(let error): error.message
        case let .short(tendered, due):
            tendered.minorUnits > 0 ? tr("{0} is less than the {1} due. Press p to take it as a part payment.", tendered.formatted(), due.formatted())
                : tr("{0} is less than the {1} due.", tendered.formatted(), due.formatted())
        // Nothing was taken: the cashier hands the notes back.
        case .notTaken(.outOfStock(let name)): tr("{0} is sold out: nothing was taken. Give the cash back.", tr(name))
        case .notTaken(let error): tr("Not paid: {0}", error.message)
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.text(tr("Cash: {0} due", state.due.formatted()), into: &frame, in: ScreenDrawing.row(area, 0), role: .accent, attributes: .bold)
        var received = state.received
        received.problem = nil
        ScreenDrawing.field(tr("Received"), received, focused: state.quickPick == nil, labelWidth: 10,
                            placeholder: tr("type the amount"), into: &frame, in: ScreenDrawing.row(area, 2))
        if let problem = state.problem {
            let rows = Rect(x: area.x, y: area.y + 3, width: area.width, height: max(0, min(2, area.height - 3)))
            _ = TextBlock(words(problem), style: Style(.error, .bold)).draw(into: &frame, in: rows)
        }
        ScreenDrawing.text(tr("Or pick:"), into: &frame, in: ScreenDrawing.row(area, 5), role: .muted)
        for (index, amount) in state.quickAmounts.enumerated() {
            let words = index == 0 ? tr("{0}  exact", amount.formatted()) : amount.formatted()
            ScreenDrawing.selectableRow(words, selected: index == state.quickPick, into: &frame, in: ScreenDrawing.row(area, 6 + index))
        }
    }
}

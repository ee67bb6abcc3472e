import CheckoutKit
import Localization
import TerminalUI

/// The parked sales drawn: one row each (name, who and when, total), the selected one's lines
/// below, and the question or the message at the bottom.
extension ParkedSalesFeature {
    static func words(_ notice: Notice) -> String {
        switch notice {
        case .discarded(let name): tr("Parked sale {0} discarded.", name)
        case .refused(let error): ParkingWords.refusal(error)
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Parked sales"), into: &frame, in: area)
        guard let sales = state.sales else {
            ScreenDrawing.text(tr("One moment…"), into: &frame, in: ScreenDrawing.row(area, 2), role: .muted)
            return
        }
        if sales.isEmpty {
            ScreenDrawing.text(tr("No sale is parked: k in the cart parks one."), into: &frame, in: ScreenDrawing.row(area, 2),
                               role: .muted)
        }
        // The list takes up to half the room; the selected sale's lines the rest.
        let listHeight = max(1, min(sales.count, (area.height - 5) / 2))
        let offset = ScreenDrawing.scrollOffset(selected: state.list.index, count: sales.count, height: listHeight)
        for (row, index) in (offset..<min(sales.count, offset + listHeight)).enumerated() {
            let sale = sales[index]
            ScreenDrawing.selectableRow("\(sale.name) · \(ParkingWords.who(sale))", detail: sale.total.formatted(),
                                        selected: index == state.list.index, into: &frame, in: ScreenDrawing.row(area, 2 + row))
        }
        if let sale = state.selected {
            var row = 3 + listHeight
            let last = area.height - 3
            for line in sale.lines where row <= last {
                let text = tr("{0} × {1}  @ {2}", line.quantity, tr(line.name), line.unitPrice.formatted())
                ScreenDrawing.text("  " + text, into: &frame, in: ScreenDrawing.row(area, row), role: .muted)
                row += 1
            }
        }
        let bottom = ScreenDrawing.row(area, area.height - 1)
        switch state.asking {
        case .cartNotEmpty(let items)?:
            // Two rows: what adding does not carry over must not be cut off at 60 columns.
            ScreenDrawing.text(ParkingWords.refusal(.cartNotEmpty(items: items)) + " " + tr("r replaces them."),
                               into: &frame, in: ScreenDrawing.row(area, area.height - 2), role: .warning, attributes: .bold)
            ScreenDrawing.text(tr("a adds its jars at shelf prices, without its discounts."), into: &frame, in: bottom, role: .warning, attributes: .bold)
        case .discard?:
            ScreenDrawing.text(tr("Discard this parked sale? y = yes, any other key = no"), into: &frame, in: bottom, role: .warning, attributes: .bold)
        case nil:
            if state.isBusy {
                ScreenDrawing.text(tr("One moment…"), into: &frame, in: bottom, role: .muted)
            } else if let message = state.message {
                let good: Bool = if case .discarded = message { true } else { false }
                ScreenDrawing.text(words(message), into: &frame, in: bottom, role: good ? .success : .error)
            }
        }
    }
}

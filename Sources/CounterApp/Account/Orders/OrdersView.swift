import CheckoutKit
import Localization
import TerminalUI

/// The history drawn from its state: one line an order or a subscription payment, scrolled to
/// keep the selection in sight.
extension OrdersFeature {
    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Order history"), into: &frame, in: area)
        if state.entries.isEmpty {
            ScreenDrawing.text(tr("No orders yet."), into: &frame, in: ScreenDrawing.row(area, 2), role: .muted)
        }
        let height = max(0, area.height - 3)
        let offset = ScreenDrawing.scrollOffset(selected: state.selection, count: state.entries.count, height: height)
        for (row, index) in (offset..<min(state.entries.count, offset + height)).enumerated() {
            let (text, amount) = line(state.entries[index])
            ScreenDrawing.selectableRow(text, detail: amount, selected: index == state.selection,
                                        into: &frame, in: ScreenDrawing.row(area, 2 + row))
        }
    }

    /// An entry's line and its amount.
    static func line(_ entry: HistoryEntry) -> (String, String) {
        switch entry {
        case .order(let order):
            let items = order.lines.reduce(0) { $0 + $1.quantity }
            return ("\(order.number)  \(DateText.dayAndTime(order.createdAt))  \(trn("{0} item", "{0} items", count: items, items))  \(stateText(order.state))",
                    order.total.formatted())
        case .subscriptionPayment(let payment):
            let what = payment.isRenewal ? tr("Subscription renewal: {0}", tr(payment.planName)) : tr("Subscription: {0}", tr(payment.planName))
            var parts = [DateText.dayAndTime(payment.at), what]
            if let paidWith = ReceiptDocument.tenderLine(payment.paidWith, mask: "••••") { parts.append(paidWith) }
            parts.append(payment.succeeded ? tr("paid") : tr("failed"))
            return (parts.joined(separator: "  "), payment.amount.formatted())
        }
    }
}

import CheckoutKit
import Localization
import TerminalUI

/// The history drawn from its state: one line an order or a subscription payment, scrolled to
/// keep the selection in sight, and how the selected subscription payment was paid.
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
        // How the selected subscription payment was paid: a line of its own, so the list's lines
        // keep their amounts in sight at 80 columns.
        if state.entries.indices.contains(state.selection), case .subscriptionPayment(let payment) = state.entries[state.selection],
           let detail = paymentDetail(payment) {
            ScreenDrawing.text(detail, into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: payment.succeeded ? .muted : .error)
        }
    }

    /// "Paid with Visa •••• 4242" (as a receipt says it); for a failed payment, what was not charged.
    static func paymentDetail(_ payment: SubscriptionPaymentLine, naming: CardNaming = .screen) -> String? {
        if payment.succeeded { return ReceiptDocument.tenderLine(payment.paidWith, naming: naming) }
        switch payment.paidWith {
        case let .card(brand, lastFour): return tr("{0} was not charged.", naming.name(brand, lastFour))
        case .bank, .wallet: return tr("The bank did not pay.")
        case .cash, .unknown: return nil
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
            let outcome = payment.succeeded ? tr("paid") : tr("failed")
            return ("\(DateText.dayAndTime(payment.at))  \(what)  \(outcome)", payment.amount.formatted())
        }
    }
}

import CheckoutKit
import Localization

/// The order history as lines, newest first: the history screen's line for each order and each
/// subscription payment, and under it how it was paid (an order's from its receipt).
extension AccessibleCounter {
    func orderHistory() {
        let entries = client.history()
        say("")
        say(tr("Order history"))
        guard !entries.isEmpty else {
            say(tr("No orders yet."))
            return
        }
        for entry in entries {
            let (text, amount) = OrdersFeature.line(entry)
            say(tr("{0}, {1}", text, amount))
            if let paid = paidWith(entry) { say("  " + paid) }
        }
    }

    private func paidWith(_ entry: HistoryEntry) -> String? {
        switch entry {
        case .order(let order): client.paidReceipt(order.number).flatMap(Self.spokenTenders)
        case .subscriptionPayment(let payment): OrdersFeature.paymentDetail(payment, naming: .spoken)
        }
    }

    /// How an order was paid, as words: its tender, or a split's parts each with what it paid.
    static func spokenTenders(_ receipt: PaidOrderReceipt) -> String? {
        guard !receipt.parts.isEmpty else { return ReceiptDocument.tenderLine(receipt.tender, naming: .spoken) }
        return receipt.parts.map { part in
            tr("{0}, {1}", ReceiptDocument.tenderLine(part.tender, naming: .spoken) ?? tr("Paid"), part.amount.formatted())
        }.joined(separator: "; ")
    }
}

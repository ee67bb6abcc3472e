import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// What a paid order leaves: order number, lines, total, how it was paid (a card only by brand
/// and last four), time.
public enum ReceiptFeature {
    public struct State: Equatable, Sendable {
        public var orderNumber: String
        public var lines: [CartLine]
        public var total: Money
        public var tender: PaidOrderReceipt.Tender
        public var paidAt: Date
        /// "Receipt" after a purchase; "Order …" when opened from the history.
        public var heading: String
        /// Shown because a payment just ended (the kiosk prints it and later forgets it), not
        /// opened from the history.
        public var isJustPaid: Bool
        /// Where an express order ships.
        public var shipsTo: String?
        /// The VAT in the total, per rate.
        public var taxes: TaxAnalysis = .none
        /// The receipt's number at its counter, once paid.
        public var receiptNumber: Int?
        /// Every tender of a split, oldest first (empty for one tender: `tender`).
        public var parts: [PaidOrderReceipt.Part] = []
        /// The order's lines with their discounts, and the discounts given (issue 36): a
        /// discounted order lists price, discount and new price, as the paper receipt does.
        public var orderLines: [OrderLine] = []
        public var discounts: [OrderDiscount] = []

        public init(receipt: StoreReceipt, paidAt: Date) {
            orderNumber = receipt.orderIdentifier
            lines = receipt.lines
            total = receipt.total
            tender = .card(brand: receipt.charge.brand, lastFour: receipt.charge.lastFour)
            self.paidAt = paidAt
            taxes = receipt.taxes
            receiptNumber = receipt.receiptNumber
            orderLines = receipt.orderLines
            discounts = receipt.discounts
            heading = tr("Thank you! Payment approved.")
            isJustPaid = true
        }

        /// A payment made on another screen (a bank, a wallet, the express sheet) has just ended paid.
        public init(paid receipt: PaidOrderReceipt) {
            self.init(order: receipt.order, tender: receipt.tender)
            parts = receipt.parts
            paidAt = receipt.paidAt
            heading = tr("Thank you! Payment approved.")
            isJustPaid = true
        }

        /// An order opened from the history, with how it was paid when it was.
        public init(order: Order, tender: PaidOrderReceipt.Tender = .unknown) {
            orderNumber = order.number
            lines = order.lines.map(CartLine.init(orderLine:))
            total = order.total
            self.tender = tender
            paidAt = order.createdAt
            shipsTo = order.shipsTo
            taxes = order.taxAnalysis
            receiptNumber = order.receiptNumber
            orderLines = order.lines
            discounts = order.discounts
            heading = tr("Order {0} · {1}", order.number, OrdersFeature.stateText(order.state))
            isJustPaid = false
        }
    }

    public enum Action: Equatable, Sendable {
        case done
    }

    public static let keyHints = [KeyHint("Enter", "Continue shopping"), KeyHint("Esc", "Back")]

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(state.heading, into: &frame, in: area)
        let when = DateText.dayAndTime(state.paidAt)
        let identity = state.receiptNumber.map { tr("Receipt no. {0} · Order {1}   {2}", $0, state.orderNumber, when) }
            ?? tr("Order {0}   {1}", state.orderNumber, when)
        ScreenDrawing.text(identity, into: &frame, in: ScreenDrawing.row(area, 1), role: .accent)
        // The change, large, first: what the cashier counts out while the shopper waits.
        let changeRows = drawChange(state, into: &frame, in: area)
        let listHeight = max(0, area.height - 7 - changeRows - state.taxes.parts.count - max(0, state.parts.count - 1))
        let rows = itemRows(state)
        for (index, item) in rows.prefix(listHeight).enumerated() {
            let row = ScreenDrawing.row(area, 3 + changeRows + index)
            frame.write("  " + item.text, in: row, style: Style(.text))
            frame.write(item.amount + " ", in: row, alignment: .trailing, style: Style(.text))
        }
        let after = 3 + changeRows + min(rows.count, listHeight)
        frame.write(tr("Total {0}", state.total.formatted()) + " ", in: ScreenDrawing.row(area, after + 1), alignment: .trailing, style: Style(.accent, .bold))
        var row = after + 2
        if !state.parts.isEmpty {
            // A split: each tender with what it paid, and the cash's change on its line.
            for part in state.parts {
                let rect = ScreenDrawing.row(area, row)
                var paidWith = ReceiptDocument.tenderLine(part.tender, naming: .screen) ?? ""
                if case .cash(let cash) = part.tender, cash.change.minorUnits > 0 {
                    paidWith += " · " + tr("Tendered {0} · Change due {1}", cash.tendered.formatted(), cash.change.formatted())
                }
                frame.write("  " + paidWith, in: rect, style: Style(.text))
                frame.write(part.amount.formatted() + " ", in: rect, alignment: .trailing, style: Style(.text))
                row += 1
            }
        } else {
            if let paidWith = ReceiptDocument.tenderLine(state.tender, naming: .screen) {
                ScreenDrawing.text(paidWith, into: &frame, in: ScreenDrawing.row(area, row))
                row += 1
            }
            if case .cash(let cash) = state.tender {
                ScreenDrawing.text(tr("Tendered {0} · Change due {1}", cash.tendered.formatted(), cash.change.formatted()),
                                   into: &frame, in: ScreenDrawing.row(area, row))
                row += 1
            }
        }
        if let shipsTo = state.shipsTo {
            ScreenDrawing.text(tr("Ships to {0}", shipsTo), into: &frame, in: ScreenDrawing.row(area, row))
            row += 1
        }
        // The VAT in the total, a line a rate: what a receipt on paper says, in a line.
        for part in state.taxes.parts {
            let rect = ScreenDrawing.row(area, row)
            ScreenDrawing.text(ReceiptDocument.taxSummary(part), into: &frame, in: rect, role: .muted)
            frame.write(part.gross.formatted() + " ", in: rect, alignment: .trailing, style: Style(.muted))
            row += 1
        }
    }

    /// The order's rows: each line and its total; with discounts, each line's price, its discount
    /// and new price, then the order's discount.
    static func itemRows(_ state: State) -> [(text: String, amount: String)] {
        guard !state.discounts.isEmpty else {
            return state.lines.map { line in ("\(line.quantity) × \(OrderLineText.shown(line.product.name))", line.total?.formatted() ?? "") }
        }
        // As the cart shows them: the discount and the new price on one row under the line, so a
        // small screen keeps every row (the paper has room for a row each).
        var rows: [(text: String, amount: String)] = []
        for (position, line) in state.orderLines.enumerated() {
            let what = line.kind == .goods ? "\(line.quantity) × \(OrderLineText.shown(line.name))" : OrderLineText.shown(line.name)
            rows.append((what, line.grossTotal.formatted()))
            guard line.discountMinor > 0, let discount = state.discounts.first(where: { $0.position == position }) else { continue }
            rows.append(("  " + DiscountWording.described(discount.adjustment, discount.reason, note: discount.note),
                         tr("-{0} → {1}", Money(minorUnits: line.discountMinor, currency: line.unitPrice.currency).formatted(),
                            line.afterLineDiscount.formatted())))
        }
        if let discount = state.discounts.first(where: { $0.position == nil }) {
            rows.append((tr("Order discount {0} · {1}", DiscountWording.size(discount.adjustment), DiscountWording.reason(discount.reason, note: discount.note)),
                         "-" + discount.amount.formatted()))
        }
        return rows
    }

    /// A cash sale just taken: "Change" and the amount in large digits (one row when the screen
    /// is too small for them). Returns the rows used below the order's line.
    private static func drawChange(_ state: State, into frame: inout Frame, in area: Rect) -> Int {
        guard state.isJustPaid, case .cash(let cash) = state.tender else { return 0 }
        let rows = Rect(x: area.x, y: area.y + 3, width: area.width, height: max(0, min(BigDigits.height, area.height - 3)))
        let label = tr("Change due") + "  "
        let used = frame.write(label, in: Rect(x: rows.x, y: rows.y + (rows.height >= BigDigits.height ? 1 : 0), width: rows.width, height: 1),
                               style: Style(.success, .bold))
        let figure = Rect(x: rows.x + used, y: rows.y, width: max(0, rows.width - used), height: rows.height)
        BigDigits(cash.change.formatted()).draw(into: &frame, in: figure, style: Style(.success, .bold))
        return rows.height >= BigDigits.height ? BigDigits.height + 1 : 2
    }
}

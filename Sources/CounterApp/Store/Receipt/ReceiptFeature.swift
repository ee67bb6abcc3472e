import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// What a paid order leaves: order number, lines, total, the card's brand and last four, time.
public enum ReceiptFeature {
    public struct State: Equatable, Sendable {
        public var orderNumber: String
        public var lines: [CartLine]
        public var total: Money
        public var cardBrand: String
        public var cardLastFour: String
        public var paidAt: Date
        /// "Receipt" after a purchase; "Order …" when opened from the history.
        public var heading: String

        public init(receipt: StoreReceipt, paidAt: Date) {
            orderNumber = receipt.orderIdentifier
            lines = receipt.lines
            total = receipt.total
            cardBrand = receipt.charge.brand
            cardLastFour = receipt.charge.lastFour
            self.paidAt = paidAt
            heading = tr("Thank you! Payment approved.")
        }

        public init(order: Order) {
            orderNumber = order.number
            lines = order.lines.map(CartLine.init(orderLine:))
            total = order.total
            cardBrand = ""
            cardLastFour = ""
            paidAt = order.createdAt
            heading = tr("Order {0} · {1}", order.number, OrdersFeature.stateText(order.state))
        }
    }

    public enum Action: Equatable, Sendable {
        case done
    }

    public static let keyHints = [KeyHint("Enter", "Continue shopping"), KeyHint("Esc", "Back")]

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(state.heading, into: &frame, in: area)
        ScreenDrawing.text(tr("Order {0}   {1}", state.orderNumber, DateText.dayAndTime(state.paidAt)), into: &frame, in: ScreenDrawing.row(area, 1), role: .accent)
        let listHeight = max(0, area.height - 7)
        for (index, line) in state.lines.prefix(listHeight).enumerated() {
            let row = ScreenDrawing.row(area, 3 + index)
            frame.write("  \(line.quantity) × \(tr(line.product.name))", in: row, style: Style(.text))
            frame.write((line.total?.formatted() ?? "") + " ", in: row, alignment: .trailing, style: Style(.text))
        }
        let after = 3 + min(state.lines.count, listHeight)
        frame.write(tr("Total {0}", state.total.formatted()) + " ", in: ScreenDrawing.row(area, after + 1), alignment: .trailing, style: Style(.accent, .bold))
        if !state.cardLastFour.isEmpty {
            ScreenDrawing.text(tr("Paid with {0} •••• {1}", state.cardBrand, state.cardLastFour), into: &frame, in: ScreenDrawing.row(area, after + 2))
        }
    }
}

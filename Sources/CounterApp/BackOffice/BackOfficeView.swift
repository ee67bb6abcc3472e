import CheckoutKit
import Localization
import TerminalUI

/// The back office drawn from its state: the search and its results, or one order with its
/// lines, payment and refunds; a typed refund and what went wrong with it at the bottom.
extension BackOfficeFeature {
    static func words(_ notice: Notice) -> String {
        switch notice {
        case .notAQuery: tr("Type an order number (42 or HS-000042), a day (2026-11-25) or a card's last four digits.")
        case .nothingFound: tr("No orders found.")
        case let .refunded(amount, order): tr("Refunded {0} of order {1}.", amount.formatted(), order)
        case .refused(let refusal): refusal.message
        case let .reprinted(order, destination): tr("Receipt for order {0} printed again on {1}.", order, destination)
        case .notReprinted(let failure): tr("Not printed: {0}.", failure.description)
        case let .voided(amount, flight): tr("Voided: {0} held for {1} went back to the card.", amount.formatted(), flight)
        case .noHolds: tr("No money is held on a card now.")
        case .noRefundReceipt: tr("This order has no refund to print.")
        }
    }

    static func words(_ printout: Printout) -> String {
        switch printout {
        case let .printed(what, destination): tr("{0} printed on {1}.", words(what), destination)
        case .printedBefore(let what): tr("{0} was printed already.", words(what))
        case let .waiting(what, failure):
            tr("{0} not printed: {1}. It waits: fix the printer, then print it again from here.", words(what), failure.description)
        }
    }

    static func words(_ document: PrintedDocument) -> String {
        switch document {
        case .refundReceipt: tr("Refund receipt")
        case .voidReceipt: tr("Void receipt")
        case .report(let number?): tr("Z report no. {0}", number)
        case .report(nil): tr("X report")
        }
    }

    static func words(_ problem: Problem) -> String {
        switch problem {
        case .amount(let error): error.message
        case .notANumber: tr("Enter how many jars come back, like 1.")
        case .refused(let refusal): refusal.message
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        if let report = state.report {
            drawReport(report, into: &frame, in: area)
        } else if let holds = state.holds {
            drawHolds(holds, state, into: &frame, in: area)
        } else if let order = state.order {
            drawOrder(order, state, into: &frame, in: area)
        } else {
            drawSearch(state, into: &frame, in: area)
        }
        let bottom = ScreenDrawing.row(area, area.height - 1)
        switch state.entry {
        case .confirmWhole:
            let left = state.order?.refundable.formatted() ?? ""
            ScreenDrawing.text(tr("Refund {0} and return every jar left? y = yes, any other key = no", left), into: &frame, in: bottom,
                               role: .warning, attributes: .bold)
        case .confirmClose:
            let question = state.closingAnEmptyDay
                ? tr("Nothing was sold, refunded or held since the last Z report. Close an empty day? y = yes, any other key = no")
                : tr("Close the day with a Z report? Nothing of it can change afterwards. y = yes, any other key = no")
            ScreenDrawing.text(question, into: &frame, in: bottom, role: .warning, attributes: .bold)
        case .confirmVoid:
            let hold = state.holds.flatMap { $0.indices.contains(state.holdList.index) ? $0[state.holdList.index] : nil }
            ScreenDrawing.text(tr("Void the {0} held for {1}? y = yes, any other key = no",
                                  hold?.amount.formatted() ?? "", hold?.flight ?? ""),
                               into: &frame, in: bottom, role: .warning, attributes: .bold)
        case let .jars(text, problem):
            let name = state.order.flatMap { $0.lines.indices.contains(state.line.index) ? tr($0.lines[state.line.index].name) : nil } ?? ""
            entry(tr("Jars of {0} coming back: {1}", name, text), problem, into: &frame, in: area)
        case let .amount(text, problem):
            entry(tr("Amount to refund: {0}", text), problem, into: &frame, in: area)
        case nil:
            if let printout = state.printout {
                let good: Bool = if case .waiting = printout { false } else { true }
                ScreenDrawing.text(words(printout), into: &frame, in: ScreenDrawing.row(area, area.height - 2), role: good ? .muted : .warning)
            } else if !state.waitingReports.isEmpty, state.order == nil, state.holds == nil, state.report == nil {
                let numbers = state.waitingReports.map(String.init).joined(separator: ", ")
                ScreenDrawing.text(trn("Z report no. {0} waits for the printer: p prints it.", "Z reports no. {0} wait for the printer: p prints them.",
                                       count: state.waitingReports.count, numbers), into: &frame,
                                   in: ScreenDrawing.row(area, area.height - 2), role: .warning)
            }
            if state.isBusy {
                ScreenDrawing.text(tr("One moment…"), into: &frame, in: bottom, role: .muted)
            } else if let message = state.message {
                ScreenDrawing.text(words(message), into: &frame, in: bottom, role: isGood(message) ? .success : .error)
            }
        }
    }

    /// How shipping and a surcharge go back: the operator sees the rule beside such an order.
    static var chargesBesideGoodsRule: String {
        tr("Shipping and surcharges go back with “Refund all” or as an amount.")
    }

    private static func entry(_ prompt: String, _ problem: Problem?, into frame: inout Frame, in area: Rect) {
        let row = ScreenDrawing.row(area, area.height - 2)
        ScreenDrawing.text(prompt + "▏", into: &frame, in: row, role: .focus, attributes: .bold)
        frame.focus = Point(x: row.x + prompt.count, y: row.y)
        if let problem {
            ScreenDrawing.text(words(problem), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: .error)
        }
    }

    private static func isGood(_ notice: Notice) -> Bool {
        switch notice {
        case .refunded, .reprinted, .voided: true
        case .notAQuery, .nothingFound, .refused, .notReprinted, .noHolds, .noRefundReceipt: false
        }
    }

    private static func drawSearch(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Back office · Orders"), into: &frame, in: area)
        let field = tr("Find: {0}", state.query)
        ScreenDrawing.text(field + "▏", into: &frame, in: ScreenDrawing.row(area, 1), role: .focus)
        ScreenDrawing.text(tr("Number, day (YYYY-MM-DD) or a card's last four; empty: today."), into: &frame,
                           in: ScreenDrawing.row(area, 2), role: .muted)
        let height = max(0, area.height - 6)
        let offset = ScreenDrawing.scrollOffset(selected: state.list.index, count: state.results.count, height: height)
        for (row, index) in (offset..<min(state.results.count, offset + height)).enumerated() {
            let order = state.results[index]
            ScreenDrawing.selectableRow("\(order.number)  \(DateText.dayAndTime(order.placedAt))  \(OrdersFeature.stateText(order.state))  \(order.parts.isEmpty ? order.payment.text : tr("paid in parts"))",
                                        detail: order.total.formatted(), selected: index == state.list.index,
                                        into: &frame, in: ScreenDrawing.row(area, 4 + row))
        }
    }

    private static func drawOrder(_ order: BackOfficeOrder, _ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Order {0} · {1}", order.number, OrdersFeature.stateText(order.state)), into: &frame, in: area)
        ScreenDrawing.text(tr("Placed {0} · {1}", DateText.dayAndTime(order.placedAt), order.paymentText), into: &frame,
                           in: ScreenDrawing.row(area, 1), role: .muted)
        // What is left to refund is said only where a refund can be made.
        let total = order.hasRefundTender ? tr("Total {0} · left to refund {1}", order.total.formatted(), order.refundable.formatted())
                                          : tr("Total {0}", order.total.formatted())
        ScreenDrawing.text(total, into: &frame, in: ScreenDrawing.row(area, 2), attributes: .bold)
        if order.canRefund, !order.refundOrder.isEmpty {
            // A split order's refund goes back tender by tender: the operator sees which first.
            ScreenDrawing.text(tr("Goes back: {0}", order.refundOrder.map(\.text).joined(separator: tr(", then "))), into: &frame,
                               in: ScreenDrawing.row(area, 3), role: .muted)
        } else if order.hasRefundTender, order.chargesBesideGoods {
            ScreenDrawing.text(chargesBesideGoodsRule, into: &frame, in: ScreenDrawing.row(area, 3), role: .muted)
        }
        var row = 4
        for (index, line) in order.lines.enumerated() {
            let returned = line.returned > 0 ? "  " + tr("({0} returned)", line.returned) : ""
            let total = Money(minorUnits: line.unitPrice.minorUnits * Int64(line.quantity), currency: line.unitPrice.currency)
            ScreenDrawing.selectableRow("\(line.quantity) × \(tr(line.name))  \(line.unitPrice.formatted())\(returned)", detail: total.formatted(),
                                        selected: index == state.line.index, into: &frame, in: ScreenDrawing.row(area, row))
            row += 1
        }
        // The VAT in the total, as its receipt prints it.
        for part in order.taxes.parts where row < area.height - 3 {
            let rect = ScreenDrawing.row(area, row)
            ScreenDrawing.text("  " + ReceiptDocument.taxSummary(part), into: &frame, in: rect, role: .muted)
            frame.write(part.gross.formatted() + " ", in: rect, alignment: .trailing, style: Style(.muted))
            row += 1
        }
        guard !order.refunds.isEmpty else { return }
        row += 1
        ScreenDrawing.text(tr("Refunds"), into: &frame, in: ScreenDrawing.row(area, row), attributes: .bold)
        for refund in order.refunds where row < area.height - 3 {
            row += 1
            let jars = refund.jars > 0 ? " · " + trn("{0} jar", "{0} jars", count: refund.jars, refund.jars) : ""
            let tender = refund.backTo.map { " · " + $0.refundText } ?? ""
            ScreenDrawing.text("  \(refund.amount.formatted())\(jars)\(tender) · \(refund.state.text) · \(DateText.dayAndTime(refund.at))", into: &frame,
                               in: ScreenDrawing.row(area, row))
        }
    }
}

extension BackOfficeFeature {
    /// The holds that may be voided: the flight each bids on, the card, the amount held.
    static func drawHolds(_ holds: [BackOfficeHold], _ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Back office · Holds on cards (auction bids)"), into: &frame, in: area)
        ScreenDrawing.text(tr("Authorised, not captured. Enter voids the selected hold."), into: &frame, in: ScreenDrawing.row(area, 1), role: .muted)
        let height = max(0, area.height - 5)
        let offset = ScreenDrawing.scrollOffset(selected: state.holdList.index, count: holds.count, height: height)
        for (row, index) in (offset..<min(holds.count, offset + height)).enumerated() {
            let hold = holds[index]
            let pending = hold.voidInFlight ? " · " + tr("void not known yet") : ""
            // The screen draws the arrow the auction screens draw; a receipt keeps "->" (a printer's code page has no arrow).
            let route = hold.route.replacingOccurrences(of: "->", with: "→")
            ScreenDrawing.selectableRow("\(hold.flight)  \(route)  \(hold.flightDate) · \(hold.card.text)\(pending)", detail: hold.amount.formatted(),
                                        selected: index == state.holdList.index, into: &frame, in: ScreenDrawing.row(area, 3 + row))
        }
    }
}

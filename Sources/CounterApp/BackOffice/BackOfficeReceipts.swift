import CheckoutKit
import Foundation
import Localization

/// The back office's own printouts, receipt-width, in the language in force: a refund's
/// receipt, a void's, and the X or Z report. A card only by brand and last four.
extension ReceiptDocument {
    /// "REFUND": the order, what came back, to which tender (the card, the bank account, the
    /// wallet), the refund's id and time, and what
    /// is left to refund of the order now.
    public init(refund: BackOfficeOrder.Refund, of order: BackOfficeOrder, copy: Bool) {
        var lines = Self.header(tr("REFUND"), copy: copy)
        lines += [.text(tr("Order {0}", order.number)), .text(DateText.dayAndTime(refund.at)), .text(tr("Refund {0}", refund.id)), .blank]
        if refund.items.isEmpty {
            lines.append(.item(tr("Amount refunded"), amount: "-" + refund.amount.formatted()))
        }
        for item in refund.items {
            lines.append(.item("\(item.quantity) x \(tr(item.name))", amount: "-" + item.amount.formatted()))
        }
        lines += [.rule, .total(tr("Refunded {0}", refund.amount.formatted()))]
        // The VAT given back, as the Z report books it (before its money is back: its share).
        lines += Self.taxLines(refund.tax ?? order.taxes.share(of: refund.amount), heading: tr("VAT refunded"))
        // A split order's refund is one receipt per tender it went back to.
        let tender = refund.backTo ?? order.payment
        switch tender {
        case let .card(brand, lastFour): lines.append(.text(tr("Back to {0}", CardNaming.paper.name(brand, lastFour))))
        case .bank: lines.append(.text(tr("Refunded to the bank account")))
        case .wallet: lines.append(.text(tr("Refunded to the wallet")))
        case .cash: lines.append(.text(tr("Given back in cash")))
        case .other, .none: break
        }
        lines += [.text(tr("Left to refund {0}", order.refundable.formatted())), .blank, .qrCode(order.number)]
        // The cash leaves the drawer as the refund prints; a copy opens nothing.
        self.init(lines: lines, opensDrawer: tender == .cash && !copy)
    }

    /// "VOID": the hold released without capture, the flight it bid on, the card.
    public init(void: BackOfficeVoid, copy: Bool) {
        let hold = void.hold
        var lines = Self.header(tr("VOID"), copy: copy)
        lines += [.text(tr("Auction hold released")), .text("\(hold.flight) · \(hold.route) · \(hold.flightDate)"), .text(tr(hold.auctionTitle)),
                  .text(DateText.dayAndTime(void.at)), .text(tr("Void {0}", void.id)), .blank]
        lines += [.item(tr("Held, not taken"), amount: hold.amount.formatted()), .rule, .total(tr("Released {0}", hold.amount.formatted()))]
        if case let .card(brand, lastFour) = hold.card { lines.append(.text(tr("Card {0}", CardNaming.paper.name(brand, lastFour)))) }
        self.init(lines: lines)
    }

    /// The X or Z report, with the same figures as the screen.
    public init(report: DayReport, copy: Bool) {
        let title = report.number.map { tr("Z REPORT NO. {0}", $0) }
            ?? (report.counter == nil ? tr("THE SHOP'S DAY (all counters)") : tr("X REPORT (day not closed)"))
        var lines = Self.header(title, copy: copy)
        let since = report.from.map(DateText.dayAndTime) ?? tr("the first sale")
        lines += [.text(tr("From {0}", since)), .text(tr("To {0}", DateText.dayAndTime(report.to))), .blank]
        for section in DayReportSection.sections(of: report) {
            lines.append(.text(section.heading))
            if section.totals.isEmpty { lines.append(.text("  " + tr("none"))) }
            for total in section.totals {
                lines.append(.item("  \(BackOfficeFeature.methodName(total.method)) × \(total.count)", amount: DayReportSection.amount(total)))
            }
            lines.append(.rule)
        }
        for line in DayReportSection.grandTotals(of: report) ?? [] { lines.append(.total(line)) }
        if !report.taxes.isEmpty {
            lines += [.blank, .text(tr("VAT by rate")), .text(Self.taxRow(tr("Rate"), tr("Net"), tr("VAT"), tr("Gross")))]
            for tax in report.taxes { lines.append(.text(Self.taxRow(DayReportSection.rateText(tax), DayReportSection.money(tax.netMinor, tax),
                                                               DayReportSection.money(tax.vatMinor, tax), DayReportSection.money(tax.grossMinor, tax)))) }
        }
        // The same sections as the screen's, each under a rule and its heading when it has lines.
        let sections: [(heading: String, lines: [(label: String, amount: String)])] = [
            (tr("Staff"), DayReportStaff.lines(of: report).map { ($0.label, $0.amount) }),
            (tr("Discounts"), DayReportDiscounts.lines(of: report).map { ($0.label, $0.amount) }),
            (tr("Cash"), DayReportCash.lines(of: report).map { ($0.label, $0.amount) }),
            (DayReportParked.heading(of: report), DayReportParked.lines(of: report)),
        ]
        for section in sections where !section.lines.isEmpty {
            lines += [.rule, .text(section.heading)] + section.lines.map { .item($0.label, amount: $0.amount) }
        }
        lines.append(.text(report.unsettled.isEmpty ? tr("No payment is waiting for its answer.")
                                                    : tr("Not known yet: {0}", report.unsettled.joined(separator: ", "))))
        if report.number != nil { lines += [.blank, .emphasis(tr("The day is closed."))] }
        self.init(lines: lines)
    }

    static func header(_ title: String, copy: Bool) -> [Line] {
        var lines = shopHeader() + [.blank, .emphasis(title)]
        if copy { lines.append(.emphasis(tr("** COPY **"))) }
        lines.append(.blank)
        return lines
    }
}

extension ReceiptDocument {
    /// An owed refund's or void's receipt, as the back office prints it when its answer comes.
    public init(owed: OwedBackOfficeReceipt) {
        switch owed {
        case let .refund(refund, order): self.init(refund: refund, of: order, copy: false)
        case let .void(void): self.init(void: void, copy: false)
        }
    }
}

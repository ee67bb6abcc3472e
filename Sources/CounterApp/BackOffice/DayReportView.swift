import CheckoutKit
import Localization
import TerminalUI

/// An X or Z report as the back office shows it: sales, refunds, holds and the net by tender and
/// currency, the grand total, and the orders whose payment is not known yet.
extension BackOfficeFeature {
    static func drawReport(_ report: DayReport, into frame: inout Frame, in area: Rect) {
        let title = report.number.map { tr("Z report no. {0} · the day is closed", $0) }
            ?? (report.counter == nil ? tr("The shop's day · all counters") : tr("X report · the day so far (not closed)"))
        ScreenDrawing.title(title, into: &frame, in: area)
        let since = report.from.map(DateText.dayAndTime) ?? tr("the first sale")
        ScreenDrawing.text(tr("From {0} to {1}", since, DateText.dayAndTime(report.to)), into: &frame, in: ScreenDrawing.row(area, 1), role: .muted)
        var row = 3
        for section in DayReportSection.sections(of: report) {
            ScreenDrawing.text(section.heading, into: &frame, in: ScreenDrawing.row(area, row), attributes: .bold)
            row += 1
            if section.totals.isEmpty {
                ScreenDrawing.text("  " + tr("none"), into: &frame, in: ScreenDrawing.row(area, row), role: .muted)
                row += 1
            }
            for total in section.totals {
                let rect = ScreenDrawing.row(area, row)
                ScreenDrawing.text("  \(methodName(total.method))  \(section.count(total.count))", into: &frame, in: rect)
                frame.write(DayReportSection.amount(total) + " ", in: rect, alignment: .trailing, style: Style(.text))
                row += 1
            }
        }
        for line in DayReportSection.grandTotals(of: report) ?? [] {
            let rect = ScreenDrawing.row(area, row)
            frame.write(line + " ", in: rect, alignment: .trailing, style: Style(.text, .bold))
            row += 1
        }
        for line in DayReportSection.taxLines(of: report) where row < area.height - 2 {
            let rect = ScreenDrawing.row(area, row)
            ScreenDrawing.text("  " + line.what, into: &frame, in: rect, role: .muted)
            frame.write(line.gross + " ", in: rect, alignment: .trailing, style: Style(.muted))
            row += 1
        }
        // Who did what, the discounts, the cash and the sales left parked (issue 36): what fits.
        drawSection(tr("Staff"), DayReportStaff.lines(of: report).map { ($0.label, $0.amount, false) }, row: &row, into: &frame, in: area)
        drawSection(tr("Discounts"), DayReportDiscounts.lines(of: report).map { ($0.label, $0.amount, $0.isTotal) }, row: &row, into: &frame, in: area)
        drawSection(tr("Cash"), DayReportCash.screenLines(of: report).map { ($0.label, $0.amount, $0.isTotal) }, row: &row, into: &frame, in: area)
        drawSection(DayReportParked.heading(of: report), DayReportParked.lines(of: report).map { ($0.label, $0.amount, false) },
                    row: &row, into: &frame, in: area)
        let unsettled = report.unsettled.isEmpty ? tr("No payment is waiting for its answer.")
            : tr("Not known yet (the counter settles them): {0}", report.unsettled.joined(separator: ", "))
        ScreenDrawing.text(unsettled, into: &frame, in: ScreenDrawing.row(area, row + 1), role: report.unsettled.isEmpty ? .muted : .warning)
    }

    /// A section under its bold heading, its lines' amounts at the right (a total in bold), as
    /// much as fits above the report's last line; nothing at all when it has no line.
    private static func drawSection(_ heading: String, _ lines: [(label: String, amount: String, isTotal: Bool)], row: inout Int,
                                    into frame: inout Frame, in area: Rect) {
        guard !lines.isEmpty, row < area.height - 2 else { return }
        ScreenDrawing.text(heading, into: &frame, in: ScreenDrawing.row(area, row), attributes: .bold)
        row += 1
        for line in lines where row < area.height - 2 {
            let rect = ScreenDrawing.row(area, row)
            ScreenDrawing.text(line.label, into: &frame, in: rect, attributes: line.isTotal ? .bold : [])
            frame.write(line.amount + " ", in: rect, alignment: .trailing, style: Style(.text, line.isTotal ? .bold : []))
            row += 1
        }
    }

    static func methodName(_ method: String) -> String {
        switch method {
        case "card": tr("Card")
        case "express": tr("Express")
        case "wallet": tr("Wallet")
        case "bank": tr("Bank")
        case "mandate": tr("Mandate")
        case "cash": tr("Cash")
        // A won auction bid, its hold captured.
        case "auction": tr("Auctions")
        default: method
        }
    }
}

import CheckoutKit
import Localization
import TerminalUI

/// An X or Z report as the back office shows it: sales by method and currency, refunds, voids,
/// and the orders whose payment is not known yet.
extension BackOfficeFeature {
    static func drawReport(_ report: DayReport, into frame: inout Frame, in area: Rect) {
        let title = report.number.map { tr("Z report no. {0} · the day is closed", $0) } ?? tr("X report · the day so far (not closed)")
        ScreenDrawing.title(title, into: &frame, in: area)
        let since = report.from.map(DateText.dayAndTime) ?? tr("the first sale")
        ScreenDrawing.text(tr("From {0} to {1}", since, DateText.dayAndTime(report.to)), into: &frame, in: ScreenDrawing.row(area, 1), role: .muted)
        var row = 3
        for (heading, totals) in [(tr("Sales"), report.sales), (tr("Refunds"), report.refunds), (tr("Voids"), report.voids)] {
            ScreenDrawing.text(heading, into: &frame, in: ScreenDrawing.row(area, row), attributes: .bold)
            row += 1
            if totals.isEmpty {
                ScreenDrawing.text("  " + tr("none"), into: &frame, in: ScreenDrawing.row(area, row), role: .muted)
                row += 1
            }
            for total in totals {
                let amount = total.amount?.formatted() ?? "\(total.minorUnits) \(total.currency)"
                let rect = ScreenDrawing.row(area, row)
                ScreenDrawing.text("  \(methodName(total.method))  \(trn("{0} payment", "{0} payments", count: total.count, total.count))",
                                   into: &frame, in: rect)
                frame.write(amount + " ", in: rect, alignment: .trailing, style: Style(.text))
                row += 1
            }
        }
        let unsettled = report.unsettled.isEmpty ? tr("No payment is waiting for its answer.")
            : tr("Not known yet (the counter settles them): {0}", report.unsettled.joined(separator: ", "))
        ScreenDrawing.text(unsettled, into: &frame, in: ScreenDrawing.row(area, row + 1), role: report.unsettled.isEmpty ? .muted : .warning)
    }

    static func methodName(_ method: String) -> String {
        switch method {
        case "card": tr("Card")
        case "express": tr("Express")
        case "wallet": tr("Wallet")
        case "bank": tr("Bank")
        // A won auction bid, its hold captured.
        case "auction": tr("Auctions")
        default: method
        }
    }
}

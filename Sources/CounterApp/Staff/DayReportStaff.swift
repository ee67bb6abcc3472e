import CheckoutKit
import Localization

/// A report's staff section (issue 36), worded once for the screen and the paper: who did the
/// span's sales, refunds and cash movements, with who approved them, and who closed the day.
/// Empty in a shop without staff.
enum DayReportStaff {
    struct Line: Equatable {
        let label: String
        let amount: String
    }

    static func lines(of report: DayReport) -> [Line] {
        var lines = report.staff.map { tally in
            let what = kind(tally.kind, count: tally.count)
            let who = tally.approvedBy.map { tr("{0}, approved by {1}", tally.doneBy.name, $0.name) } ?? tally.doneBy.name
            let amount = tally.kind == .noSale ? "" : (tally.amount?.formatted() ?? "\(tally.minorUnits) \(tally.currency)")
            return Line(label: "  " + tr("{0} · {1}", who, what), amount: amount)
        }
        if let closedBy = report.closedBy { lines.append(Line(label: "  " + closedBy.closedByText, amount: "")) }
        return lines
    }

    static func kind(_ kind: StaffTally.Kind, count: Int) -> String {
        switch kind {
        case .sales: trn("{0} sale", "{0} sales", count: count, count)
        case .refunds: trn("{0} refund", "{0} refunds", count: count, count)
        case .paidIn: trn("{0} paid in", "{0} paid in", count: count, count)
        case .paidOut: trn("{0} paid out", "{0} paid out", count: count, count)
        case .noSale: trn("{0} no-sale", "{0} no-sales", count: count, count)
        }
    }
}

extension StaffSignature {
    /// "Day closed by Mia", or "… by Carl, approved by Mia".
    var closedByText: String {
        approvedBy.map { tr("Day closed by {0}, approved by {1}", doneBy.name, $0.name) } ?? tr("Day closed by {0}", doneBy.name)
    }
}

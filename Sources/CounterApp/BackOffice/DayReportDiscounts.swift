import CheckoutKit
import Localization

/// The discounts section of an X or Z report (issue 36): what the span's sales were given in
/// total, by reason and by who gave them; the same lines on the screen and the paper.
enum DayReportDiscounts {
    struct Line {
        let label: String
        let amount: String
        let isTotal: Bool
    }

    static func lines(of report: DayReport) -> [Line] {
        guard let figures = report.discounts, !figures.isEmpty else { return [] }
        func amount(_ sum: DiscountFigures.Sum) -> String { "-" + (sum.amount?.formatted() ?? "\(sum.minorUnits) \(sum.currency)") }
        var lines = figures.total.map { Line(label: trn("{0} discount", "{0} discounts", count: $0.count, $0.count), amount: amount($0), isTotal: true) }
        lines += figures.byReason.map { sum in
            Line(label: "  " + DiscountWording.reason(DiscountReason(rawValue: sum.key)) + " × \(sum.count)", amount: amount(sum), isTotal: false)
        }
        lines += figures.byPerson.map { sum in
            Line(label: "  " + (sum.key.isEmpty ? tr("given by nobody named") : tr("given by {0}", DiscountWording.person(sum.key))) + " × \(sum.count)",
                 amount: amount(sum), isTotal: false)
        }
        lines += figures.byApprover.map { sum in
            Line(label: "  " + tr("approved by {0}", DiscountWording.person(sum.key)) + " × \(sum.count)", amount: amount(sum), isTotal: false)
        }
        return lines
    }
}

import CheckoutKit
import Localization

/// A report's cash section, worded once for the screen and the paper: per till closed in the
/// span, its figures, counted and difference (with its note); a total per currency when there
/// are several tills. The figures are the tills' as recorded at their close.
enum DayReportCash {
    struct Line: Equatable {
        let label: String
        let amount: String
        var isTotal = false
    }

    static func lines(of report: DayReport) -> [Line] {
        guard !report.cash.isEmpty else { return [] }
        var lines: [Line] = []
        for till in report.cash {
            let amount = { (minor: Int64) in till.money(minor)?.formatted() ?? "\(minor) \(till.currency)" }
            let closed = till.closing.map { DateText.dayAndTime($0.closedAt) } ?? ""
            let counter = till.counter.isEmpty ? "" : tr("Counter {0}", till.counter) + " · "
            lines.append(Line(label: counter + tr("Till {0} to {1}", DateText.dayAndTime(till.openedAt), closed), amount: ""))
            lines += figures(till.figures, counted: till.closing?.counted ?? 0, amount: amount)
            if let note = till.closing?.note, !note.isEmpty { lines.append(Line(label: "  " + tr("Note: {0}", note), amount: "")) }
        }
        if report.cash.count > 1 {
            for total in report.cashTotals {
                let amount = { (minor: Int64) in Currency(code: total.currency).map { Money(minorUnits: minor, currency: $0).formatted() } ?? "\(minor)" }
                lines.append(Line(label: tr("All tills ({0})", total.currency), amount: "", isTotal: true))
                lines += figures(total.figures, counted: total.counted, amount: amount)
            }
        }
        return lines
    }

    /// The same for a screen, where rows are few: one line per till (its difference), then the
    /// figures of all its tills summed, per currency.
    static func screenLines(of report: DayReport) -> [Line] {
        var lines: [Line] = []
        for till in report.cash {
            // Times only: the report's own span above says the days, and a line must leave room
            // for its difference at 60 columns.
            let closed = till.closing.map { DateText.time($0.closedAt) } ?? ""
            let counter = till.counter.isEmpty ? "" : tr("Counter {0}", till.counter) + " · "
            let difference = till.difference.flatMap(till.money)?.formatted() ?? ""
            lines.append(Line(label: "  " + counter + tr("Till {0} to {1}", DateText.time(till.openedAt), closed) + " · " + tr("Difference"),
                              amount: difference))
        }
        for total in report.cashTotals {
            let amount = { (minor: Int64) in Currency(code: total.currency).map { Money(minorUnits: minor, currency: $0).formatted() } ?? "\(minor)" }
            // What matters most first, where the rows may run out: expected, counted, difference.
            lines.append(Line(label: tr("All tills ({0})", total.currency) + " · " + tr("Counted {0} · expected {1} · difference {2}",
                                                                                      amount(total.counted), amount(total.figures.expected), ""),
                              amount: amount(total.figures.difference(counted: total.counted)), isTotal: true))
            lines += figures(total.figures, counted: total.counted, amount: amount).dropLast(3)
        }
        return lines
    }

    private static func figures(_ figures: CashFigures, counted: Int64, amount: (Int64) -> String) -> [Line] {
        TillWords.figures(figures).map { Line(label: "  " + $0.label, amount: amount($0.minorUnits)) }
            + [Line(label: "  " + tr("Counted"), amount: amount(counted)),
               Line(label: "  " + tr("Difference"), amount: amount(figures.difference(counted: counted)), isTotal: true)]
    }
}

import CheckoutKit
import Localization

/// The sales still parked when a report was made (issue 36): not sold and in no figure, listed so
/// the close says what was left waiting. The same lines on the screen and the paper.
enum DayReportParked {
    /// "Anna's basket · Mia · 28 Nov 14:05" and its total, a line a sale.
    static func lines(of report: DayReport) -> [(label: String, amount: String)] {
        report.parked.map { parked in
            let who = [parked.name, parked.parkedBy, DateText.dayAndTime(parked.parkedAt)].compactMap { $0 }.joined(separator: " · ")
            return ("  " + who, parked.total?.formatted() ?? "\(parked.totalMinor) \(parked.currency)")
        }
    }

    /// The section's heading: how many are left.
    static func heading(of report: DayReport) -> String {
        trn("{0} parked sale left", "{0} parked sales left", count: report.parked.count, report.parked.count)
    }
}

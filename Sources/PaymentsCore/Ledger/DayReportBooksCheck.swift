import Foundation

/// Each saved Z report summed from the books still says what the books hold over its period: an
/// entry changed, removed or added behind a closed day is named, with the figure it changed.
enum DayReportBooksCheck {
    static func violations(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        let saved = try tx.fetchValues(String.self, "SELECT body FROM day_reports ORDER BY number").compactMap {
            try? JSONDecoder().decode(DayReport.self, from: Data($0.utf8))
        }
        var found: [LedgerViolation] = []
        for report in saved where report.fromBooks {
            guard let number = report.number else { continue }
            let books = try DayReports.report(tx, number: number, scope: report.counter.map(DayReports.Scope.counter) ?? .shop,
                                              from: report.from, to: report.to)
            let figures: [(String, [DayReport.Total], [DayReport.Total])] = [
                ("sales", report.sales, books.sales), ("refunds", report.refunds, books.refunds),
                ("captures", report.captures, books.captures), ("net", report.net, books.net),
            ]
            for (figure, reported, booked) in figures {
                for key in Set((reported + booked).map { Key(method: $0.method, currency: $0.currency) }).sorted() {
                    let said = reported.first { Key(method: $0.method, currency: $0.currency) == key }
                    let held = booked.first { Key(method: $0.method, currency: $0.currency) == key }
                    guard said?.minorUnits != held?.minorUnits || said?.count != held?.count else { continue }
                    found.append(.dayReportDiffersFromBooks(number: number, figure: "\(figure) (\(key.method))",
                                                            reported: Money.audited(said?.minorUnits ?? 0, key.currency),
                                                            booked: Money.audited(held?.minorUnits ?? 0, key.currency)))
                }
            }
        }
        return found
    }

    private struct Key: Hashable, Comparable {
        let method: String
        let currency: String

        static func < (lhs: Key, rhs: Key) -> Bool { (lhs.method, lhs.currency) < (rhs.method, rhs.currency) }
    }
}

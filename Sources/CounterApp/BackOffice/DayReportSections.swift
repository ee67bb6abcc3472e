import CheckoutKit
import Localization

/// The sections of an X or Z report, in the order the screen and the paper show them: the same
/// figures from the same report, worded once. Holds appear only when some moved.
struct DayReportSection {
    let heading: String
    let totals: [DayReport.Total]
    /// How a total's count is worded ("3 payments", "1 refund").
    let count: (Int) -> String

    static func sections(of report: DayReport) -> [DayReportSection] {
        var sections = [
            DayReportSection(heading: tr("Sales"), totals: report.sales) { trn("{0} payment", "{0} payments", count: $0, $0) },
            DayReportSection(heading: tr("Refunds"), totals: report.refunds) { trn("{0} refund", "{0} refunds", count: $0, $0) },
        ]
        if !report.captures.isEmpty {
            sections.append(DayReportSection(heading: tr("Holds captured"), totals: report.captures) { trn("{0} hold", "{0} holds", count: $0, $0) })
        }
        if !report.voids.isEmpty {
            sections.append(DayReportSection(heading: tr("Holds released"), totals: report.voids) { trn("{0} hold", "{0} holds", count: $0, $0) })
        }
        if report.fromBooks {
            sections.append(DayReportSection(heading: tr("Net"), totals: report.net) { trn("{0} movement", "{0} movements", count: $0, $0) })
        }
        return sections
    }

    /// "Total €12.30", one a currency; nil for a report saved before the books.
    static func grandTotals(of report: DayReport) -> [String]? {
        guard report.fromBooks else { return nil }
        guard !report.grandTotal.isEmpty else { return [tr("Total {0}", tr("none"))] }
        return report.grandTotal.map { tr("Total {0}", amount($0)) }
    }

    static func amount(_ total: DayReport.Total) -> String { total.amount?.formatted() ?? "\(total.minorUnits) \(total.currency)" }

    /// "7%", "19%": a rate of the report's tax analysis.
    static func rateText(_ tax: DayReport.Tax) -> String { tax.rate.percentText + "%" }

    /// An amount of the tax analysis in its currency.
    static func money(_ minorUnits: Int64, _ tax: DayReport.Tax) -> String {
        Currency(code: tax.currency).map { Money(minorUnits: minorUnits, currency: $0).formatted() } ?? "\(minorUnits) \(tax.currency)"
    }

    /// "VAT 7%: net €6.07, VAT €0.43" and the gross beside it, a line a rate.
    static func taxLines(of report: DayReport) -> [(what: String, gross: String)] {
        report.taxes.map { tax in
            (tr("VAT {0}: net {1}, VAT {2}", rateText(tax), money(tax.netMinor, tax), money(tax.vatMinor, tax)), money(tax.grossMinor, tax))
        }
    }
}

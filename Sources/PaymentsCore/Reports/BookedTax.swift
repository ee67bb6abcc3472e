import Foundation
import GRDB

/// The VAT in the books' movements of a span: each ledger entry's share of its order's tax
/// (`TaxAnalysis.share`), a payment's positive, a refund's negative. The X and Z reports sum
/// them per rate; the export lists them per entry. Both read this, so they agree to the cent,
/// and the gross of a span's shares is the span's money.
enum BookedTax {
    struct Share {
        let entryId: String
        let analysis: TaxAnalysis
    }

    /// Every entry in `[start, end)` (milliseconds), with its share. Two reads: the entries, and
    /// the lines of their orders.
    /// - Parameter counter: one counter's entries only (an entry booked by no counter is the
    ///   unnamed counter's, ""), as its Z report sums them; nil: every counter's.
    static func shares(_ tx: any CoreTransaction, start: Int64, end: Int64, counter: String? = nil) throws -> [Share] {
        let ofCounter = counter == nil ? "" : " AND COALESCE(counter, '') = ?"
        let arguments: [(any DatabaseValueConvertible)?] = [start, end] + (counter.map { [$0] } ?? [])
        let entries = try tx.rows("SELECT id, order_id, amount_minor, currency FROM ledger_entries WHERE at >= ? AND at < ?\(ofCounter)", arguments)
        guard !entries.isEmpty else { return [] }
        // A file read as it is (the export) from before discounts: its lines charged their gross.
        let discounts = try OrderDiscountRecord.tableExists(tx) ? "l.discount_minor, l.order_discount_minor"
            : "0 AS discount_minor, 0 AS order_discount_minor"
        let lines = try tx.rows("""
            SELECT l.order_id, l.unit_minor, l.quantity, \(discounts), l.tax_rate_bp, o.currency FROM order_lines l JOIN orders o ON o.id = l.order_id
            WHERE l.order_id IN (SELECT order_id FROM ledger_entries WHERE at >= ? AND at < ?\(ofCounter))
            """, arguments)
        var linesOfOrder: [String: [(rate: TaxRate, gross: Money)]] = [:]
        for line in lines {
            let currency = try Currency.stored(try line.value(String.self, "currency"), in: "orders")
            // What the line charged: after its discount and its share of the order's, as `OrderLine.lineTotal`.
            let gross = try line.value(Int64.self, "unit_minor") * Int64(try line.value(Int.self, "quantity"))
                - (try line.value(Int64.self, "discount_minor")) - (try line.value(Int64.self, "order_discount_minor"))
            linesOfOrder[try line.value(String.self, "order_id"), default: []]
                .append((TaxRate(basisPoints: try line.value(Int.self, "tax_rate_bp")), Money(minorUnits: gross, currency: currency)))
        }
        var orderTax: [String: TaxAnalysis] = [:]
        return try entries.map { entry in
            let orderId = try entry.value(String.self, "order_id")
            let analysis = orderTax[orderId] ?? TaxAnalysis(lines: linesOfOrder[orderId] ?? [])
            orderTax[orderId] = analysis
            let amount = Money(minorUnits: try entry.value(Int64.self, "amount_minor"),
                               currency: try Currency.stored(try entry.value(String.self, "currency"), in: "ledger_entries"))
            return Share(entryId: try entry.value(String.self, "id"), analysis: analysis.share(of: amount))
        }
    }

    /// A span's tax per rate and currency, as a report keeps it.
    static func report(_ tx: any CoreTransaction, start: Int64, end: Int64, counter: String? = nil) throws -> [DayReport.Tax] {
        TaxAnalysis.summed(try shares(tx, start: start, end: end, counter: counter).map(\.analysis)).map(DayReport.Tax.init)
    }
}

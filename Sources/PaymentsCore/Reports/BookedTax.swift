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

    /// Every entry in `[start, end)` (milliseconds), with its share: each entry's movement of its
    /// order's running balance (`TaxAnalysis.shares(ofMovements:)`), so an order's entries, in
    /// whichever spans they fall, add up to its tax. Two reads: the entries of the orders moved
    /// in the span (earlier ones too: they set the balance), and those orders' lines.
    /// - Parameter counter: one counter's entries only (an entry booked by no counter is the
    ///   unnamed counter's, ""), as its Z report sums them; nil: every counter's.
    static func shares(_ tx: any CoreTransaction, start: Int64, end: Int64, counter: String? = nil) throws -> [Share] {
        let ofCounter = counter == nil ? "" : " AND COALESCE(counter, '') = ?"
        let arguments: [(any DatabaseValueConvertible)?] = [start, end] + (counter.map { [$0] } ?? [])
        let moved = "SELECT order_id FROM ledger_entries WHERE at >= ? AND at < ?\(ofCounter)"
        let entries = try tx.rows("""
            SELECT id, order_id, amount_minor, currency, at, COALESCE(counter, '') AS counter FROM ledger_entries
            WHERE order_id IN (\(moved)) ORDER BY order_id, at, \(tx.engine.bytewise("id"))
            """, arguments)
        guard !entries.isEmpty else { return [] }
        // A file read as it is (the export) from before discounts: its lines charged their gross.
        let discounts = try OrderDiscountRecord.tableExists(tx) ? "l.discount_minor, l.order_discount_minor"
            : "0 AS discount_minor, 0 AS order_discount_minor"
        let lines = try tx.rows("""
            SELECT l.order_id, l.unit_minor, l.quantity, \(discounts), l.tax_rate_bp, o.currency FROM order_lines l JOIN orders o ON o.id = l.order_id
            WHERE l.order_id IN (\(moved))
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
        var movements: [(orderId: String, id: String, amount: Money, inSpan: Bool)] = []
        for entry in entries {
            let at = try entry.value(Int64.self, "at")
            let entryCounter = try entry.value(String.self, "counter")
            let inSpan = at >= start && at < end && (counter == nil || entryCounter == counter)
            movements.append((try entry.value(String.self, "order_id"), try entry.value(String.self, "id"),
                              Money(minorUnits: try entry.value(Int64.self, "amount_minor"),
                                    currency: try Currency.stored(try entry.value(String.self, "currency"), in: "ledger_entries")), inSpan))
        }
        var shares: [Share] = []
        for (orderId, ofOrder) in Dictionary(grouping: movements, by: \.orderId).sorted(by: { $0.key < $1.key }) {
            let analysis = TaxAnalysis(lines: linesOfOrder[orderId] ?? [])
            for (movement, share) in zip(ofOrder, analysis.shares(ofMovements: ofOrder.map(\.amount))) where movement.inSpan {
                shares.append(Share(entryId: movement.id, analysis: share))
            }
        }
        return shares
    }

    /// The tax of one order's entry (a refund's, for its receipt), by the same running balance
    /// as the reports; nil when the entry is not booked.
    static func share(_ tx: any CoreTransaction, orderId: String, entryId: String) throws -> TaxAnalysis? {
        guard let order = try Order.load(tx, id: orderId) else { return nil }
        let entries = try LedgerEntryRecord.of(tx, orderId: orderId)
        let currency = order.total.currency
        let shares = order.taxAnalysis.shares(ofMovements: entries.map { Money(minorUnits: $0.amountMinor, currency: currency) })
        return entries.firstIndex { $0.id == entryId }.map { shares[$0] }
    }

    /// A span's tax per rate and currency, as a report keeps it.
    static func report(_ tx: any CoreTransaction, start: Int64, end: Int64, counter: String? = nil) throws -> [DayReport.Tax] {
        TaxAnalysis.summed(try shares(tx, start: start, end: end, counter: counter).map(\.analysis)).map(DayReport.Tax.init)
    }
}

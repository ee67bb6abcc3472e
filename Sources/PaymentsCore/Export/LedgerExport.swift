import Foundation
import GRDB

/// The shop's accounts for a span of days, as CSV (`checkout export`): each order placed in the
/// span with its lines (goods, shipping, surcharges), and each movement of money the books hold
/// for the span (`payment`, `capture`, `refund`, signed as booked: a refund is negative), so the
/// money rows of a day sum to that day's Z report, to the cent. One table, one record kind a row,
/// so a spreadsheet can filter by kind. Money is in minor units with its currency; a card only by
/// brand and last four (the ledger holds no more in clear). Times are UTC, ISO 8601, each row's
/// own: an order when it was placed, a payment or refund when it moved. An order names the
/// counter that took it, so a fleet's export says which till sold what. Cash moved in and out of a
/// till that is no sale (`paid_in`, `paid_out`, signed as the drawer sees it) and the drawer opened
/// for nothing (`no_sale`, zero) are rows of their own with their reason: they are the till's, not
/// the books', so they are no part of the sums that match a Z report.
///
/// VAT: a `line` names the rate it was sold at (`tax_rate_bp`, basis points); each money row is
/// followed by one `tax` row per rate in it, its share of its order's tax (`TaxAnalysis`, the
/// same the receipts and the Z report show): `amount_minor` the gross at that rate, `net_minor`
/// and `vat_minor` beside it. The `tax` rows of a day sum to the day's money and to its Z
/// report's tax analysis; filter by `record` to sum either.
///
/// Staff (issue 36): `staff` names who did a row's action, and who approved it ("Ana (approved
/// by Ben)"): an order and its payments who placed it, a refund who gave it, a till's row who
/// moved the cash; empty in a shop without staff.
public enum LedgerExport {
    public static let header = ["record", "order", "state", "time", "amount_minor", "currency", "quantity", "description",
                                "method", "card_brand", "card_last4", "reference", "counter", "tax_rate_bp", "net_minor", "vat_minor", "staff"]

    /// The records of `[from, to)`, on either engine: the same rows in the same order on both.
    public static func csv(_ store: any CoreStore, from: Date, to: Date) throws -> CSVTable {
        var table = CSVTable(header: header)
        let (start, end) = (from.milliseconds, to.milliseconds)
        try store.read { tx in
            // A file from before staff has no signed columns: every row is signed by nobody.
            let signed = try StaffRecord.tableExists(tx)
            let orderStaff = signed ? "o.staff_name, o.approved_by_name" : "NULL AS staff_name, NULL AS approved_by_name"
            // A file no counter of issue 36 has opened has no discounts: its lines charged their gross.
            let hasDiscounts = try OrderDiscountRecord.tableExists(tx)
            let lineDiscounts = hasDiscounts ? "discount_minor, order_discount_minor" : "0 AS discount_minor, 0 AS order_discount_minor"
            let orders = try tx.fetchAll(ExportedOrder.self, """
                SELECT o.id, o.number, o.counter, o.state, o.total_minor, o.currency, o.created_at, o.ships_to, \(orderStaff) FROM orders o
                WHERE o.created_at >= ? AND o.created_at < ? ORDER BY o.created_at, \(tx.engine.bytewise("o.number"))
                """, start, end)
            for order in orders {
                let number = order.number
                table.append(["order", number, order.state, time(order.createdAt), String(order.totalMinor), order.currency, "",
                              order.shipsTo.map { "ships to \($0)" } ?? "", "", "", "", "", order.counter ?? "", "", "", "",
                              staff(order.staffName, order.approvedByName)])
                let lines = try tx.fetchAll(ExportedLine.self, """
                    SELECT name, unit_minor, quantity, kind, tax_rate_bp, \(lineDiscounts) FROM order_lines
                    WHERE order_id = ? ORDER BY position
                    """, order.id)
                // A line's amount is what it charged, after its discounts: an order's lines sum to its total.
                for line in lines {
                    table.append(["line", number, line.kind, "", String(line.unitMinor * line.quantity - line.discountMinor - line.orderDiscountMinor),
                                  order.currency, String(line.quantity), line.name, "", "", "", "", "", String(line.taxRateBp), "", "", ""])
                }
                // Each discount the order was placed with: what it took (already off the lines
                // above, so no money row), its reason, who gave and who approved it.
                for discount in !hasDiscounts ? [] : try tx.fetchAll(OrderDiscountRecord.self, "SELECT * FROM order_discounts WHERE order_id = ? ORDER BY seq", order.id) {
                    let on = discount.position.map { "line \($0 + 1)" } ?? "order"
                    let reason = discount.reason + (discount.note.map { ": \($0)" } ?? "")
                    table.append(["discount", number, order.state, time(discount.givenAt.milliseconds), String(-discount.amountMinor), order.currency, "",
                                  reason, on, "", "", "", order.counter ?? "", "", "", "",
                                  staff(discount.staffName, discount.approvedByName)])
                }
            }
            // A payment is signed by who placed its order, a refund by who gave it.
            let entryStaff = signed ? """
                CASE WHEN e.movement = 'refund' THEN r.staff_name ELSE o.staff_name END AS staff_name,
                CASE WHEN e.movement = 'refund' THEN r.approved_by_name ELSE o.approved_by_name END AS approved_by_name
                FROM ledger_entries e JOIN orders o ON o.id = e.order_id
                LEFT JOIN order_refunds r ON e.movement = 'refund' AND r.charge_refund_id = e.answer_id
                """ : "NULL AS staff_name, NULL AS approved_by_name FROM ledger_entries e JOIN orders o ON o.id = e.order_id"
            let entries = try tx.fetchAll(ExportedEntry.self, """
                SELECT e.id, e.movement, e.tender, e.card_brand, e.card_last_four, e.amount_minor, e.currency, e.at, e.counter, e.answer_id,
                  o.number, o.state, \(entryStaff)
                WHERE e.at >= ? AND e.at < ? ORDER BY e.at, \(tx.engine.bytewise("e.id"))
                """, start, end)
            let taxes = Dictionary(try BookedTax.shares(tx, start: start, end: end).map { ($0.entryId, $0.analysis) },
                                   uniquingKeysWith: { first, _ in first })
            for entry in entries {
                let who = staff(entry.staffName, entry.approvedByName)
                table.append([entry.movement, entry.number, entry.state, time(entry.at), String(entry.amountMinor), entry.currency, "", "",
                              entry.tender, entry.cardBrand ?? "", entry.cardLastFour ?? "", entry.answerId, entry.counter ?? "", "", "", "", who])
                for part in taxes[entry.id]?.parts ?? [] {
                    table.append(["tax", entry.number, entry.state, time(entry.at), String(part.gross.minorUnits), entry.currency, "", "",
                                  entry.tender, "", "", entry.answerId, entry.counter ?? "", String(part.rate.basisPoints),
                                  String(part.net.minorUnits), String(part.vat.minorUnits), who])
                }
            }
            let movements = try CashMovementRecord.tableExists(tx) ? try tx.fetchAll(CashMovementRecord.self, """
                SELECT * FROM till_movements WHERE at >= ? AND at < ? ORDER BY at, \(tx.engine.bytewise("id"))
                """, start, end) : []
            for movement in movements {
                table.append([movement.kind.rawValue, "", "", time(movement.at.milliseconds), String(movement.amountMinor), movement.currency, "",
                              movement.reason, Tender.cash.rawValue, "", "", movement.id, movement.counter, "", "", "",
                              movement.signature?.plainText ?? ""])
            }
        }
        return table
    }

    /// Opens `path` read-only (never migrated, no vault key) and exports `[from, to)`.
    public static func csv(path: String, from: Date, to: Date) throws(LedgerFile.OpenError) -> CSVTable {
        let queue = try LedgerFile.openReadOnly(path: path)
        defer { try? queue.close() }
        do {
            return try csv(SQLiteCoreStore(queue), from: from, to: to)
        } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
    }

    /// The `staff` column: who, and who approved ("(approved by Mia)" alone when the doer is not
    /// named: a discount given before anyone signed in).
    private static func staff(_ name: String?, _ approver: String?) -> String {
        guard let name else { return approver.map { "(approved by \($0))" } ?? "" }
        return StaffSignature(doneBy: StaffPerson(id: StaffID(rawValue: name), name: name),
                              approvedBy: approver.map { StaffPerson(id: StaffID(rawValue: $0), name: $0) }).plainText
    }

    private static func time(_ milliseconds: Int64?) -> String {
        guard let milliseconds else { return "" }
        return Date(milliseconds: milliseconds).formatted(.iso8601)
    }
}

/// The rows the export reads, by the columns its statements name.
private protocol ExportedRow: FetchableRecord, Decodable {}

extension ExportedRow {
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
}

/// An order, as the export lists it.
private struct ExportedOrder: ExportedRow {
    let id: String
    let number: String
    let counter: String?
    let state: String
    let totalMinor: Int64
    let currency: String
    let createdAt: Int64
    let shipsTo: String?
    let staffName: String?
    let approvedByName: String?
}

private struct ExportedLine: ExportedRow {
    let name: String
    let unitMinor: Int64
    let quantity: Int64
    let kind: String
    let taxRateBp: Int64
    let discountMinor: Int64
    let orderDiscountMinor: Int64
}

/// A movement of money from the books, with its order's number and state.
private struct ExportedEntry: ExportedRow {
    let id: String
    let movement: String
    let tender: String
    let cardBrand: String?
    let cardLastFour: String?
    let amountMinor: Int64
    let currency: String
    let at: Int64
    let counter: String?
    let answerId: String
    let number: String
    let state: String
    let staffName: String?
    let approvedByName: String?
}

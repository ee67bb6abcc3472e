import Foundation
import GRDB

/// The shop's accounts for a span of days, as CSV (`checkout export`): each order placed in the
/// span with its lines and its payment, and each refund made in the span. One table, one record
/// kind a row (`order`, `line`, `payment`, `refund`), so a spreadsheet can filter by kind. Money is
/// in minor units with its currency; a card only by brand and last four (the ledger holds no more
/// in clear). Times are UTC, ISO 8601.
public enum LedgerExport {
    public static let header = ["record", "order", "state", "time", "amount_minor", "currency", "quantity", "description",
                                "method", "card_brand", "card_last4", "reference"]

    /// The records of `[from, to)`, read from a database opened read-only.
    public static func csv(_ queue: DatabaseQueue, from: Date, to: Date) throws -> CSVTable {
        var table = CSVTable(header: header)
        let (start, end) = (from.milliseconds, to.milliseconds)
        try queue.read { db in
            let orders = try Row.fetchAll(db, sql: """
                SELECT o.id, o.number, o.state, o.total_minor, o.currency, o.created_at, o.payment_kind, o.payment_reference,
                  c.id AS charge_id, c.status AS charge_status, c.amount_captured, c.currency AS charge_currency, c.brand, c.last_four,
                  c.updated_ms AS charge_time
                FROM orders o LEFT JOIN charges c ON c.id = o.charge_id
                WHERE o.created_at >= ? AND o.created_at < ? ORDER BY o.created_at, o.number
                """, arguments: [start, end])
            for order in orders {
                let number: String = order["number"]
                table.append(["order", number, order["state"], time(order["created_at"]), String(order["total_minor"] as Int64),
                              order["currency"], "", "", "", "", "", ""])
                let lines = try Row.fetchAll(db, sql: """
                    SELECT name, unit_minor, quantity FROM order_lines WHERE order_id = ? ORDER BY position
                    """, arguments: [order["id"] as String])
                for line in lines {
                    let quantity: Int64 = line["quantity"]
                    table.append(["line", number, "", "", String((line["unit_minor"] as Int64) * quantity), order["currency"],
                                  String(quantity), line["name"], "", "", "", ""])
                }
                if let chargeId: String = order["charge_id"] {
                    table.append(["payment", number, order["charge_status"], time(order["charge_time"]),
                                  String(order["amount_captured"] as Int64), order["charge_currency"], "", "",
                                  "card", order["brand"], order["last_four"], chargeId])
                } else if let kind: String = order["payment_kind"], (order["state"] as String) != "pendingPayment" {
                    table.append(["payment", number, order["state"], "", String(order["total_minor"] as Int64), order["currency"], "", "",
                                  kind, "", "", order["payment_reference"] ?? ""])
                }
            }
            let refunds = try Row.fetchAll(db, sql: """
                SELECT r.id, r.amount, r.created_ms, c.currency, c.brand, c.last_four, o.number FROM refunds r
                JOIN charges c ON c.id = r.charge_id LEFT JOIN orders o ON o.charge_id = c.id
                WHERE r.created_ms >= ? AND r.created_ms < ? ORDER BY r.created_ms, r.id
                """, arguments: [start, end])
            for refund in refunds {
                table.append(["refund", refund["number"] ?? "", "refunded", time(refund["created_ms"]), String(refund["amount"] as Int64),
                              refund["currency"], "", "", "card", refund["brand"], refund["last_four"], refund["id"]])
            }
        }
        return table
    }

    /// Opens `path` read-only (never migrated, no vault key) and exports `[from, to)`.
    public static func csv(path: String, from: Date, to: Date) throws(LedgerFile.OpenError) -> CSVTable {
        let queue = try LedgerFile.openReadOnly(path: path)
        defer { try? queue.close() }
        do {
            return try csv(queue, from: from, to: to)
        } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
    }

    private static func time(_ milliseconds: Int64?) -> String {
        guard let milliseconds else { return "" }
        return Date(milliseconds: milliseconds).formatted(.iso8601)
    }
}

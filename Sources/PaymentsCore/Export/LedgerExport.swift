import Foundation
import GRDB

/// The shop's accounts for a span of days, as CSV (`checkout export`): each order placed in the
/// span with its lines and its payment, and each refund made in the span. One table, one record
/// kind a row (`order`, `line`, `payment`, `refund`), so a spreadsheet can filter by kind. Money is
/// in minor units with its currency; a card only by brand and last four (the ledger holds no more
/// in clear). Times are UTC, ISO 8601. An order names the counter that took it, so a fleet's
/// export says which till sold what.
public enum LedgerExport {
    public static let header = ["record", "order", "state", "time", "amount_minor", "currency", "quantity", "description",
                                "method", "card_brand", "card_last4", "reference", "counter"]

    /// The records of `[from, to)`, on either engine: the same rows in the same order on both.
    public static func csv(_ store: any CoreStore, from: Date, to: Date) throws -> CSVTable {
        var table = CSVTable(header: header)
        let (start, end) = (from.milliseconds, to.milliseconds)
        try store.read { tx in
            let orders = try tx.fetchAll(ExportedOrder.self, """
                SELECT o.id, o.number, o.counter, o.state, o.total_minor, o.currency, o.created_at, o.payment_kind, o.payment_reference,
                  c.id AS charge_id, c.status AS charge_status, c.amount_captured, c.currency AS charge_currency, c.brand, c.last_four,
                  c.updated_ms AS charge_time
                FROM orders o LEFT JOIN charges c ON c.id = o.charge_id
                WHERE o.created_at >= ? AND o.created_at < ? ORDER BY o.created_at, \(tx.engine.bytewise("o.number"))
                """, start, end)
            for order in orders {
                let number = order.number
                table.append(["order", number, order.state, time(order.createdAt), String(order.totalMinor), order.currency, "", "", "", "", "", "",
                              order.counter ?? ""])
                let lines = try tx.fetchAll(ExportedLine.self, "SELECT name, unit_minor, quantity FROM order_lines WHERE order_id = ? ORDER BY position",
                                            order.id)
                for line in lines {
                    table.append(["line", number, "", "", String(line.unitMinor * line.quantity), order.currency, String(line.quantity), line.name,
                                  "", "", "", "", ""])
                }
                if let chargeId = order.chargeId {
                    table.append(["payment", number, order.chargeStatus ?? "", time(order.chargeTime), String(order.amountCaptured ?? 0),
                                  order.chargeCurrency ?? "", "", "", "card", order.brand ?? "", order.lastFour ?? "", chargeId, ""])
                } else if let kind = order.paymentKind, order.state != "pendingPayment" {
                    table.append(["payment", number, order.state, "", String(order.totalMinor), order.currency, "", "",
                                  kind, "", "", order.paymentReference ?? "", ""])
                }
            }
            let refunds = try tx.fetchAll(ExportedRefund.self, """
                SELECT r.id, r.amount, r.created_ms, c.currency, c.brand, c.last_four, o.number FROM refunds r
                JOIN charges c ON c.id = r.charge_id LEFT JOIN orders o ON o.charge_id = c.id
                WHERE r.created_ms >= ? AND r.created_ms < ? ORDER BY r.created_ms, \(tx.engine.bytewise("r.id"))
                """, start, end)
            for refund in refunds {
                table.append(["refund", refund.number ?? "", "refunded", time(refund.createdMs), String(refund.amount), refund.currency, "", "",
                              "card", refund.brand ?? "", refund.lastFour ?? "", refund.id, ""])
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

/// An order with its card charge, if it has one.
private struct ExportedOrder: ExportedRow {
    let id: String
    let number: String
    let counter: String?
    let state: String
    let totalMinor: Int64
    let currency: String
    let createdAt: Int64
    let paymentKind: String?
    let paymentReference: String?
    let chargeId: String?
    let chargeStatus: String?
    let amountCaptured: Int64?
    let chargeCurrency: String?
    let brand: String?
    let lastFour: String?
    let chargeTime: Int64?
}

private struct ExportedLine: ExportedRow {
    let name: String
    let unitMinor: Int64
    let quantity: Int64
}

/// A refund with its charge's card and its order's number.
private struct ExportedRefund: ExportedRow {
    let id: String
    let amount: Int64
    let createdMs: Int64
    let currency: String
    let brand: String?
    let lastFour: String?
    let number: String?
}

import Foundation
import GRDB

/// Jars are reserved only for orders waiting for their payment, and the shelf never holds less
/// than nothing, nor less than what is reserved on it.
enum StockCheck {
    static func violations(_ db: Database) throws -> [LedgerViolation] {
        let reservations = try Row.fetchAll(db, sql: """
            SELECT r.order_id, r.product_id, r.quantity, o.number, o.state FROM stock_reservations r
            LEFT JOIN orders o ON o.id = r.order_id
            WHERE o.id IS NULL OR o.state != 'pendingPayment' ORDER BY r.order_id, r.product_id
            """).map { row -> LedgerViolation in
            .reservationOfSettledOrder(orderId: row["order_id"], orderNumber: row["number"], orderState: row["state"],
                                       productId: row["product_id"], quantity: row["quantity"])
        }
        let negative = try Row.fetchAll(db, sql: "SELECT id, stock FROM products WHERE stock < 0 ORDER BY id").map { row -> LedgerViolation in
            .negativeStock(productId: row["id"], stock: row["stock"])
        }
        let overReserved = try Row.fetchAll(db, sql: """
            SELECT p.id, p.stock, SUM(r.quantity) AS reserved FROM products p JOIN stock_reservations r ON r.product_id = p.id
            GROUP BY p.id HAVING SUM(r.quantity) > p.stock ORDER BY p.id
            """).map { row -> LedgerViolation in
            .reservationsExceedStock(productId: row["id"], stock: row["stock"], reserved: row["reserved"])
        }
        return reservations + negative + overReserved
    }
}

import Foundation

/// Jars are reserved only for orders waiting for their payment, and the shelf never holds less
/// than nothing, nor less than what is reserved on it.
enum StockCheck {
    static func violations(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        let reservations = try tx.rows("""
            SELECT r.order_id, r.product_id, r.quantity, o.number, o.state FROM stock_reservations r
            LEFT JOIN orders o ON o.id = r.order_id
            WHERE o.id IS NULL OR o.state <> 'pendingPayment' ORDER BY \(tx.engine.bytewise("r.order_id")), \(tx.engine.bytewise("r.product_id"))
            """).map { row -> LedgerViolation in
            .reservationOfSettledOrder(orderId: try row.audited("order_id"), orderNumber: try row.audited("number"),
                                       orderState: try row.audited("state"), productId: try row.audited("product_id"),
                                       quantity: try row.audited("quantity"))
        }
        let negative = try tx.rows("SELECT id, stock FROM products WHERE stock < 0 ORDER BY \(tx.engine.bytewise("id"))").map { row -> LedgerViolation in
            .negativeStock(productId: try row.audited("id"), stock: try row.audited("stock"))
        }
        let overReserved = try tx.rows("""
            SELECT p.id, p.stock, SUM(r.quantity) AS reserved FROM products p JOIN stock_reservations r ON r.product_id = p.id
            GROUP BY p.id, p.stock HAVING SUM(r.quantity) > p.stock ORDER BY \(tx.engine.bytewise("p.id"))
            """).map { row -> LedgerViolation in
            .reservationsExceedStock(productId: try row.audited("id"), stock: try row.audited("stock"), reserved: try row.audited("reserved"))
        }
        return reservations + negative + overReserved + (try disagreements(tx, besides: negative))
    }

    /// Products whose stock is not the sum of their movements. A product already named for a
    /// stock below zero is named once, for that. A database from before the movements (read by
    /// the audit without migrating) has none to compare.
    private static func disagreements(_ tx: any CoreTransaction, besides negative: [LedgerViolation]) throws -> [LedgerViolation] {
        guard try StockMovementRecord.tableExists(tx) else { return [] }
        let named = Set(negative.compactMap { if case let .negativeStock(id, _) = $0 { id } else { nil } })
        return try tx.rows("""
            SELECT p.id, p.stock, COALESCE(SUM(m.quantity), 0) AS moved FROM products p LEFT JOIN stock_movements m ON m.product_id = p.id
            GROUP BY p.id, p.stock HAVING COALESCE(SUM(m.quantity), 0) <> p.stock ORDER BY \(tx.engine.bytewise("p.id"))
            """).compactMap { row -> LedgerViolation? in
            let id: String = try row.audited("id")
            guard !named.contains(id) else { return nil }
            return .stockDisagreesWithMovements(productId: id, stock: try row.audited("stock"), moved: try row.audited("moved"))
        }
    }
}

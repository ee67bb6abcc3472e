import Foundation
import GRDB

/// An order's refunds agree with the money: a refund marked done gave its money back, one marked
/// failed gave none, and together they never give back more than the order was paid.
enum RefundCheck {
    static func violations(_ db: Database) throws -> [LedgerViolation] {
        let withoutMoney = try Row.fetchAll(db, sql: """
            SELECT r.id, o.number FROM order_refunds r JOIN orders o ON o.id = r.order_id
            WHERE r.state = 'refunded' AND NOT EXISTS (SELECT 1 FROM refunds m WHERE m.id = r.charge_refund_id) ORDER BY r.id
            """).map { row -> LedgerViolation in .refundWithoutMoney(refundId: row["id"], orderNumber: row["number"]) }
        let failedWithMoney = try Row.fetchAll(db, sql: """
            SELECT r.id, o.number, m.amount, r.currency FROM order_refunds r JOIN orders o ON o.id = r.order_id
            JOIN refunds m ON m.id = r.charge_refund_id WHERE r.state = 'failed' ORDER BY r.id
            """).map { row -> LedgerViolation in
            .moneyBackOfFailedRefund(refundId: row["id"], orderNumber: row["number"], amount: Money.audited(row["amount"], row["currency"]))
        }
        // A refund on its way back counts: two asked at once must not add up to more than was paid.
        let overRefunded = try Row.fetchAll(db, sql: """
            SELECT o.id, o.number, o.total_minor, o.currency, SUM(r.amount_minor) AS refunded FROM orders o
            JOIN order_refunds r ON r.order_id = o.id WHERE r.state IN ('requested', 'refunded')
            GROUP BY o.id HAVING SUM(r.amount_minor) > o.total_minor ORDER BY o.id
            """).map { row -> LedgerViolation in
            .refundedMoreThanPaid(orderId: row["id"], orderNumber: row["number"],
                                  refunded: Money.audited(row["refunded"], row["currency"]), paid: Money.audited(row["total_minor"], row["currency"]))
        }
        return withoutMoney + failedWithMoney + overRefunded
    }
}

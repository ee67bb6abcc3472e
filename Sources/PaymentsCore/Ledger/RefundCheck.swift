import Foundation

/// An order's refunds agree with the money: a refund marked done gave its money back through
/// the tender that paid (the card's charge, the bank, the wallet: `RefundMoney`), one marked
/// failed gave none, and together they never give back more than the order was paid.
enum RefundCheck {
    static func violations(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        let withoutMoney = try tx.rows("""
            SELECT r.id, o.number FROM order_refunds r JOIN orders o ON o.id = r.order_id
            WHERE r.state = 'refunded' AND NOT EXISTS (
              SELECT 1 FROM (\(RefundMoney.rows)) m WHERE m.id = r.charge_refund_id AND m.kind = \(RefundMoney.kind(ofRefund: "r", order: "o")))
            ORDER BY \(tx.engine.bytewise("r.id"))
            """).map { row -> LedgerViolation in .refundWithoutMoney(refundId: try row.audited("id"), orderNumber: try row.audited("number")) }
        let failedWithMoney = try tx.rows("""
            SELECT r.id, o.number, m.moved, r.currency FROM order_refunds r JOIN orders o ON o.id = r.order_id
            JOIN (\(RefundMoney.rows)) m ON m.id = r.charge_refund_id AND m.kind = \(RefundMoney.kind(ofRefund: "r", order: "o"))
            WHERE r.state = 'failed' ORDER BY \(tx.engine.bytewise("r.id"))
            """).map { row -> LedgerViolation in
            .moneyBackOfFailedRefund(refundId: try row.audited("id"), orderNumber: try row.audited("number"),
                                     amount: Money.audited(try row.audited("moved"), try row.audited("currency")))
        }
        // A refund on its way back counts: two asked at once must not add up to more than was paid.
        let overRefunded = try tx.rows("""
            SELECT o.id, o.number, o.total_minor, o.currency, SUM(r.amount_minor) AS refunded FROM orders o
            JOIN order_refunds r ON r.order_id = o.id WHERE r.state IN ('requested', 'refunded')
            GROUP BY o.id, o.number, o.total_minor, o.currency HAVING SUM(r.amount_minor) > o.total_minor
            ORDER BY \(tx.engine.bytewise("o.id"))
            """).map { row -> LedgerViolation in
            let currency: String = try row.audited("currency")
            return .refundedMoreThanPaid(orderId: try row.audited("id"), orderNumber: try row.audited("number"),
                                         refunded: Money.audited(try row.audited("refunded"), currency),
                                         paid: Money.audited(try row.audited("total_minor"), currency))
        }
        return withoutMoney + failedWithMoney + overRefunded
    }
}

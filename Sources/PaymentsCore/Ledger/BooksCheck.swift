import Foundation

/// The books prove the money: every order's ledger balance is what its state says it holds paid;
/// every payment of a paid order and every refund whose money went back has its entry; each entry
/// says what its payment moved; no subscription payment or mandate draw took money that no order
/// holds (`NothingBoughtCheck`); each saved Z report is the books' sum over its period.
enum BooksCheck {
    static func violations(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        try balances(tx) + unbookedPayments(tx) + unbookedRefunds(tx) + entriesThatDiffer(tx) + NothingBoughtCheck.violations(tx)
            + DayReportBooksCheck.violations(tx)
    }

    /// Paid: its total less what went back; refunded: nothing; failed: nothing, or the parts of a
    /// split given back still on their way (`giveBackParts`); awaiting payment: nothing,
    /// or the parts of a split paid so far, short of its total (each part's entry answers to its
    /// payment: `entriesThatDiffer`).
    private static func balances(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        try tx.rows("""
            SELECT o.id, o.number, o.state, o.total_minor, o.currency,
              COALESCE((SELECT SUM(e.amount_minor) FROM ledger_entries e WHERE e.order_id = o.id), 0) AS booked,
              COALESCE((SELECT SUM(r.amount_minor) FROM order_refunds r WHERE r.order_id = o.id AND r.state = 'refunded'), 0) AS refunded,
              COALESCE((SELECT SUM(r.amount_minor) FROM order_refunds r WHERE r.order_id = o.id AND r.state = 'requested'), 0) AS on_its_way
            FROM orders o ORDER BY \(tx.engine.bytewise("o.id"))
            """).compactMap { row -> LedgerViolation? in
            let state: String = try row.audited("state")
            let total: Int64 = try row.audited("total_minor")
            let refunded: Int64 = try row.audited("refunded")
            let booked: Int64 = try row.audited("booked")
            let partPaid = state == OrderState.pendingPayment.rawValue && refunded == 0 && booked > 0 && booked < total
            // A failed order whose parts are going back holds what is on its way back, no more.
            let givingBack = state == OrderState.failed.rawValue ? try row.audited("on_its_way") as Int64 : 0
            let owed = state == OrderState.paid.rawValue ? total - refunded : partPaid ? booked : givingBack
            guard booked != owed else { return nil }
            let currency: String = try row.audited("currency")
            return .bookedBalanceDiffers(orderId: try row.audited("id"), orderNumber: try row.audited("number"),
                                         booked: Money.audited(booked, currency), owed: Money.audited(owed, currency))
        }
    }

    private static func unbookedPayments(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        try tx.rows("""
            SELECT o.id, o.number, o.charge_id FROM orders o WHERE o.state IN ('paid', 'refunded') AND o.charge_id IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.order_id = o.id AND e.answer_id = o.charge_id AND e.movement <> 'refund')
            ORDER BY \(tx.engine.bytewise("o.id"))
            """).map { row in
            .paymentNotBooked(orderId: try row.audited("id"), orderNumber: try row.audited("number"), paymentId: try row.audited("charge_id"))
        }
    }

    private static func unbookedRefunds(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        try tx.rows("""
            SELECT r.id, o.number FROM order_refunds r JOIN orders o ON o.id = r.order_id WHERE r.state = 'refunded'
              AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.order_id = r.order_id AND e.answer_id = r.charge_refund_id AND e.movement = 'refund')
            ORDER BY \(tx.engine.bytewise("r.id"))
            """).map { row in .refundNotBooked(refundId: try row.audited("id"), orderNumber: try row.audited("number")) }
    }

    /// Each entry against the row it answers to (an entry whose payment or refund is nowhere
    /// moved nothing): a charge's capture, a bank payment's or wallet
    /// source's amount, a refund's amount through any tender (negative in the books): a card
    /// refund, a bank refund the bank executed, a wallet's refund.
    private static func entriesThatDiffer(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        try tx.rows("""
            SELECT e.id, e.amount_minor, e.currency, m.moved, COALESCE(m.currency, e.currency) AS moved_currency FROM ledger_entries e LEFT JOIN (
              SELECT 'charge' AS kind, id, amount_captured AS moved, currency FROM charges
              UNION ALL SELECT 'bank_payment', id, amount_minor, currency FROM bank_resources
              UNION ALL SELECT 'wallet_source', id, amount_minor, currency FROM sources
              UNION ALL SELECT 'cash_payment', id, amount_minor, currency FROM cash_payments
              UNION ALL SELECT g.kind, g.id, -g.moved, g.currency FROM (\(RefundMoney.rows)) g
            ) m ON m.kind = e.answer_kind AND m.id = e.answer_id
            WHERE m.id IS NULL OR m.moved IS NULL OR m.moved <> e.amount_minor OR m.currency <> e.currency
            ORDER BY \(tx.engine.bytewise("e.id"))
            """).map { row in
            .entryDiffersFromPayment(entryId: try row.audited("id"),
                                     booked: Money.audited(try row.audited("amount_minor"), try row.audited("currency")),
                                     moved: Money.audited(try row.value(Int64?.self, "moved") ?? 0, try row.audited("moved_currency")))
        }
    }
}

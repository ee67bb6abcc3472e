import Foundation

/// Money taken with nothing bought: a subscription's payment or a draw on a mandate that took
/// money and that no order holds in the books. Every such payment books an order when it is
/// recorded (`Orders.bookSubscriptionPeriod`, the checkout's mandate order), so one without its
/// entry is money the receipt, the reports and the export never show.
///
/// Named once: a charge no subscription accounts for is `capturedChargeWithoutOwner`'s, and a draw
/// made out to an order's number is that order's (`paymentNotBooked`, `externalPaymentOfUnpaidOrder`).
/// A payment whose answer is not recorded yet (a renewal still due under its key, a first period
/// still `incomplete`) is the settler's.
enum NothingBoughtCheck {
    static func violations(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        try unbookedPeriodCharges(tx) + unbookedMandateDraws(tx)
    }

    /// Charges a subscription accounts for (its recorded attempt, or its first period) with no entry.
    private static func unbookedPeriodCharges(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        try tx.rows("""
            SELECT c.id, c.idempotency_key, c.amount_captured - c.amount_refunded AS kept, c.currency FROM charges c
            WHERE c.status = 'succeeded' AND c.amount_captured > c.amount_refunded AND c.idempotency_key LIKE '%-period-%-attempt-%'
              AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.answer_kind = 'charge' AND e.answer_id = c.id)
            ORDER BY c.created_ms, \(tx.engine.bytewise("c.id"))
            """).compactMap { row -> LedgerViolation? in
            let id: String = try row.audited("id")
            let key: String = try row.audited("idempotency_key")
            guard let period = RenewalKey(key), try period.isRecorded(tx, paidBy: id) else { return nil }
            return .moneyTakenWithNothingBought(paymentId: id, amount: Money.audited(try row.audited("kept"), try row.audited("currency")), takenFor: key)
        }
    }

    /// Draws on a mandate with no entry, made out to no order (a renewal's key, or nothing at all).
    private static func unbookedMandateDraws(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        try tx.rows("""
            SELECT b.id, b.reference, b.amount_minor, b.currency FROM bank_resources b
            WHERE b.kind = 'payment' AND b.mandate_id IS NOT NULL AND b.status IN ('authorized', 'executed', 'settled')
              AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.answer_kind = 'bank_payment' AND e.answer_id = b.id)
              AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.number = b.reference)
            ORDER BY b.created_at, \(tx.engine.bytewise("b.id"))
            """).compactMap { row -> LedgerViolation? in
            let reference: String = try row.audited("reference")
            if let period = RenewalKey(reference), try period.isAwaitingItsAnswer(tx) { return nil }
            return .moneyTakenWithNothingBought(paymentId: try row.audited("id"),
                                                amount: Money.audited(try row.audited("amount_minor"), try row.audited("currency")),
                                                takenFor: reference)
        }
    }
}

extension RenewalKey {
    /// The subscription recorded `payment` as this period's: a renewal's attempt names it; the
    /// first period's is its subscription's, once no longer `incomplete`.
    func isRecorded(_ tx: any CoreTransaction, paidBy payment: String) throws -> Bool {
        if period == 0 { return try tx.exists("SELECT 1 FROM subscriptions WHERE id = ? AND state <> 'incomplete'", subscriptionId) }
        return try tx.exists("""
            SELECT 1 FROM renewal_attempts WHERE subscription_id = ? AND period_index = ? AND succeeded = 1 AND payment_ref = ?
            """, subscriptionId, period, payment)
    }

    /// Asked and its answer not recorded yet: a first period still `incomplete`, or a renewal
    /// still due under this very key.
    func isAwaitingItsAnswer(_ tx: any CoreTransaction) throws -> Bool {
        if period == 0 { return try tx.exists("SELECT 1 FROM subscriptions WHERE id = ? AND state = 'incomplete'", subscriptionId) }
        return try isInFlight(tx)
    }
}

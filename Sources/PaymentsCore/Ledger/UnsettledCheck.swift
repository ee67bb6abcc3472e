import Foundation

/// Nothing waits for ever: once the settler has run, whatever was started before `cutoff` and is
/// still waiting for an answer is stuck.
enum UnsettledCheck {
    static func violations(_ tx: any CoreTransaction, olderThan cutoff: Date) throws -> [LedgerViolation] {
        let milliseconds = Int64((cutoff.timeIntervalSince1970 * 1000).rounded(.down))
        let id = { (column: String) in tx.engine.bytewise(column) }
        let charges = try tx.rows("""
            SELECT id, status, created_ms FROM charges WHERE status IN ('pending', 'requires_action') AND created_ms < ?
            ORDER BY created_ms, \(id("id"))
            """, milliseconds).map { row -> LedgerViolation in
            .unsettled(.charge(id: try row.audited("id"), status: try row.audited("status")),
                       since: Date(milliseconds: try row.audited("created_ms")))
        }
        let orders = try tx.rows("""
            SELECT id, number, updated_at FROM orders o WHERE state = 'pendingPayment' AND updated_at < ?
            AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = o.id) ORDER BY updated_at, \(id("id"))
            """, milliseconds).map { row -> LedgerViolation in
            // Since its current attempt began: an order is paid in attempts, the last maybe today.
            .unsettled(.order(id: try row.audited("id"), number: try row.audited("number")), since: Date(milliseconds: try row.audited("updated_at")))
        }
        let refunds = try tx.rows("""
            SELECT o.id, o.number, o.updated_at FROM orders o JOIN charges c ON c.id = o.charge_id
            WHERE o.state = 'paid' AND c.status = 'succeeded' AND c.amount_captured > 0 AND c.amount_refunded >= c.amount_captured
            AND o.updated_at < ? ORDER BY o.updated_at, \(id("o.id"))
            """, milliseconds).map { row -> LedgerViolation in
            .unsettled(.order(id: try row.audited("id"), number: try row.audited("number")), since: Date(milliseconds: try row.audited("updated_at")))
        }
        let bids = try tx.rows("""
            SELECT b.id, b.created_at FROM auction_bids b LEFT JOIN charges c ON c.id = b.hold_id
            WHERE ((b.state IN ('placing', 'requiresAction') OR (b.state IN ('joined', 'won') AND c.status = 'canceled')) AND b.created_at < ?)
            OR (b.state = 'raised' AND c.status = 'authorized' AND b.updated_at < ?) ORDER BY b.created_at, \(id("b.id"))
            """, milliseconds, milliseconds).map { row -> LedgerViolation in
            .unsettled(.bid(id: try row.audited("id")), since: Date(milliseconds: try row.audited("created_at")))
        }
        let bank = try tx.rows("""
            SELECT id, created_at FROM bank_resources WHERE kind = 'payment' AND status = 'authorizing' AND created_at < ?
            ORDER BY created_at, \(id("id"))
            """, milliseconds).map { row -> LedgerViolation in
            .unsettled(.bankPayment(id: try row.audited("id")), since: Date(milliseconds: try row.audited("created_at")))
        }
        let renewals = try tx.rows("""
            SELECT id, idempotency_key, created_ms FROM charges WHERE status = 'succeeded' AND idempotency_key LIKE '%-period-%-attempt-%'
            AND created_ms < ? ORDER BY created_ms, \(id("id"))
            """, milliseconds).compactMap { row -> LedgerViolation? in
            guard let key = RenewalKey(try row.audited("idempotency_key")), key.period > 0, try key.isInFlight(tx) else { return nil }
            return .unsettled(.renewal(subscriptionId: key.subscriptionId, chargeId: try row.audited("id")),
                              since: Date(milliseconds: try row.audited("created_ms")))
        }
        let orderRefunds = try tx.rows("""
            SELECT r.id, o.number, r.created_at FROM order_refunds r JOIN orders o ON o.id = r.order_id
            WHERE r.state = 'requested' AND r.created_at < ? ORDER BY r.created_at, \(id("r.id"))
            """, milliseconds).map { row -> LedgerViolation in
            .unsettled(.refund(id: try row.audited("id"), orderNumber: try row.audited("number")), since: Date(milliseconds: try row.audited("created_at")))
        }
        let voids = try tx.rows("""
            SELECT bid_id, created_at FROM hold_voids WHERE state = 'requested' AND created_at < ? ORDER BY created_at, \(id("id"))
            """, milliseconds).map { row -> LedgerViolation in
            .unsettled(.bid(id: try row.audited("bid_id")), since: Date(milliseconds: try row.audited("created_at")))
        }
        return charges + orders + refunds + orderRefunds + bids + voids + bank + renewals
    }
}

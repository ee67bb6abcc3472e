import Foundation
import GRDB

/// Nothing waits for ever: once the settler has run, whatever was started before `cutoff` and is
/// still waiting for an answer is stuck.
enum UnsettledCheck {
    static func violations(_ db: Database, olderThan cutoff: Date) throws -> [LedgerViolation] {
        let milliseconds = Int64((cutoff.timeIntervalSince1970 * 1000).rounded(.down))
        let charges = try Row.fetchAll(db, sql: """
            SELECT id, status, created_ms FROM charges WHERE status IN ('pending', 'requires_action') AND created_ms < ?
            ORDER BY created_ms, id
            """, arguments: [milliseconds]).map { row -> LedgerViolation in
            .unsettled(.charge(id: row["id"], status: row["status"]),
                       since: Date(milliseconds: row["created_ms"]))
        }
        let orders = try Row.fetchAll(db, sql: """
            SELECT id, number, updated_at FROM orders o WHERE state = 'pendingPayment' AND updated_at < ?
            AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = o.id) ORDER BY updated_at, id
            """, arguments: [milliseconds]).map { row -> LedgerViolation in
            // Since its current attempt began: an order is paid in attempts, the last maybe today.
            .unsettled(.order(id: row["id"], number: row["number"]), since: Date(milliseconds: row["updated_at"]))
        }
        let refunds = try Row.fetchAll(db, sql: """
            SELECT o.id, o.number, o.updated_at FROM orders o JOIN charges c ON c.id = o.charge_id
            WHERE o.state = 'paid' AND c.status = 'succeeded' AND c.amount_captured > 0 AND c.amount_refunded >= c.amount_captured
            AND o.updated_at < ? ORDER BY o.updated_at, o.id
            """, arguments: [milliseconds]).map { row -> LedgerViolation in
            .unsettled(.order(id: row["id"], number: row["number"]), since: Date(milliseconds: row["updated_at"]))
        }
        let bids = try Row.fetchAll(db, sql: """
            SELECT b.id, b.created_at FROM auction_bids b LEFT JOIN charges c ON c.id = b.hold_id
            WHERE ((b.state IN ('placing', 'requiresAction') OR (b.state IN ('joined', 'won') AND c.status = 'canceled')) AND b.created_at < ?)
            OR (b.state = 'raised' AND c.status = 'authorized' AND b.updated_at < ?) ORDER BY b.created_at, b.id
            """, arguments: [milliseconds, milliseconds]).map { row -> LedgerViolation in
            .unsettled(.bid(id: row["id"]), since: Date(milliseconds: row["created_at"]))
        }
        let bank = try Row.fetchAll(db, sql: """
            SELECT id, created_at FROM bank_resources WHERE kind = 'payment' AND status = 'authorizing' AND created_at < ?
            ORDER BY created_at, id
            """, arguments: [milliseconds]).map { row -> LedgerViolation in
            .unsettled(.bankPayment(id: row["id"]), since: Date(milliseconds: row["created_at"]))
        }
        let renewals = try Row.fetchAll(db, sql: """
            SELECT id, idempotency_key, created_ms FROM charges WHERE status = 'succeeded' AND idempotency_key LIKE '%-period-%-attempt-%'
            AND created_ms < ? ORDER BY created_ms, id
            """, arguments: [milliseconds]).compactMap { row -> LedgerViolation? in
            guard let key = RenewalKey(row["idempotency_key"]), key.period > 0, try key.isInFlight(db) else { return nil }
            return .unsettled(.renewal(subscriptionId: key.subscriptionId, chargeId: row["id"]),
                              since: Date(milliseconds: row["created_ms"]))
        }
        let orderRefunds = try Row.fetchAll(db, sql: """
            SELECT r.id, o.number, r.created_at FROM order_refunds r JOIN orders o ON o.id = r.order_id
            WHERE r.state = 'requested' AND r.created_at < ? ORDER BY r.created_at, r.id
            """, arguments: [milliseconds]).map { row -> LedgerViolation in
            .unsettled(.refund(id: row["id"], orderNumber: row["number"]), since: Date(milliseconds: row["created_at"]))
        }
        let voids = try Row.fetchAll(db, sql: """
            SELECT bid_id, created_at FROM hold_voids WHERE state = 'requested' AND created_at < ? ORDER BY created_at, id
            """, arguments: [milliseconds]).map { row -> LedgerViolation in
            .unsettled(.bid(id: row["bid_id"]), since: Date(milliseconds: row["created_at"]))
        }
        return charges + orders + refunds + orderRefunds + bids + voids + bank + renewals
    }
}

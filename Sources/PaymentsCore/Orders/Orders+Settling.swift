import Foundation
import GRDB

/// The settler's rules for card orders: what a stuck attempt, an abandoned order or an unsettled
/// payment becomes once its charge is known.
extension Orders {
    /// Settles the card orders whose attempt is in flight or unknown (jars reserved), by what the
    /// charge under the attempt's key says: succeeded marks the order paid (stock down, cart
    /// emptied), failed or cancelled releases the jars (and ends the order when its counter is
    /// gone: nobody is there to try another card), no charge at all releases them once the
    /// attempt is older than `grace` or its counter is gone (the intent was written, the charge
    /// never was). A charge still pending is left to `ChargeService.reconcilePending`; one
    /// waiting for a 3-D Secure answer is cancelled when `cancelChallenge` may (its counter is
    /// gone, or the challenge expired).
    /// Returns the orders it changed.
    @discardableResult
    public func reconcilePayments(isAlive: (String?) -> Bool = { _ in false }, grace: TimeInterval = 0,
                                  cancelChallenge: (_ chargeId: String, _ ownerGone: Bool) -> Bool = { _, _ in false }) throws(OrderError) -> [Order] {
        let waiting = try reading { tx in
            // Orders paid by another method (express, wallet, bank) are settled by that method's
            // own status (`reconcileExternalPayments`), not here. An `EXISTS` rather than a
            // counted join: the settler asks this every pass.
            try tx.fetchAll(OrderRecord.self, """
                SELECT * FROM orders o
                WHERE \(Self.jarsHeld)
                  AND (o.payment_kind IS NULL OR (o.payment_kind = ? AND o.payment_key IS NOT NULL))
                ORDER BY \(tx.engine.bytewise("o.id"))
                """, ExternalPaymentKind.express).map { record in
                (id: record.id, key: record.paymentKey ?? Self.paymentKey(orderId: record.id, attempt: 1), owner: record.owner,
                 since: record.updatedAt)
            }
        }
        var changed: [Order] = []
        for entry in waiting {
            guard let order = try reading({ tx in try Order.load(tx, id: entry.id) }) else { continue }
            let ownerGone = !isAlive(entry.owner)
            switch charges.lookUp(idempotencyKey: entry.key) {
            case .succeeded(let receipt):
                guard try markPaid(order, chargeId: receipt.chargeId) != nil else { continue }
            case .failed(let decline):
                try releaseAttempt(order.id, reason: decline.code, endOrder: ownerGone)
            case .awaitingChallenge(let chargeId):
                guard cancelChallenge(chargeId, ownerGone) else { continue }
                try releaseAttempt(order.id, reason: "authentication_abandoned", endOrder: ownerGone)
            case .pending, .notKnown:
                continue
            case nil:
                guard ownerGone || entry.since.milliseconds <= clock.now.addingTimeInterval(-grace).milliseconds else { continue }
                try releaseAttempt(order.id, reason: "not_charged", endOrder: ownerGone)
            }
            if let now = try reading({ tx in try Order.load(tx, id: order.id) }) { changed.append(now) }
        }
        return changed
    }

    /// Closes the orders left awaiting payment with no attempt in flight for `age` seconds (the
    /// shopper went away after a decline, or the cart changed): they can no longer be paid.
    @discardableResult
    public func closeAbandoned(olderThan age: TimeInterval) throws(OrderError) -> [Order] {
        let cutoff = clock.now.addingTimeInterval(-age).milliseconds
        return try writing { tx in
            // A won auction's order waits for its hold's capture, not for a shopper: the settler's. A
        // part-paid order (split tender) holds money: it is finished or given back, never abandoned.
            let ids = try tx.fetchValues(String.self, """
                SELECT id FROM orders o
                WHERE o.state = ? AND NOT \(Self.jarsHeld) AND NOT \(Self.partPaid) AND (o.payment_kind IS NULL OR o.payment_kind <> ?) AND o.updated_at <= ?
                ORDER BY \(tx.engine.bytewise("o.id"))
                """, OrderState.pendingPayment, ExternalPaymentKind.auction, cutoff)
            return try ids.compactMap { id in
                try setState(tx, id, .failed, failure: "abandoned", chargeId: nil)
                return try Order.load(tx, id: id)
            }
        }
    }

    /// Orders whose payment outcome is not known yet (an attempt in flight or unknown: jars
    /// reserved), of every method.
    public func unsettledOrders() throws(OrderError) -> [Order] {
        try reading { tx in
            try tx.fetchAll(OrderRecord.self, "SELECT * FROM orders o WHERE \(Self.jarsHeld) ORDER BY \(tx.engine.bytewise("o.id"))")
                .map { try $0.order(tx) }
        }
    }

    /// The session's order that its cart is being paid by, if an attempt is in flight or its
    /// outcome is unknown: the cart stays tied to it until the settler knows.
    public func unsettledOrder(for sessionKey: String) throws(OrderError) -> Order? {
        try reading { tx in
            try tx.fetchOne(OrderRecord.self, """
                SELECT * FROM orders o WHERE o.session_key = ? AND o.state = ? AND \(Self.jarsHeld)
                ORDER BY \(Self.newestFirst(tx)) LIMIT 1
                """, sessionKey, OrderState.pendingPayment)?.order(tx)
        }
    }

    /// The session's order awaiting payment with no attempt in flight (a declined attempt), if
    /// any: paying the same cart again is a new attempt of it, not a new order.
    public func openOrder(for sessionKey: String) throws(OrderError) -> Order? {
        try reading { tx in try openCardOrder(tx, sessionKey) }
    }

    /// The attempt ended without money moving: the jars go back; the order waits for another
    /// attempt, or ends (`endOrder`) when nobody is left to make one.
    func releaseAttempt(_ orderId: String, reason: String, endOrder: Bool) throws(OrderError) {
        try writing { tx in try recordAttemptReleased(tx, orderId, reason: reason, endOrder: endOrder) }
    }

    /// Nothing when no jars are reserved: the attempt was released already (with the charge's
    /// answer, or by the settler) and its release is not written twice.
    func recordAttemptReleased(_ tx: any CoreTransaction, _ orderId: String, reason: String, endOrder: Bool) throws {
        guard try tx.execute("DELETE FROM stock_reservations WHERE order_id = ?", orderId) > 0 else { return }
        guard let current = try Order.load(tx, id: orderId), current.state == .pendingPayment else { return }
        // A part-paid order holds money: nobody is there to try another card, but it is never
        // failed with money booked; it waits to be finished or given back (`Orders+Split`).
        if try endOrder && !Self.holdsMoney(tx, orderId) {
            try setState(tx, orderId, .failed, failure: reason, chargeId: nil)
        } else {
            try tx.execute("UPDATE orders SET failure = ?, updated_at = ? WHERE id = ?", reason, clock.now.milliseconds, orderId)
            try events.record(tx, type: "order.attempt_failed", subject: orderId, data: ["reason": reason])
        }
    }
}

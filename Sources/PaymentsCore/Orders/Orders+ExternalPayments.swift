import Foundation
import GRDB

/// Orders paid by another method (express sheet, wallet source, bank payment): the order waits
/// with its reference until that method says paid or failed.
extension Orders {
    /// Starts paying the order by another method: reserves its jars exactly as a card payment
    /// does (`outOfStock` before any money moves) and notes the method, so `reconcilePayments`
    /// leaves the order to that method's own status. The method then runs with `order.total` and
    /// `order.number`, and settles the order with `markPaid(orderId:reference:)` or
    /// `markFailed(orderId:reason:)`.
    @discardableResult
    public func startExternalPayment(orderId: String, kind: ExternalPaymentKind, paymentKey: String? = nil) throws(OrderError) -> Order {
        do throws(OrderError) {
            return try writing { tx -> Order in
                // Locked on a server, as a card attempt's order is: one payment of an order at a time.
                guard let order = try OrderRecord.stored(tx, id: orderId, locking: true)?.order(tx) else { throw OrderError.unknownOrder(orderId) }
                guard order.state == .pendingPayment else { throw OrderError.notPayable(order.state) }
                guard try !Self.hasReservation(tx, orderId) else { throw OrderError.paymentInProgress(number: order.number) }
                try reserveStock(tx, order: order)
                // An express payment is a card charge under `paymentKey`: the settler asks about it as
                // about a card order's attempt.
                // A new attempt's payment is noted anew (`noteExternalReference`): the last
                // attempt's refused payment is not what the settler asks about any more.
                try tx.execute("""
                    UPDATE orders SET payment_kind = ?, payment_key = ?, owner = ?, counter = ?, updated_at = ?, payment_reference = NULL,
                      payment_token = NULL WHERE id = ?
                    """, kind, paymentKey, owner, counterName, clock.now.milliseconds, orderId)
                try events.record(tx, type: "order.payment_started", subject: orderId, data: ["instrument": kind.rawValue])
                return order
            }
        } catch {
            if case .outOfStock(let productId, _) = error {
                _ = try? writing { tx in
                    try events.record(tx, type: "order.out_of_stock", subject: orderId, data: ["product": productId])
                }
            }
            throw error
        }
    }

    /// The other method took the money: the order is paid, its stock goes down and the cart is
    /// emptied in one transaction. Settling twice changes nothing (answers the order as it is).
    /// nil when the shelf is short (only if stock was lowered behind the reservations' back).
    @discardableResult
    public func markPaid(orderId: String, reference: String) throws(OrderError) -> Order? {
        guard let order = try reading({ tx in try Order.load(tx, id: orderId) }) else { throw .unknownOrder(orderId) }
        return try markPaid(order, chargeId: reference)
    }

    /// The other method refused this attempt while the shopper is still there (a bank rejected):
    /// the jars go back on the shelf, the order waits for another attempt (another bank), as a
    /// declined card's order does. Abandoned, it ends after a day (`closeAbandoned`).
    @discardableResult
    public func releaseExternalAttempt(orderId: String, reason: String) throws(OrderError) -> Order {
        try releaseAttempt(orderId, reason: reason, endOrder: false)
        guard let order = try reading({ tx in try Order.load(tx, id: orderId) }) else { throw .unknownOrder(orderId) }
        return order
    }

    /// The session's order of this method that an earlier attempt left waiting (nothing reserved,
    /// not paid) while it still holds exactly the cart: the next attempt pays the same order.
    public func openExternalOrder(for sessionKey: String, kind: ExternalPaymentKind) throws(OrderError) -> Order? {
        try reading { tx in
            let cart = try carts.existingCart(tx, sessionKey: sessionKey)
            let open = try tx.fetchOne(OrderRecord.self, """
                SELECT * FROM orders o WHERE o.session_key = ? AND o.state = ? AND o.payment_kind = ? AND NOT \(Self.jarsHeld)
                ORDER BY \(Self.newestFirst(tx)) LIMIT 1
                """, sessionKey, OrderState.pendingPayment, kind)?.order(tx)
            return open.flatMap { Self.holds($0, the: cart) ? $0 : nil }
        }
    }

    /// The other method failed or was cancelled: the reservation goes, the cart stays.
    @discardableResult
    public func markFailed(orderId: String, reason: String) throws(OrderError) -> Order {
        try markFailed(orderId, reason: reason)
        guard let order = try reading({ tx in try Order.load(tx, id: orderId) }) else { throw .unknownOrder(orderId) }
        return order
    }

    /// Notes what the other method's status is asked about later (the wallet source, the bank
    /// payment and its token), for an order whose outcome is not known yet.
    public func noteExternalReference(orderId: String, reference: ExternalReference) throws(OrderError) {
        try writing { tx in
            try tx.execute("UPDATE orders SET payment_reference = ?, payment_token = ? WHERE id = ?", reference.identifier, reference.token, orderId)
        }
    }

    /// The reference noted with `noteExternalReference`, if any.
    public func externalReference(orderId: String) throws(OrderError) -> ExternalReference? {
        try reading { tx in try OrderRecord.stored(tx, id: orderId).flatMap(ExternalReference.init(noted:)) }
    }

    /// Settles the orders of this method still waiting on their payment (a wallet's possible
    /// success, a bank's `wait`): `status` is asked about each order's noted reference. Paid marks
    /// the order paid (stock down, cart emptied, once), failed releases the jars, pending keeps
    /// them. Returns the orders it changed.
    @discardableResult
    public func reconcileExternalPayments(kind: ExternalPaymentKind, status: (ExternalReference) -> ExternalPaymentStatus) throws(OrderError) -> [Order] {
        let waiting = try reading { tx in
            try tx.fetchAll(OrderRecord.self, """
                SELECT * FROM orders o WHERE o.payment_kind = ? AND o.state = ? AND o.payment_reference IS NOT NULL AND \(Self.jarsHeld)
                ORDER BY \(Self.oldestFirst(tx))
                """, kind, OrderState.pendingPayment)
                .compactMap { record in ExternalReference(noted: record).map { (id: record.id, reference: $0) } }
        }
        var changed: [Order] = []
        for order in waiting {
            switch status(order.reference) {
            case .pending: continue
            case .paid(let reference): if let paid = try markPaid(orderId: order.id, reference: reference) { changed.append(paid) }
            case .failed(let reason): changed.append(try markFailed(orderId: order.id, reason: reason))
            }
        }
        return changed
    }

    /// Bank payments and wallet sources made out to an order that has not noted them (its
    /// counter died, or its write failed, between making the payment and noting it): noted now,
    /// whoever owns the order, so that the settler asks about them like any other. The money
    /// may have moved already: a wallet can be consumed before its order hears of it.
    @discardableResult
    public func noteFoundExternalPayments() throws(OrderError) -> [String] {
        let found = try reading { tx in
            try tx.fetchAll(OrderRecord.self, """
                SELECT * FROM orders o WHERE o.state = ? AND o.payment_kind IN (?, ?) AND o.payment_reference IS NULL AND \(Self.jarsHeld)
                ORDER BY \(tx.engine.bytewise("o.id"))
                """, OrderState.pendingPayment, ExternalPaymentKind.bank, ExternalPaymentKind.wallet)
                .compactMap { record -> (id: String, reference: ExternalReference)? in
                    try Self.paymentMadeOut(tx, for: record).map { (record.id, $0) }
                }
        }
        for entry in found { try noteExternalReference(orderId: entry.id, reference: entry.reference) }
        return found.map(\.id)
    }

    /// Orders paid by bank, wallet or express that noted nothing to ask about and made no
    /// payment at all, whose counter died or that have waited `age` (the flow was given up
    /// before its payment was made): released and ended. An order with a payment made out to
    /// its number is never one of them, noted or not (`noteFoundExternalPayments` notes it).
    @discardableResult
    public func releaseUnreferencedExternalPayments(isAlive: (String?) -> Bool, olderThan age: TimeInterval = 30 * 60) throws(OrderError) -> [Order] {
        let cutoff = clock.now.addingTimeInterval(-age).milliseconds
        let orphans = try reading { tx in
            try tx.fetchAll(OrderRecord.self, """
                SELECT * FROM orders o WHERE o.state = ? AND \(Self.jarsHeld)
                  AND ((o.payment_kind IN (?, ?) AND o.payment_reference IS NULL) OR (o.payment_kind = ? AND o.payment_key IS NULL))
                ORDER BY \(tx.engine.bytewise("o.id"))
                """, OrderState.pendingPayment, ExternalPaymentKind.bank, ExternalPaymentKind.wallet, ExternalPaymentKind.express)
                .filter { record in try Self.paymentMadeOut(tx, for: record) == nil }
        }
        var changed: [Order] = []
        for orphan in orphans where !isAlive(orphan.owner) || orphan.updatedAt.milliseconds <= cutoff {
            changed.append(try markFailed(orderId: orphan.id, reason: "not_started"))
        }
        return changed
    }

    /// The newest bank payment or wallet source made out to an order's number (a bank payment's
    /// reference is the number; a source is described as the order), if any.
    static func paymentMadeOut(_ tx: any CoreTransaction, for order: OrderRecord) throws -> ExternalReference? {
        switch order.paymentKind {
        case .bank:
            try tx.fetchOne(BankResourceRecord.self, "SELECT * FROM bank_resources WHERE kind = ? AND reference = ? ORDER BY created_at DESC LIMIT 1",
                            BankPayments.Kind.payment, order.number)
                .map { ExternalReference(identifier: $0.id, token: $0.token) }
        case .wallet:
            try tx.fetchOne(SourceRecord.self, "SELECT * FROM sources WHERE description = ? ORDER BY created_at DESC LIMIT 1",
                            Order.paymentDescription(number: order.number))
                .map { ExternalReference(identifier: $0.id) }
        case .express, .auction, .subscription, .cash, nil:
            nil
        }
    }

    /// Orders of this method whose payment is still open (jars reserved), oldest first: what the
    /// app's due-work timer asks the method's status about.
    public func pendingExternalPayments(kind: ExternalPaymentKind) throws(OrderError) -> [Order] {
        try reading { tx in
            try tx.fetchAll(OrderRecord.self, "SELECT * FROM orders o WHERE o.payment_kind = ? AND o.state = ? AND \(Self.jarsHeld) ORDER BY \(Self.oldestFirst(tx))",
                            kind, OrderState.pendingPayment).map { try $0.order(tx) }
        }
    }
}

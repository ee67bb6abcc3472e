import Foundation
import GRDB

/// Refunding a paid card order, whole or in part, by the same ledger rule as paying it: the
/// intent (amount, jars, the charge refund's id) is committed before the charge is asked; the
/// answer is committed with all it implies (jars back on the shelf, the order `refunded` once
/// nothing is left) in one transaction; an answer that cannot be written is the settler's
/// (`finishRefunds`). The idempotency key makes a retried or double-pressed refund refund once.
extension Orders {
    /// Refunds what `request` says of a paid card order. The same `idempotencyKey` asked again
    /// answers the first refund (and finishes it if it was left half-done), never a second one.
    public func refund(orderId: String, _ request: RefundRequest, idempotencyKey: String,
                       completion: @escaping (Result<OrderRefund, RefundError>) -> Void) {
        let intent: RefundIntent
        do throws(RefundError) {
            intent = try refundWrite { db in try self.beginRefund(db, orderId: orderId, request, key: idempotencyKey) }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        switch intent.row.state {
        case .refunded: scheduler.answer(completion, with: .success(intent.refund))
        case .failed: scheduler.answer(completion, with: .failure(.declined(PaymentDecline(code: intent.row.failure ?? "failed", cause: .canceled))))
        case .requested: askRefund(intent.row, amount: intent.refund.amount, chargeId: intent.chargeId, completion: completion)
        }
    }

    /// Refunds a paid order in full and puts its jars back on the shelf (what is left of it, when
    /// part went back before). Asked again, it answers the same refund.
    public func refund(orderId: String, completion: @escaping (Result<Order, OrderError>) -> Void) {
        refund(orderId: orderId, .everythingLeft, idempotencyKey: "order-\(orderId)-refund") { [self] result in
            switch result {
            case .success:
                completion(Result { () throws(OrderError) in
                    guard let order = try read({ db in try Order.load(db, id: orderId) }) else { throw OrderError.unknownOrder(orderId) }
                    return order
                })
            case .failure(.outcomeUnknown):
                let number = try? read { db in try Order.load(db, id: orderId)?.number }
                completion(.failure(.outcomeUnknown(number: number ?? orderId)))
            case .failure(let error): completion(.failure(Self.orderError(error, orderId: orderId)))
            }
        }
    }

    /// The refunds of an order, oldest first, in every state.
    public func refunds(orderId: String) throws(OrderError) -> [OrderRefund] {
        try read { db in
            guard let number = try String.fetchOne(db, sql: "SELECT number FROM orders WHERE id = ?", arguments: [orderId]) else { return [] }
            return try OrderRefundRecord.filter(OrderRefundRecord.Columns.orderId == orderId)
                .order(OrderRefundRecord.Columns.createdAt, Column("id")).fetchAll(db).map { try $0.refund(db, orderNumber: number) }
        }
    }

    /// Finishes refunds left half-done by a counter that stopped or could not write: a refund
    /// whose money went back is committed (jars back once, the order `refunded` when nothing is
    /// left); one whose charge was never refunded is asked again under the same refund id, so
    /// the operator's refund happens once. Orders refunded before refunds had rows of their own
    /// (a paid order whose charge is refunded in full) are marked refunded, their jars back.
    /// Returns the orders it changed.
    @discardableResult
    public func finishRefunds() throws(OrderError) -> [Order] {
        let asked = try read { db in
            try OrderRefundRecord.filter(OrderRefundRecord.Columns.state == OrderRefundState.requested).order(Column("id")).fetchAll(db)
        }
        var changed: [String] = []
        for row in asked {
            let moneyBack = try read { db in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM refunds WHERE id = ?)", arguments: [row.chargeRefundId]) ?? false
            }
            if moneyBack {
                if try write({ db in try self.commitRefund(db, row.id) }) != nil { changed.append(row.orderId) }
            } else if let asked = try read({ db in try Order.load(db, id: row.orderId).map { ($0.chargeId, try row.refund(db, orderNumber: $0.number)) } }),
                      let chargeId = asked.0 {
                askRefund(row, amount: asked.1.amount, chargeId: chargeId) { _ in }
            }
        }
        changed += try write { db in
            let ids = try String.fetchAll(db, sql: """
                SELECT o.id FROM orders o JOIN charges c ON c.id = o.charge_id
                WHERE o.state = 'paid' AND c.status = 'succeeded' AND c.amount_captured > 0 AND c.amount_refunded >= c.amount_captured
                AND NOT EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id)
                ORDER BY o.id
                """)
            return try ids.compactMap { id in
                guard let order = try Order.load(db, id: id) else { return nil }
                try Self.putBack(db, order.lines)
                try setState(db, id, .refunded, failure: nil, chargeId: order.chargeId)
                return id
            }
        }
        return try read { db in try changed.compactMap { try Order.load(db, id: $0) } }
    }

    // MARK: - The steps

    struct RefundIntent {
        let row: OrderRefundRecord
        let refund: OrderRefund
        let chargeId: String
    }

    /// Step 1: the intent, or the refund already asked under `key`.
    func beginRefund(_ db: Database, orderId: String, _ request: RefundRequest, key: String) throws -> RefundIntent {
        guard let order = try Order.load(db, id: orderId) else { throw RefundError.order(.unknownOrder(orderId)) }
        if let asked = try OrderRefundRecord.filter(OrderRefundRecord.Columns.idempotencyKey == key).fetchOne(db) {
            guard let chargeId = order.chargeId, asked.orderId == orderId else { throw RefundError.invalidAmount }
            return RefundIntent(row: asked, refund: try asked.refund(db, orderNumber: order.number), chargeId: chargeId)
        }
        guard order.state == .paid else { throw RefundError.order(.notRefundable(order.state)) }
        // Bank and wallet orders note their payment's own id where a card order notes its charge.
        let kind = try OrderRecord.fetchOne(db, key: orderId)?.paymentKind
        guard let chargeId = order.chargeId, kind == nil || kind == .express else { throw RefundError.notPaidByCard(number: order.number) }
        let left = try RefundBalance(db, order: order)
        let (amount, returned) = try left.refund(for: request)
        let row = OrderRefundRecord(id: ids.next("orf"), orderId: orderId, idempotencyKey: key, amountMinor: amount.minorUnits,
                                    currency: amount.currency.code, state: .requested, chargeRefundId: ids.next("re"), failure: nil,
                                    createdAt: clock.now, updatedAt: clock.now, requestedBy: owner)
        try row.insert(db)
        for line in returned { try OrderRefundLineRecord(refundId: row.id, position: line.position, quantity: line.quantity).insert(db) }
        try events.record(db, type: "order.refund_requested", subject: orderId, data: [
            "refund": row.id, "amount": String(amount.minorUnits), "currency": amount.currency.code,
            "jars": String(returned.reduce(0) { $0 + $1.quantity }),
        ])
        return RefundIntent(row: row, refund: try row.refund(db, orderNumber: order.number), chargeId: chargeId)
    }

    /// Step 2 and 3: asks the charge for the money back under the intent's refund id, then
    /// commits the answer.
    func askRefund(_ row: OrderRefundRecord, amount: Money, chargeId: String, completion: @escaping (Result<OrderRefund, RefundError>) -> Void) {
        charges.refund(chargeId: chargeId, amount: amount, refundId: row.chargeRefundId) { [self] answer in
            switch answer {
            case .success:
                do throws(OrderError) {
                    guard let refund = try write({ db in try self.commitRefund(db, row.id) }) else {
                        return completion(.failure(.outcomeUnknown(refundId: row.id)))
                    }
                    completion(.success(refund))
                } catch {
                    // The money went back; the jars and the order wait for the settler.
                    completion(.failure(.outcomeUnknown(refundId: row.id)))
                }
            case .failure(let decline):
                // Refused before money moved. Should the refusal not be written, the intent stays
                // asked and the settler asks again: not known until then.
                do throws(OrderError) {
                    try write { db in try self.failRefund(db, row.id, reason: decline.code) }
                    completion(.failure(.declined(decline)))
                } catch {
                    completion(.failure(.outcomeUnknown(refundId: row.id)))
                }
            }
        }
    }

    /// The money is back: the jars too, and the order is `refunded` once nothing is left to give
    /// back. Decided inside the transaction, so the same refund committed twice (a retry, the
    /// settler) changes things once. Nil when the refund is not known.
    func commitRefund(_ db: Database, _ refundId: String) throws -> OrderRefund? {
        guard var row = try OrderRefundRecord.fetchOne(db, key: refundId),
              let order = try Order.load(db, id: row.orderId) else { return nil }
        guard row.state != .refunded else { return try row.refund(db, orderNumber: order.number) }
        row.state = .refunded
        row.failure = nil
        row.updatedAt = clock.now
        try row.update(db)
        let returned = try OrderRefundLineRecord.filter(OrderRefundLineRecord.Columns.refundId == refundId).fetchAll(db)
        try Self.putBack(db, returned.compactMap { line in
            order.lines.indices.contains(line.position) ? order.lines[line.position].returning(line.quantity) : nil
        })
        try events.record(db, type: "order.refund_succeeded", subject: order.id, data: [
            "refund": row.id, "amount": String(row.amountMinor), "currency": row.currency,
        ])
        let refundedSoFar = try Int64.fetchOne(db, sql: """
            SELECT COALESCE(SUM(amount_minor), 0) FROM order_refunds WHERE order_id = ? AND state = 'refunded'
            """, arguments: [order.id]) ?? 0
        if refundedSoFar >= order.total.minorUnits, order.state == .paid {
            try setState(db, order.id, .refunded, failure: nil, chargeId: order.chargeId)
        }
        return try row.refund(db, orderNumber: order.number)
    }

    func failRefund(_ db: Database, _ refundId: String, reason: String) throws {
        guard var row = try OrderRefundRecord.fetchOne(db, key: refundId), row.state == .requested else { return }
        row.state = .failed
        row.failure = reason
        row.updatedAt = clock.now
        try row.update(db)
        try events.record(db, type: "order.refund_failed", subject: row.orderId, data: ["refund": row.id, "reason": reason])
    }

    /// A write whose refusals stay `RefundError`s (the orders' own `write` would word them as storage).
    private func refundWrite<T>(_ body: (Database) throws -> T) throws(RefundError) -> T {
        do { return try database.write(body) } catch let error as RefundError { throw error } catch let error as OrderError {
            throw .order(error)
        } catch {
            throw .order(.storage(String(describing: error)))
        }
    }

    static func orderError(_ error: RefundError, orderId: String) -> OrderError {
        switch error {
        case .order(let error): error
        case .declined(let decline): .paymentDeclined(decline)
        case .outcomeUnknown: .outcomeUnknown(number: orderId)
        case .nothingLeft: .notRefundable(.refunded)
        case .notPaidByCard, .invalidAmount, .exceedsRefundable, .unknownLine, .exceedsReturnable: .notRefundable(.paid)
        }
    }
}

extension OrderLine {
    /// `quantity` of this line's jars, as they come back.
    func returning(_ quantity: Int) -> OrderLine {
        OrderLine(productId: productId, name: name, unitPrice: unitPrice, quantity: quantity)
    }
}

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
            intent = try refundWrite { tx in try self.beginRefund(tx, orderId: orderId, request, key: idempotencyKey) }
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
                    guard let order = try reading({ tx in try Order.load(tx, id: orderId) }) else { throw OrderError.unknownOrder(orderId) }
                    return order
                })
            case .failure(.outcomeUnknown):
                let number = try? reading { tx in try Order.load(tx, id: orderId)?.number }
                completion(.failure(.outcomeUnknown(number: number ?? orderId)))
            case .failure(let error): completion(.failure(Self.orderError(error, orderId: orderId)))
            }
        }
    }

    /// The refunds of an order, oldest first, in every state.
    public func refunds(orderId: String) throws(OrderError) -> [OrderRefund] {
        try reading { tx in
            guard let number = try tx.fetchValue(String.self, "SELECT number FROM orders WHERE id = ?", orderId) else { return [] }
            return try tx.fetchAll(OrderRefundRecord.self, "SELECT * FROM order_refunds WHERE order_id = ? ORDER BY created_at, \(tx.engine.bytewise("id"))",
                                   orderId).map { try $0.refund(tx, orderNumber: number) }
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
        let asked = try reading { tx in
            try tx.fetchAll(OrderRefundRecord.self, "SELECT * FROM order_refunds WHERE state = ? ORDER BY \(tx.engine.bytewise("id"))",
                            OrderRefundState.requested)
        }
        var changed: [String] = []
        for row in asked {
            let moneyBack = try reading { tx in try tx.exists("SELECT 1 FROM refunds WHERE id = ?", row.chargeRefundId) }
            if moneyBack {
                if try writing({ tx in try self.commitRefund(tx, row.id) }) != nil { changed.append(row.orderId) }
            } else if let asked = try reading({ tx in try Order.load(tx, id: row.orderId).map { ($0.chargeId, try row.refund(tx, orderNumber: $0.number)) } }),
                      let chargeId = asked.0 {
                askRefund(row, amount: asked.1.amount, chargeId: chargeId) { _ in }
            }
        }
        changed += try writing { tx in
            let ids = try tx.fetchValues(String.self, """
                SELECT o.id FROM orders o JOIN charges c ON c.id = o.charge_id
                WHERE o.state = ? AND c.status = 'succeeded' AND c.amount_captured > 0 AND c.amount_refunded >= c.amount_captured
                AND NOT EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id)
                ORDER BY \(tx.engine.bytewise("o.id"))
                """, OrderState.paid)
            return try ids.compactMap { id in
                // Locked on a server: another counter's settler doing the same waits, then finds it refunded.
                guard let order = try OrderRecord.stored(tx, id: id, locking: true)?.order(tx), order.state == .paid else { return nil }
                try Self.putBack(tx, order.lines)
                try setState(tx, id, .refunded, failure: nil, chargeId: order.chargeId)
                if let chargeId = order.chargeId { try bookChargeRefunds(tx, orderId: id, chargeId: chargeId) }
                return id
            }
        }
        return try reading { tx in try changed.compactMap { try Order.load(tx, id: $0) } }
    }

    // MARK: - The steps

    struct RefundIntent {
        let row: OrderRefundRecord
        let refund: OrderRefund
        let chargeId: String
    }

    /// Step 1: the intent, or the refund already asked under `key`.
    /// The order's row is locked first on a server: two counters refunding the same order take
    /// turns, and the second reads what the first left to refund.
    func beginRefund(_ tx: any CoreTransaction, orderId: String, _ request: RefundRequest, key: String) throws -> RefundIntent {
        guard let record = try OrderRecord.stored(tx, id: orderId, locking: true) else { throw RefundError.order(.unknownOrder(orderId)) }
        let order = try record.order(tx)
        if let asked = try tx.fetchOne(OrderRefundRecord.self, "SELECT * FROM order_refunds WHERE idempotency_key = ?", key) {
            guard let chargeId = order.chargeId, asked.orderId == orderId else { throw RefundError.invalidAmount }
            return RefundIntent(row: asked, refund: try asked.refund(tx, orderNumber: order.number), chargeId: chargeId)
        }
        guard order.state == .paid else { throw RefundError.order(.notRefundable(order.state)) }
        // Bank and wallet orders note their payment's own id where a card order notes its charge.
        let kind = record.paymentKind
        guard let chargeId = order.chargeId, kind == nil || kind == .express else { throw RefundError.notPaidByCard(number: order.number) }
        let left = try RefundBalance(tx, order: order)
        let (amount, returned) = try left.refund(for: request)
        let row = OrderRefundRecord(id: ids.next("orf"), orderId: orderId, idempotencyKey: key, amountMinor: amount.minorUnits,
                                    currency: amount.currency.code, state: .requested, chargeRefundId: ids.next("re"), failure: nil,
                                    createdAt: clock.now, updatedAt: clock.now, requestedBy: owner)
        try tx.insert(row)
        for line in returned { try tx.insert(OrderRefundLineRecord(refundId: row.id, position: line.position, quantity: line.quantity)) }
        try events.record(tx, type: "order.refund_requested", subject: orderId, data: [
            "refund": row.id, "amount": String(amount.minorUnits), "currency": amount.currency.code,
            "jars": String(returned.reduce(0) { $0 + $1.quantity }),
        ])
        return RefundIntent(row: row, refund: try row.refund(tx, orderNumber: order.number), chargeId: chargeId)
    }

    /// Step 2 and 3: asks the charge for the money back under the intent's refund id, then
    /// commits the answer.
    func askRefund(_ row: OrderRefundRecord, amount: Money, chargeId: String, completion: @escaping (Result<OrderRefund, RefundError>) -> Void) {
        charges.refund(chargeId: chargeId, amount: amount, refundId: row.chargeRefundId) { [self] answer in
            switch answer {
            case .success:
                do throws(OrderError) {
                    guard let refund = try writing({ tx in try self.commitRefund(tx, row.id) }) else {
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
                    try writing { tx in try self.failRefund(tx, row.id, reason: decline.code) }
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
    /// The refund's row is locked first on a server: the answer and a settler committing the
    /// same refund take turns, and the jars come back once.
    func commitRefund(_ tx: any CoreTransaction, _ refundId: String) throws -> OrderRefund? {
        guard var row = try Self.storedRefund(tx, refundId),
              let order = try Order.load(tx, id: row.orderId) else { return nil }
        guard row.state != .refunded else { return try row.refund(tx, orderNumber: order.number) }
        row.state = .refunded
        row.failure = nil
        row.updatedAt = clock.now
        try tx.update(row)
        let returned = try tx.fetchAll(OrderRefundLineRecord.self, "SELECT * FROM order_refund_lines WHERE refund_id = ?", refundId)
        try Self.putBack(tx, returned.compactMap { line in
            order.lines.indices.contains(line.position) ? order.lines[line.position].returning(line.quantity) : nil
        })
        try MoneyLedger.bookRefund(tx, orderId: order.id, refundId: row.chargeRefundId, amountMinor: row.amountMinor, currency: row.currency,
                                   at: clock.now, counter: counterName)
        try events.record(tx, type: "order.refund_succeeded", subject: order.id, data: [
            "refund": row.id, "amount": String(row.amountMinor), "currency": row.currency,
        ])
        let refundedSoFar = try tx.fetchValue(Int64.self, """
            SELECT COALESCE(SUM(amount_minor), 0) FROM order_refunds WHERE order_id = ? AND state = ?
            """, order.id, OrderRefundState.refunded) ?? 0
        if refundedSoFar >= order.total.minorUnits, order.state == .paid {
            try setState(tx, order.id, .refunded, failure: nil, chargeId: order.chargeId)
        }
        return try row.refund(tx, orderNumber: order.number)
    }

    /// Books each refund of a charge made outside an order refund (a short shelf, a refund from
    /// before refunds had rows of their own).
    func bookChargeRefunds(_ tx: any CoreTransaction, orderId: String, chargeId: String) throws {
        let refunds = try tx.rows("SELECT r.id, r.amount, c.currency FROM refunds r JOIN charges c ON c.id = r.charge_id WHERE r.charge_id = ?", chargeId)
        for refund in refunds {
            try MoneyLedger.bookRefund(tx, orderId: orderId, refundId: try refund.value(String.self, "id"), amountMinor: try refund.value(Int64.self, "amount"),
                                       currency: try refund.value(String.self, "currency"), at: clock.now, counter: counterName)
        }
    }

    func failRefund(_ tx: any CoreTransaction, _ refundId: String, reason: String) throws {
        guard var row = try Self.storedRefund(tx, refundId), row.state == .requested else { return }
        row.state = .failed
        row.failure = reason
        row.updatedAt = clock.now
        try tx.update(row)
        try events.record(tx, type: "order.refund_failed", subject: row.orderId, data: ["refund": row.id, "reason": reason])
    }

    private static func storedRefund(_ tx: any CoreTransaction, _ id: String) throws -> OrderRefundRecord? {
        try tx.fetchOne(OrderRefundRecord.self, "SELECT * FROM order_refunds WHERE id = ?\(tx.engine.forUpdate)", id)
    }

    /// A write whose refusals stay `RefundError`s (the orders' own `write` would word them as storage).
    private func refundWrite<T>(_ body: (any CoreTransaction) throws -> T) throws(RefundError) -> T {
        do { return try store.write(body) } catch let error as RefundError { throw error } catch let error as OrderError {
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

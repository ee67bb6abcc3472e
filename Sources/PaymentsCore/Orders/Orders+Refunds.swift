import Foundation
import GRDB

/// Refunding a paid order, whole or in part, by the same ledger rule as paying it, through the
/// tender that took the money (`RefundRoute`: the card's charge, the bank payment, the wallet
/// source): the intent (amount, jars, the tender's refund id) is committed before the tender is asked; the
/// answer is committed with all it implies (jars back on the shelf, the order `refunded` once
/// nothing is left) in one transaction; an answer that cannot be written is the settler's
/// (`finishRefunds`). The idempotency key makes a retried or double-pressed refund refund once.
extension Orders {
    /// Refunds what `request` says of a paid order, through its tender. The same `idempotencyKey` asked again
    /// answers the first refund (and finishes it if it was left half-done), never a second one.
    /// `signedBy` names who refunds and the manager who approved (nil: a shop without staff);
    /// a cashier's refund without a manager's approval is refused, nothing written.
    public func refund(orderId: String, _ request: RefundRequest, idempotencyKey: String, signedBy signature: StaffSignature? = nil,
                       completion: @escaping (Result<OrderRefund, RefundError>) -> Void) {
        let legs: [RefundIntent]
        do throws(RefundError) {
            legs = try refundWrite { tx in
                try self.beginRefund(tx, orderId: orderId, request, key: idempotencyKey, signedBy: signature).map { try self.givingCashAtOnce(tx, $0) }
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        answer(legs, idempotencyKey: idempotencyKey, completion: completion)
    }

    /// Each leg's answer (a refund of one tender has one leg), then the refund as a whole: done
    /// when every leg is; else the first leg's refusal or, should any leg's outcome not be
    /// known, not known. Every leg is asked, whatever another answered: each is the operator's
    /// intent on disk, which the settler would finish anyway.
    func answer(_ legs: [RefundIntent], idempotencyKey: String, completion: @escaping (Result<OrderRefund, RefundError>) -> Void) {
        var answers: [Result<OrderRefund, RefundError>?] = Array(repeating: nil, count: legs.count)
        let answered = { (index: Int, result: Result<OrderRefund, RefundError>) in
            answers[index] = result
            let all = answers.compactMap { $0 }
            guard all.count == legs.count else { return }
            let done = all.compactMap { try? $0.get() }
            if done.count == all.count { return completion(.success(OrderRefund(legs: done, idempotencyKey: idempotencyKey))) }
            let errors = all.compactMap { result -> RefundError? in if case .failure(let error) = result { error } else { nil } }
            let unknown = errors.first { if case .outcomeUnknown = $0 { true } else { false } }
            completion(.failure(unknown ?? errors[0]))
        }
        for (index, leg) in legs.enumerated() {
            switch leg.row.state {
            case .refunded: scheduler.answer({ answered(index, $0) }, with: .success(leg.refund))
            case .failed:
                scheduler.answer({ answered(index, $0) },
                                 with: .failure(.declined(PaymentDecline(code: leg.row.failure ?? "failed", cause: .canceled))))
            case .requested: askRefund(leg.row, amount: leg.refund.amount, route: leg.route) { answered(index, $0) }
            }
        }
    }

    /// Refunds a paid order in full and puts its jars back on the shelf (what is left of it, when
    /// part went back before). Asked again, it answers the same refund.
    public func refund(orderId: String, signedBy signature: StaffSignature? = nil, completion: @escaping (Result<Order, OrderError>) -> Void) {
        refund(orderId: orderId, .everythingLeft, idempotencyKey: "order-\(orderId)-refund", signedBy: signature) { [self] result in
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
    /// left); one its bank has and has not executed yet waits for it; one its tender never had
    /// is asked again under the same refund id, so
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
            guard let (route, refund) = try reading({ tx in
                try OrderRecord.stored(tx, id: row.orderId).flatMap { order in
                    // The leg's own tender (a split's part, its order failed once given back), not the order's last.
                    try RefundRoute(order, tx, refund: row).map { ($0, try row.refund(tx, orderNumber: order.number)) }
                }
            }) else { continue }
            switch try moneyBack(row, route: route) {
            case .back:
                if try writing({ tx in try self.commitRefund(tx, row.id) }) != nil { changed.append(row.orderId) }
            case .onItsWay:
                continue
            case .notAsked:
                askRefund(row, amount: refund.amount, route: route) { _ in }
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
                try putBack(tx, order.lines, reference: id)
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
        let route: RefundRoute
    }

    /// Step 1: the intent, or the refund already asked under `key`: one leg for an order paid by
    /// one tender, one per part it goes back to for an order paid in parts (`SplitRefundPlan`).
    /// The order's row is locked first on a server: two counters refunding the same order take
    /// turns, and the second reads what the first left to refund.
    func beginRefund(_ tx: any CoreTransaction, orderId: String, _ request: RefundRequest, key: String,
                     signedBy signature: StaffSignature? = nil) throws -> [RefundIntent] {
        do throws(StaffError) { try StaffCheck.require(.refund, by: signature, in: tx) } catch { throw RefundError.staff(error) }
        guard let record = try OrderRecord.stored(tx, id: orderId, locking: true) else { throw RefundError.order(.unknownOrder(orderId)) }
        let order = try record.order(tx)
        if let asked = try askedBefore(tx, key: key) {
            guard asked.allSatisfy({ $0.row.orderId == orderId }) else { throw RefundError.invalidAmount }
            return asked
        }
        guard order.state == .paid else { throw RefundError.order(.notRefundable(order.state)) }
        let left = try RefundBalance(tx, order: order)
        let (amount, returned) = try left.refund(for: request)
        let legs: [RefundLegIntent]
        if let parts = try SplitRefundPlan.parts(tx, orderId: orderId) {
            legs = try SplitRefundPlan(tx, parts: parts, amountMinor: amount.minorUnits, currency: amount.currency).legs.map { ($0.part, $0.amountMinor) }
        } else {
            legs = [(nil, amount.minorUnits)]
        }
        return try writeLegs(tx, record, legs, returned: returned, currency: amount.currency, key: key, signedBy: signature)
    }

    typealias RefundLegIntent = (paidBy: LedgerEntryRecord?, amountMinor: Int64)

    /// The refund asked under `key` before (all its legs), nil when none was.
    func askedBefore(_ tx: any CoreTransaction, key: String) throws -> [RefundIntent]? {
        let asked = try tx.fetchAll(OrderRefundRecord.self, "SELECT * FROM order_refunds WHERE idempotency_key = ? OR request_key = ?", key, key)
        guard !asked.isEmpty else { return nil }
        return try Self.inLegOrder(asked, key: key).map { row in
            guard let record = try OrderRecord.stored(tx, id: row.orderId), let route = try RefundRoute(record, tx, refund: row) else {
                throw RefundError.invalidAmount
            }
            return RefundIntent(row: row, refund: try row.refund(tx, orderNumber: record.number), route: route)
        }
    }

    /// A refund's intent on disk, leg by leg: the operator's key on the first, `key#2`… on the
    /// others; the jars (when any come back) with the first.
    func writeLegs(_ tx: any CoreTransaction, _ record: OrderRecord, _ legs: [RefundLegIntent], returned: [ReturnedLine],
                   currency: Currency, key: String, signedBy signature: StaffSignature?) throws -> [RefundIntent] {
        try legs.enumerated().map { index, leg in
            var row = OrderRefundRecord(id: ids.next("orf"), orderId: record.id, idempotencyKey: index == 0 ? key : "\(key)#\(index + 1)",
                                        amountMinor: leg.amountMinor, currency: currency.code, state: .requested,
                                        chargeRefundId: ids.next("re"), failure: nil, createdAt: clock.now, updatedAt: clock.now,
                                        requestedBy: owner, paidBy: leg.paidBy?.answerId, tender: leg.paidBy?.tender,
                                        requestKey: leg.paidBy == nil ? nil : key)
            row.signature = signature
            // Bank and wallet orders note their payment's own id where a card order notes its charge.
            guard let route = try RefundRoute(record, tx, refund: row), canAsk(route) else {
                throw leg.paidBy == nil ? RefundError.notPaidByCard(number: record.number) : RefundError.splitTender(number: record.number)
            }
            try tx.insert(row)
            // The jars come back once, with the first leg (cash, given at once, when there is any).
            let jars = index == 0 ? returned : []
            for line in jars { try tx.insert(OrderRefundLineRecord(refundId: row.id, position: line.position, quantity: line.quantity)) }
            var data = ["refund": row.id, "amount": String(leg.amountMinor), "currency": currency.code,
                        "jars": String(jars.reduce(0) { $0 + $1.quantity }), "tender": route.tender.rawValue]
            if let part = leg.paidBy { data["part"] = part.answerId }
            try events.record(tx, type: "order.refund_requested", subject: record.id,
                              data: data.merging(signature?.eventFields ?? [:]) { first, _ in first })
            return RefundIntent(row: row, refund: try row.refund(tx, orderNumber: record.number), route: route)
        }
    }

    /// A split refund's legs as they were written: the operator's key first, then `key#2`, `key#3`…
    static func inLegOrder(_ rows: [OrderRefundRecord], key: String) -> [OrderRefundRecord] {
        func leg(_ row: OrderRefundRecord) -> Int {
            row.idempotencyKey == key ? 1 : Int(row.idempotencyKey.split(separator: "#").last ?? "") ?? Int.max
        }
        return rows.sorted { leg($0) < leg($1) }
    }

    /// The legs a refund of `orderId` would go back through, as `beginRefund` would write them,
    /// for the operator to see before confirming: nil for an order paid by one tender.
    public func refundPlan(orderId: String, _ request: RefundRequest) throws(RefundError) -> [RefundLeg]? {
        try refundRead { tx in
            guard let parts = try SplitRefundPlan.parts(tx, orderId: orderId), let order = try Order.load(tx, id: orderId) else { return nil }
            let (amount, _) = try RefundBalance(tx, order: order).refund(for: request)
            return try SplitRefundPlan(tx, parts: parts, amountMinor: amount.minorUnits, currency: amount.currency).legs.map { leg in
                RefundLeg(part: try leg.part.entry(), amount: Money(minorUnits: leg.amountMinor, currency: amount.currency))
            }
        }
    }

    /// Cash goes back across the counter, not through anyone outside: the refund is given and
    /// booked in the transaction that asks it, so no cash refund is ever half-done on disk (the
    /// drawer opens once it is written).
    func givingCashAtOnce(_ tx: any CoreTransaction, _ intent: RefundIntent) throws -> RefundIntent {
        guard case .cash = intent.route, intent.row.state == .requested else { return intent }
        try tx.insert(CashRefundRecord(id: intent.row.chargeRefundId, orderId: intent.row.orderId, amountMinor: intent.row.amountMinor,
                                       currency: intent.row.currency, at: clock.now, counter: counterName))
        guard let refund = try commitRefund(tx, intent.row.id), let row = try Self.storedRefund(tx, intent.row.id) else { return intent }
        return RefundIntent(row: row, refund: refund, route: intent.route)
    }

    /// Step 2 and 3: asks the order's tender for the money back under the intent's refund id,
    /// then commits the answer.
    func askRefund(_ row: OrderRefundRecord, amount: Money, route: RefundRoute, completion: @escaping (Result<OrderRefund, RefundError>) -> Void) {
        let answered = { [self] (answer: Result<Void, PaymentDecline>) in self.answered(row, answer, completion: completion) }
        switch route {
        case .card(let chargeId):
            charges.refund(chargeId: chargeId, amount: amount, refundId: row.chargeRefundId, completion: answered)
        case .wallet(let sourceId):
            guard let sources else { return answered(.failure(Self.noTender)) }
            sources.refund(sourceId: sourceId, amount: amount, refundId: row.chargeRefundId, completion: answered)
        case .bank(let paymentId):
            guard let bank else { return answered(.failure(Self.noTender)) }
            bank.refund(paymentId: paymentId, amount: amount, refundId: row.chargeRefundId) { answer in
                switch answer {
                case .executed: answered(.success(()))
                case .refused(let error): answered(.failure(PaymentDecline(code: "bank:" + error.code, cause: .refused(.notRefundable))))
                // Submitted, not read back: the money may be on its way; the settler asks the bank.
                case .notKnown: completion(.failure(.outcomeUnknown(refundId: row.id)))
                }
            }
        case .cash:
            // Given and booked when asked (`givingCashAtOnce`); only an intent from elsewhere gets here.
            answered(.success(()))
        }
    }

    /// The tender's answer, committed with all it implies.
    private func answered(_ row: OrderRefundRecord, _ answer: Result<Void, PaymentDecline>,
                          completion: @escaping (Result<OrderRefund, RefundError>) -> Void) {
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
        case .failure(let decline) where decline.isOwnWriteFailure:
            // Our write failed, not the tender: the intent stays asked, and the settler asks
            // again under the same refund id (a split's parts given back, their order closed,
            // would otherwise keep a part's money on a failed order with no refund to come).
            completion(.failure(.outcomeUnknown(refundId: row.id)))
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

    /// Whether this counter has the tender to ask (a core built without the bank or the wallets has not).
    private func canAsk(_ route: RefundRoute) -> Bool {
        switch route {
        case .card: true
        case .bank: bank != nil
        case .wallet: sources != nil
        case .cash: true
        }
    }

    private static let noTender = PaymentDecline(code: "no_tender", cause: .refused(.notRefundable))

    /// What the refund's tender says of its money.
    private func moneyBack(_ row: OrderRefundRecord, route: RefundRoute) throws(OrderError) -> MoneyBack {
        switch route {
        case .card:
            return try reading { tx in try tx.exists("SELECT 1 FROM refunds WHERE id = ?", row.chargeRefundId) } ? .back : .notAsked
        case .wallet:
            // A wallet source's own refund, or a card source's through its charge.
            return try reading { tx in
                try tx.exists("SELECT 1 FROM source_refunds WHERE id = ?", row.chargeRefundId)
                    || tx.exists("SELECT 1 FROM refunds WHERE id = ?", row.chargeRefundId)
            } ? .back : .notAsked
        case .cash:
            // Never on disk half-done (`givingCashAtOnce`): one that is was not written by a
            // counter, and whether the cash left the till only the till's count can say.
            return .onItsWay
        case .bank:
            guard let bank else { return .onItsWay }
            let status: BankRefundStatus?
            do throws(BankError) { status = try bank.refundStatus(refundId: row.chargeRefundId) } catch { throw .storage(error.code) }
            switch status {
            case .executed?: return .back
            case .submitted?: return .onItsWay
            case nil: return .notAsked
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
        try putBack(tx, returned.compactMap { line in
            order.lines.indices.contains(line.position) ? order.lines[line.position].returning(line.quantity) : nil
        }, reference: row.id)
        try MoneyLedger.bookRefund(tx, orderId: order.id, refundId: row.chargeRefundId, amountMinor: row.amountMinor, currency: row.currency,
                                   at: clock.now, counter: counterName, paidBy: row.paidBy)
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

    /// A read whose refusals stay `RefundError`s.
    private func refundRead<T>(_ body: (any CoreTransaction) throws -> T) throws(RefundError) -> T {
        do { return try store.read(body) } catch let error as RefundError { throw error } catch let error as OrderError {
            throw .order(error)
        } catch {
            throw .order(.storage(String(describing: error)))
        }
    }

    /// A write whose refusals stay `RefundError`s (the orders' own `write` would word them as storage).
    func refundWrite<T>(_ body: (any CoreTransaction) throws -> T) throws(RefundError) -> T {
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
        case .notPaidByCard, .splitTender, .invalidAmount, .staff, .exceedsRefundable, .unknownLine, .notReturnable, .exceedsReturnable: .notRefundable(.paid)
        }
    }
}

extension OrderLine {
    /// `quantity` of this line's jars, as they come back.
    func returning(_ quantity: Int) -> OrderLine {
        // Discounted lines come back at what they were charged: the discount is what the jars
        // charged less their price (returned from the line's first jars, as `RefundBalance` counts).
        let gross = unitPrice.minorUnits * Int64(quantity)
        return OrderLine(productId: productId, name: name, unitPrice: unitPrice, quantity: quantity, taxRate: taxRate,
                         discountMinor: gross - charged(forJars: quantity))
    }

    /// What the first `jars` of this line were charged, after its discounts: the line's total
    /// shared per jar, rounded half up, so that all its jars give exactly the line's total.
    public func charged(forJars jars: Int) -> Int64 {
        guard quantity > 0 else { return 0 }
        let total = lineTotal.minorUnits, count = Int64(quantity)
        return (total * Int64(jars) * 2 + count) / (2 * count)
    }
}

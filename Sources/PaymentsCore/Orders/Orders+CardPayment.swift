import Foundation
import GRDB

/// Paying an order by card: the intent (reservation, attempt, key) before the acquirer is asked,
/// then the answer with all it implies, in one transaction each.
extension Orders {
    /// Pays the order by card, as one attempt of the order.
    ///
    /// The intent (the jars reserved, the attempt's idempotency key, this counter as its owner)
    /// is committed before the acquirer is asked; the answer is committed with all it implies
    /// (paid: stock down, cart emptied; declined: the jars go back and the order waits for
    /// another attempt). While an attempt is in flight or its outcome unknown, the order refuses
    /// a second one (`paymentInProgress`): one order is charged at most once. Paying a paid order
    /// answers the paid order without charging.
    ///
    /// `gateway` takes this one charge in place of the orders' own (the store's checkout passes
    /// one that can show a 3-D Secure challenge); lookups, refunds and the settler keep the orders'
    /// own, which answers for the same charges.
    ///
    /// The order's intent and answer are committed apart from the charge's own (three commits
    /// for the attempt, one more for the order placed before): `pay(_ payment:)` pays a cart in two.
    public func pay(orderId: String, with instrument: PaymentInstrument, through gateway: ChargeGateway? = nil,
                    completion: @escaping (Result<Order, OrderError>) -> Void) {
        let order: Order
        let key: String
        do throws(OrderError) {
            let started = try writing { tx in try startAttempt(tx, orderId: orderId, instrument: instrument) }
            guard let startedKey = started.key else { return scheduler.answer(completion, with: .success(started.order)) }
            (order, key) = (started.order, startedKey)
        } catch {
            if case .outOfStock = error { refuseSoldOut(orderId, error) }
            return scheduler.answer(completion, with: .failure(error))
        }
        // What is left of a part-paid order (split tender), else its total.
        guard let due = try? reading({ tx in try Self.due(tx, order) }) else {
            return scheduler.answer(completion, with: .failure(.outcomeUnknown(number: order.number)))
        }
        let request = CardPaymentRequest(amount: due, instrument: instrument, idempotencyKey: key, description: order.paymentDescription)
        (gateway ?? charges).charge(request) { [self] result in finishAttempt(order, result, completion: completion) }
    }

    /// The intent of an attempt: the order's jars reserved, the attempt's key, this counter as its
    /// owner. The key is nil when the order is paid already (nothing to charge).
    func startAttempt(_ tx: any CoreTransaction, orderId: String, instrument: PaymentInstrument) throws -> (order: Order, key: String?) {
        // Locked on a server: two counters starting an attempt of the same order take turns, and
        // the second finds the first's jars held.
        guard let record = try OrderRecord.stored(tx, id: orderId, locking: true) else { throw OrderError.unknownOrder(orderId) }
        let order = try record.order(tx)
        switch order.state {
        case .paid: return (order, nil)
        case .failed, .refunded: throw OrderError.notPayable(order.state)
        case .pendingPayment: break
        }
        guard try !Self.hasReservation(tx, orderId) else { throw OrderError.paymentInProgress(number: order.number) }
        try reserveStock(tx, order: order)
        let attempt = record.attempt + 1
        let key = Self.paymentKey(orderId: orderId, attempt: attempt)
        try tx.execute("UPDATE orders SET attempt = ?, payment_key = ?, owner = ?, counter = ?, failure = NULL, updated_at = ? WHERE id = ?",
                       attempt, key, owner, counterName, clock.now.milliseconds, orderId)
        try events.record(tx, type: "order.payment_started", subject: orderId,
                          data: ["instrument": instrument.kind, "attempt": String(attempt)])
        return (order, key)
    }

    /// What the gateway's answer means for the order, told to the shopper once it is written.
    func finishAttempt(_ order: Order, _ result: Result<ChargeReceipt, CardPaymentFailure>,
                       completion: @escaping (Result<Order, OrderError>) -> Void) {
        switch result {
        case .success(let receipt): completePaid(order, receipt: receipt, completion: completion)
        case .failure(.declined(let decline)): completeDeclined(order, decline: decline, completion: completion)
        case .failure(.outcomeUnknown): completion(.failure(.outcomeUnknown(number: order.number)))
        }
    }

    /// Attempt 1 keeps the key orders always had, so orders paid before attempts existed settle
    /// by the same key.
    static func paymentKey(orderId: String, attempt: Int) -> String {
        attempt <= 1 ? "order-\(orderId)-payment" : "order-\(orderId)-payment-\(attempt)"
    }

    static func hasReservation(_ tx: any CoreTransaction, _ orderId: String) throws -> Bool {
        try tx.exists("SELECT 1 FROM stock_reservations WHERE order_id = ? LIMIT 1", orderId)
    }


    /// A sold-out refusal ends the order (the cart must change before it can be paid), with the
    /// refusal in the log; written after the refused transaction rolled back.
    func refuseSoldOut(_ orderId: String, _ error: OrderError) {
        _ = try? writing { tx in try recordSoldOut(tx, orderId, error) }
    }

    func recordSoldOut(_ tx: any CoreTransaction, _ orderId: String, _ error: OrderError) throws {
        guard case .outOfStock(let productId, _) = error else { return }
        try events.record(tx, type: "order.out_of_stock", subject: orderId, data: ["product": productId])
        if let current = try Order.load(tx, id: orderId), current.state == .pendingPayment, try !Self.hasReservation(tx, orderId), try !Self.holdsMoney(tx, orderId) {
            try setState(tx, orderId, .failed, failure: "out_of_stock", chargeId: nil)
        }
    }

    /// The last-jar rule: what is on the shelf less what other attempts hold, checked and held
    /// in one transaction. On a server the products' rows are locked first, in id order (so two
    /// carts with the same jars never deadlock), and a second counter reads the shelf only
    /// after the first has committed or rolled back; on SQLite the write transaction already
    /// holds the whole file.
    func reserveStock(_ tx: any CoreTransaction, order: Order) throws {
        if tx.engine == .postgres {
            for productId in Set(order.lines.map(\.productId)).sorted() {
                try tx.rows("SELECT id FROM products WHERE id = ? FOR UPDATE", productId)
            }
        }
        for line in order.goods {
            let available = try tx.fetchValue(Int.self, """
                SELECT p.stock - COALESCE((SELECT SUM(quantity) FROM stock_reservations r WHERE r.product_id = p.id), 0)
                FROM products p WHERE p.id = ?
                """, line.productId) ?? 0
            guard available >= line.quantity else { throw OrderError.outOfStock(productId: line.productId, name: line.name) }
            try tx.insert(StockReservationRecord(orderId: order.id, productId: line.productId, quantity: line.quantity))
        }
    }

    func completePaid(_ order: Order, receipt: ChargeReceipt, completion: @escaping (Result<Order, OrderError>) -> Void) {
        do throws(OrderError) {
            if let paid = try markPaid(order, chargeId: receipt.chargeId) { return completion(.success(paid)) }
            refundShortShelf(order, receipt: receipt, completion: completion)
        } catch {
            // The money is taken but the order could not be marked paid: not known to the
            // shopper yet, and the settler marks it paid from the charge.
            completion(.failure(.outcomeUnknown(number: order.number)))
        }
    }

    /// Marks the order paid in one transaction with the stock going down and the cart emptied.
    /// nil when the shelf is short. An order already settled (by `reconcilePayments`) is left as it is.
    @discardableResult
    func markPaid(_ order: Order, chargeId: String) throws(OrderError) -> Order? {
        try writing { tx in try recordPaid(tx, order, chargeId: chargeId) }
    }

    /// Locks the order's row first on a server, so that the answer and the settler (or another
    /// counter's settler) marking the same order paid take turns and the stock goes down once.
    func recordPaid(_ tx: any CoreTransaction, _ order: Order, chargeId: String) throws -> Order? {
        if tx.engine == .postgres { try tx.rows("SELECT id FROM orders WHERE id = ? FOR UPDATE", order.id) }
        guard let current = try OrderRecord.stored(tx, id: order.id) else { return nil }
        // Money that arrives for an order given up on (another bank approved after the first
        // refused, a wallet confirmed late) pays it: no attempt's money is left on a failed order.
        // Its jars were released, so they must still be on the shelf beside everyone's reservations.
        let revived = current.state == .failed
        if current.state != .pendingPayment && !revived { return try current.order(tx) }
        // A payment that leaves some of the total unpaid is a part of a split (issue 35).
        if try bookedAsPart(tx, current, reference: chargeId) { return try Order.load(tx, id: order.id) }
        try tx.execute("DELETE FROM stock_reservations WHERE order_id = ?", order.id)
        for line in order.goods {
            let stock = try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = ?\(tx.engine.forUpdate)", line.productId) ?? 0
            let reserved = revived ? try tx.fetchValue(Int.self, "SELECT COALESCE(SUM(quantity), 0) FROM stock_reservations WHERE product_id = ?",
                                                       line.productId) ?? 0 : 0
            guard stock - reserved >= line.quantity else { return nil }
        }
        for line in order.goods {
            try StockBook.move(tx, productId: line.productId, by: -line.quantity, kind: .sold,
                               id: StockBook.movementId(.sold, reference: order.id, productId: line.productId),
                               reference: order.id, counter: current.counter ?? counterName, at: clock.now)
        }
        try setState(tx, order.id, .paid, failure: nil, chargeId: chargeId)
        try MoneyLedger.bookPayment(tx, order: current, reference: chargeId, at: clock.now, counter: current.counter ?? counterName)
        // A revived order empties the cart only if the cart is still what it bought.
        let emptiesCart = try !revived || Self.holds(order, the: carts.existingCart(tx, sessionKey: order.sessionKey))
        if emptiesCart {
            try Carts.empty(tx, sessionKey: order.sessionKey, events: events)
        }
        return try Order.load(tx, id: order.id)
    }

    /// Only reachable if stock was lowered behind the reservations' back (e.g. by hand in the
    /// database): the shopper gets their money back and a clear out-of-stock answer.
    func refundShortShelf(_ order: Order, receipt: ChargeReceipt, completion: @escaping (Result<Order, OrderError>) -> Void) {
        charges.refund(chargeId: receipt.chargeId, idempotencyKey: "order-\(order.id)-refund") { [self] _ in
            _ = try? writing { tx in
                try setState(tx, order.id, .refunded, failure: "out of stock", chargeId: receipt.chargeId)
                // Taken and given back: both on the books, so the order's balance is zero.
                if let record = try OrderRecord.stored(tx, id: order.id) {
                    try MoneyLedger.bookPayment(tx, order: record, reference: receipt.chargeId, at: clock.now, counter: counterName)
                    try bookChargeRefunds(tx, orderId: order.id, chargeId: receipt.chargeId)
                }
            }
            let line = order.lines[0]
            completion(.failure(.outOfStock(productId: line.productId, name: line.name)))
        }
    }

    func completeDeclined(_ order: Order, decline: PaymentDecline, completion: @escaping (Result<Order, OrderError>) -> Void) {
        // Known not charged: if the release cannot be written, the settler releases the jars
        // from the failed charge; the shopper's answer is the same.
        try? releaseAttempt(order.id, reason: decline.code, endOrder: false)
        completion(.failure(.paymentDeclined(decline)))
    }

    func markFailed(_ orderId: String, reason: String) throws(OrderError) {
        try writing { tx in
            try tx.execute("DELETE FROM stock_reservations WHERE order_id = ?", orderId)
            if let current = try Order.load(tx, id: orderId), current.state != .pendingPayment { return }
            // A part-paid order holds money: it waits to be finished or given back, never fails.
            guard try !Self.holdsMoney(tx, orderId) else { return }
            try setState(tx, orderId, .failed, failure: reason, chargeId: nil)
        }
    }
}

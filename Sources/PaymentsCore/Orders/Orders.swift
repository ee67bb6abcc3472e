import Clocks
import Foundation
import GRDB

/// Orders from carts, paid by card through the charge gateway.
///
/// Stock rule (the last-jar race): when payment starts, the order's jars are RESERVED in the
/// same transaction that checks `stock - reserved by other orders`; a second cart asking for
/// the last jar gets `outOfStock` before any charge is made, so nobody is charged for a jar
/// they cannot have. Stock goes down only when the charge succeeds, in the transaction that
/// marks the order paid and empties the cart; a failed charge drops the reservation and keeps
/// the cart. (Defensive: if stock were somehow short at that moment, the charge is refunded.)
public final class Orders {
    private let database: any DatabaseWriter
    private let carts: Carts
    private let charges: ChargeGateway
    private let ids: IDGenerator
    private let scheduler: Scheduler
    private var clock: Clock { scheduler.clock }
    private let events: EventRecording

    public init(database: any DatabaseWriter, carts: Carts, charges: ChargeGateway, ids: IDGenerator, scheduler: Scheduler, events: EventRecording) {
        self.database = database
        self.carts = carts
        self.charges = charges
        self.ids = ids
        self.scheduler = scheduler
        self.events = events
    }

    /// Snapshots the session's cart into an order awaiting payment. The cart is left as it is.
    public func placeOrder(for sessionKey: String) throws(OrderError) -> Order {
        try write { db in
            let cart: Cart
            do { cart = try carts.cart(db, sessionKey: sessionKey) } catch let error as CartError { throw OrderError.cart(error) }
            guard !cart.isEmpty else { throw OrderError.emptyCart }
            let number = try OrderNumbers.next(in: db)
            let id = ids.next("ord")
            let now = clock.now.timeIntervalSince1970
            try db.execute(
                sql: "INSERT INTO orders (id, number, session_key, state, total_minor, currency, created_at, updated_at) VALUES (?, ?, ?, 'pendingPayment', ?, ?, ?, ?)",
                arguments: [id, number, sessionKey, cart.total.minorUnits, cart.total.currency.code, now, now]
            )
            for (position, line) in cart.lines.enumerated() {
                try db.execute(
                    sql: "INSERT INTO order_lines (order_id, position, product_id, name, unit_minor, quantity) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [id, position, line.product.id, line.product.name, line.product.price.minorUnits, line.quantity]
                )
            }
            try events.record(db, type: "order.placed", subject: id, data: ["total": "\(cart.total.minorUnits)", "currency": cart.total.currency.code])
            return try Order.load(db, id: id)!
        }
    }

    public func order(id: String) throws -> Order? {
        try database.read { db in try Order.load(db, id: id) }
    }

    public func orders(for sessionKey: String) throws -> [Order] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM orders WHERE session_key = ? ORDER BY created_at, id", arguments: [sessionKey])
                .compactMap { try Order.load(db, id: $0) }
        }
    }

    /// Pays the order by card. The idempotency key is derived from the order, so paying twice
    /// never charges twice; paying a paid order answers the paid order without charging.
    public func pay(orderId: String, with instrument: PaymentInstrument, completion: @escaping (Result<Order, OrderError>) -> Void) {
        let order: Order
        do throws(OrderError) {
            let started = try write { db -> (Order, Bool) in
                guard let order = try Order.load(db, id: orderId) else { throw OrderError.unknownOrder(orderId) }
                switch order.state {
                case .paid: return (order, false)
                case .failed, .refunded: throw OrderError.notPayable(order.state)
                case .pendingPayment: break
                }
                let reserved = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stock_reservations WHERE order_id = ?", arguments: [orderId]) ?? 0
                guard reserved == 0 else { throw OrderError.paymentInProgress }
                try reserveStock(db, order: order)
                try events.record(db, type: "order.payment_started", subject: orderId, data: ["instrument": instrument.kind])
                return (order, true)
            }
            guard started.1 else { return scheduler.answer(completion, with: .success(started.0)) }
            order = started.0
        } catch {
            if case .outOfStock(let productId, _) = error {
                // Recorded after the refused transaction rolled back, so the refusal is in the log.
                _ = try? database.write { db in
                    try events.record(db, type: "order.out_of_stock", subject: orderId, data: ["product": productId])
                }
            }
            return scheduler.answer(completion, with: .failure(error))
        }
        let request = CardPaymentRequest(amount: order.total, instrument: instrument, idempotencyKey: paymentKey(order), description: "Honey Store order \(order.number)")
        charges.charge(request) { [self] result in
            switch result {
            case .success(let receipt): completePaid(order, receipt: receipt, completion: completion)
            case .failure(let decline): completeFailed(order, decline: decline, completion: completion)
            }
        }
    }

    /// Refunds a paid order in full and puts its jars back on the shelf.
    public func refund(orderId: String, completion: @escaping (Result<Order, OrderError>) -> Void) {
        let order: Order
        do throws(OrderError) {
            order = try write { db in
                guard let order = try Order.load(db, id: orderId) else { throw OrderError.unknownOrder(orderId) }
                guard order.state == .paid, order.chargeId != nil else { throw OrderError.notRefundable(order.state) }
                return order
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        charges.refund(chargeId: order.chargeId!, idempotencyKey: "order-\(order.id)-refund") { [self] result in
            switch result {
            case .failure(let decline): completion(.failure(.paymentDeclined(decline)))
            case .success:
                completion(Result { () throws(OrderError) in
                    try write { db in
                        for line in order.lines {
                            try db.execute(sql: "UPDATE products SET stock = stock + ? WHERE id = ?", arguments: [line.quantity, line.productId])
                        }
                        try setState(db, order.id, .refunded, failure: nil, chargeId: order.chargeId)
                        return try Order.load(db, id: order.id)!
                    }
                })
            }
        }
    }

    private func reserveStock(_ db: Database, order: Order) throws {
        for line in order.lines {
            let available = try Int.fetchOne(db, sql: """
                SELECT p.stock - COALESCE((SELECT SUM(quantity) FROM stock_reservations r WHERE r.product_id = p.id), 0)
                FROM products p WHERE p.id = ?
                """, arguments: [line.productId]) ?? 0
            guard available >= line.quantity else { throw OrderError.outOfStock(productId: line.productId, name: line.name) }
            try db.execute(sql: "INSERT INTO stock_reservations (order_id, product_id, quantity) VALUES (?, ?, ?)", arguments: [order.id, line.productId, line.quantity])
        }
    }

    /// Settles orders whose payment answer was lost (the app closed while a charge was in
    /// flight): asks the charge gateway what became of each order's idempotency key. A succeeded
    /// charge marks the order paid (stock down, cart emptied), a failed one fails it, a charge
    /// never recorded releases the reservation (the order can be paid again); a charge still
    /// pending keeps its jars reserved. Returns the orders it changed.
    @discardableResult
    public func reconcilePayments() throws(OrderError) -> [Order] {
        let waiting = try write { db in
            // Orders paid by another method (express, wallet, bank) are settled by that method's
            // own status (`markPaid(orderId:reference:)` / `markFailed(orderId:reason:)`), not here.
            try String.fetchAll(db, sql: """
                SELECT DISTINCT r.order_id FROM stock_reservations r JOIN orders o ON o.id = r.order_id
                WHERE o.payment_kind IS NULL ORDER BY r.order_id
                """).compactMap { try Order.load(db, id: $0) }
        }
        var changed: [Order] = []
        for order in waiting {
            switch charges.lookUp(idempotencyKey: paymentKey(order)) {
            case .pending: continue
            case .succeeded(let receipt): try markPaid(order, chargeId: receipt.chargeId)
            case .failed(let decline): try markFailed(order, decline: decline)
            case nil: try write { db in try db.execute(sql: "DELETE FROM stock_reservations WHERE order_id = ?", arguments: [order.id]) }
            }
            if let now = try write({ db in try Order.load(db, id: order.id) }) { changed.append(now) }
        }
        return changed
    }

    private func paymentKey(_ order: Order) -> String { "order-\(order.id)-payment" }

    private func completePaid(_ order: Order, receipt: ChargeReceipt, completion: @escaping (Result<Order, OrderError>) -> Void) {
        do throws(OrderError) {
            if let paid = try markPaid(order, chargeId: receipt.chargeId) { return completion(.success(paid)) }
            refundShortShelf(order, receipt: receipt, completion: completion)
        } catch {
            completion(.failure(error))
        }
    }

    /// Marks the order paid in one transaction with the stock going down and the cart emptied.
    /// nil when the shelf is short. An order already settled (by `reconcilePayments`) is left as it is.
    @discardableResult
    private func markPaid(_ order: Order, chargeId: String) throws(OrderError) -> Order? {
        try write { db -> Order? in
            if let current = try Order.load(db, id: order.id), current.state != .pendingPayment { return current }
            try db.execute(sql: "DELETE FROM stock_reservations WHERE order_id = ?", arguments: [order.id])
                for line in order.lines {
                    let stock = try Int.fetchOne(db, sql: "SELECT stock FROM products WHERE id = ?", arguments: [line.productId]) ?? 0
                    guard stock >= line.quantity else { return nil }
                }
                for line in order.lines {
                    try db.execute(sql: "UPDATE products SET stock = stock - ? WHERE id = ?", arguments: [line.quantity, line.productId])
                }
                try setState(db, order.id, .paid, failure: nil, chargeId: chargeId)
                try Carts.empty(db, sessionKey: order.sessionKey, events: events)
                return try Order.load(db, id: order.id)
        }
    }

    /// Only reachable if stock was lowered behind the reservations' back (e.g. by hand in the
    /// database): the shopper gets their money back and a clear out-of-stock answer.
    private func refundShortShelf(_ order: Order, receipt: ChargeReceipt, completion: @escaping (Result<Order, OrderError>) -> Void) {
        charges.refund(chargeId: receipt.chargeId, idempotencyKey: "order-\(order.id)-refund") { [self] _ in
            _ = try? write { db in
                try setState(db, order.id, .refunded, failure: "out of stock", chargeId: receipt.chargeId)
            }
            let line = order.lines[0]
            completion(.failure(.outOfStock(productId: line.productId, name: line.name)))
        }
    }

    private func completeFailed(_ order: Order, decline: PaymentDecline, completion: @escaping (Result<Order, OrderError>) -> Void) {
        do throws(OrderError) {
            try markFailed(order, decline: decline)
            completion(.failure(.paymentDeclined(decline)))
        } catch {
            completion(.failure(error))
        }
    }

    private func markFailed(_ order: Order, decline: PaymentDecline) throws(OrderError) {
        try markFailed(order.id, reason: decline.code)
    }

    private func markFailed(_ orderId: String, reason: String) throws(OrderError) {
        try write { db in
            try db.execute(sql: "DELETE FROM stock_reservations WHERE order_id = ?", arguments: [orderId])
            if let current = try Order.load(db, id: orderId), current.state != .pendingPayment { return }
            try setState(db, orderId, .failed, failure: reason, chargeId: nil)
        }
    }

    // MARK: - Orders paid by another method (express sheet, wallet source, bank payment)

    /// Starts paying the order by another method: reserves its jars exactly as a card payment
    /// does (`outOfStock` before any money moves) and notes the method, so `reconcilePayments`
    /// leaves the order to that method's own status. The method then runs with `order.total` and
    /// `order.number`, and settles the order with `markPaid(orderId:reference:)` or
    /// `markFailed(orderId:reason:)`.
    @discardableResult
    public func startExternalPayment(orderId: String, kind: ExternalPaymentKind) throws(OrderError) -> Order {
        do throws(OrderError) {
            return try write { db -> Order in
                guard let order = try Order.load(db, id: orderId) else { throw OrderError.unknownOrder(orderId) }
                guard order.state == .pendingPayment else { throw OrderError.notPayable(order.state) }
                let reserved = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stock_reservations WHERE order_id = ?", arguments: [orderId]) ?? 0
                guard reserved == 0 else { throw OrderError.paymentInProgress }
                try reserveStock(db, order: order)
                try db.execute(sql: "UPDATE orders SET payment_kind = ? WHERE id = ?", arguments: [kind.rawValue, orderId])
                try events.record(db, type: "order.payment_started", subject: orderId, data: ["instrument": kind.rawValue])
                return order
            }
        } catch {
            if case .outOfStock(let productId, _) = error {
                _ = try? database.write { db in
                    try events.record(db, type: "order.out_of_stock", subject: orderId, data: ["product": productId])
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
        guard let order = try write({ db in try Order.load(db, id: orderId) }) else { throw .unknownOrder(orderId) }
        return try markPaid(order, chargeId: reference)
    }

    /// The other method failed or was cancelled: the reservation goes, the cart stays.
    @discardableResult
    public func markFailed(orderId: String, reason: String) throws(OrderError) -> Order {
        try markFailed(orderId, reason: reason)
        guard let order = try write({ db in try Order.load(db, id: orderId) }) else { throw .unknownOrder(orderId) }
        return order
    }

    /// Notes what the other method's status is asked about later (the wallet source, the bank
    /// payment), for an order whose outcome is not known yet.
    public func noteExternalReference(orderId: String, reference: String) throws(OrderError) {
        try write { db in
            try db.execute(sql: "UPDATE orders SET payment_reference = ? WHERE id = ?", arguments: [reference, orderId])
        }
    }

    /// The reference noted with `noteExternalReference`, if any.
    public func externalReference(orderId: String) throws(OrderError) -> String? {
        try write { db in try String.fetchOne(db, sql: "SELECT payment_reference FROM orders WHERE id = ?", arguments: [orderId]) }
    }

    /// Settles the orders of this method still waiting on their payment (a wallet's possible
    /// success, a bank's `wait`): `status` is asked about each order's noted reference. Paid marks
    /// the order paid (stock down, cart emptied, once), failed releases the jars, pending keeps
    /// them. Returns the orders it changed.
    @discardableResult
    public func reconcileExternalPayments(kind: ExternalPaymentKind, status: (String) -> ExternalPaymentStatus) throws(OrderError) -> [Order] {
        let waiting = try write { db in
            try Row.fetchAll(db, sql: """
                SELECT id, payment_reference FROM orders WHERE payment_kind = ? AND state = 'pendingPayment'
                AND payment_reference IS NOT NULL AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = orders.id)
                ORDER BY created_at, id
                """, arguments: [kind.rawValue]).map { (id: $0["id"] as String, reference: $0["payment_reference"] as String) }
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

    /// Orders of this method whose payment is still open (jars reserved), oldest first: what the
    /// app's due-work timer asks the method's status about.
    public func pendingExternalPayments(kind: ExternalPaymentKind) throws(OrderError) -> [Order] {
        try write { db in
            try String.fetchAll(db, sql: """
                SELECT DISTINCT r.order_id FROM stock_reservations r JOIN orders o ON o.id = r.order_id
                WHERE o.payment_kind = ? AND o.state = 'pendingPayment' ORDER BY o.created_at, r.order_id
                """, arguments: [kind.rawValue]).compactMap { try Order.load(db, id: $0) }
        }
    }

    private func setState(_ db: Database, _ id: String, _ state: OrderState, failure: String?, chargeId: String?) throws {
        try db.execute(
            sql: "UPDATE orders SET state = ?, failure = ?, charge_id = ?, updated_at = ? WHERE id = ?",
            arguments: [state.rawValue, failure, chargeId, clock.now.timeIntervalSince1970, id]
        )
        var data = ["state": state.rawValue]
        if let failure { data["reason"] = failure }
        if let chargeId { data["charge"] = chargeId }
        try events.record(db, type: "order.\(state.rawValue)", subject: id, data: data)
    }

    /// A write whose errors are `OrderError`s: storage failures become `.storage`.
    private func write<T>(_ body: (Database) throws -> T) throws(OrderError) -> T {
        do {
            return try database.write(body)
        } catch let error as OrderError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }
}

/// What another method's status says of an order's payment.
public enum ExternalPaymentStatus: Hashable, Sendable {
    case pending
    /// The money is the store's; `reference` is recorded on the order (a charge, source or payment id).
    case paid(reference: String)
    case failed(reason: String)
}

/// How an order is paid when it is not the card checkout's own charge.
public enum ExternalPaymentKind: String, Hashable, Sendable {
    case express
    case wallet
    case bank
}

extension PaymentInstrument {
    var kind: String {
        switch self {
        case .token: "token"
        case .savedMethod: "savedMethod"
        }
    }
}

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
    /// The counter instance paying (see `CounterInstance`); nil for a core without one.
    private let owner: String?

    public init(database: any DatabaseWriter, carts: Carts, charges: ChargeGateway, ids: IDGenerator, scheduler: Scheduler, events: EventRecording,
                owner: String? = nil) {
        self.owner = owner
        self.database = database
        self.carts = carts
        self.charges = charges
        self.ids = ids
        self.scheduler = scheduler
        self.events = events
    }

    /// Snapshots the session's cart into an order awaiting payment. The cart is left as it is.
    public func placeOrder(for sessionKey: String) throws(OrderError) -> Order {
        try write { db in try place(db, sessionKey: sessionKey, cart: try sessionCart(db, sessionKey)) }
    }

    /// The order the session's cart is paid by: the order a declined attempt left awaiting
    /// payment when the cart is still what it holds (another attempt of the same order, not a
    /// new order), else a new one, the stale one closed. An order whose outcome is unknown
    /// refuses (`outcomeUnknown`): the cart is tied to it until the settler knows.
    public func orderToPay(for sessionKey: String) throws(OrderError) -> Order {
        try write { db in
            let cart = try sessionCart(db, sessionKey)
            let open = try String.fetchOne(db, sql: """
                SELECT id FROM orders WHERE session_key = ? AND state = 'pendingPayment' AND payment_kind IS NULL
                ORDER BY created_at DESC, id DESC LIMIT 1
                """, arguments: [sessionKey]).flatMap { try Order.load(db, id: $0) }
            if let open {
                guard try !Self.hasReservation(db, open.id) else { throw OrderError.outcomeUnknown(number: open.number) }
                if Self.holds(open, the: cart) { return open }
                try setState(db, open.id, .failed, failure: "cart_changed", chargeId: nil)
            }
            return try place(db, sessionKey: sessionKey, cart: cart)
        }
    }

    private func sessionCart(_ db: Database, _ sessionKey: String) throws -> Cart {
        let cart: Cart
        do { cart = try carts.cart(db, sessionKey: sessionKey) } catch let error as CartError { throw OrderError.cart(error) }
        guard !cart.isEmpty else { throw OrderError.emptyCart }
        return cart
    }

    /// Whether the order is exactly the cart: the same jars, quantities and prices.
    private static func holds(_ order: Order, the cart: Cart) -> Bool {
        order.total == cart.total && order.lines.count == cart.lines.count
            && zip(order.lines, cart.lines).allSatisfy { $0.productId == $1.product.id && $0.quantity == $1.quantity && $0.unitPrice == $1.product.price }
    }

    private func place(_ db: Database, sessionKey: String, cart: Cart) throws -> Order {
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

    public func order(id: String) throws -> Order? {
        try database.read { db in try Order.load(db, id: id) }
    }

    public func orders(for sessionKey: String) throws -> [Order] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM orders WHERE session_key = ? ORDER BY created_at, id", arguments: [sessionKey])
                .compactMap { try Order.load(db, id: $0) }
        }
    }

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
    public func pay(orderId: String, with instrument: PaymentInstrument, through gateway: ChargeGateway? = nil,
                    completion: @escaping (Result<Order, OrderError>) -> Void) {
        let order: Order
        let key: String
        do throws(OrderError) {
            let started = try write { db -> (Order, String?) in
                guard let order = try Order.load(db, id: orderId) else { throw OrderError.unknownOrder(orderId) }
                switch order.state {
                case .paid: return (order, nil)
                case .failed, .refunded: throw OrderError.notPayable(order.state)
                case .pendingPayment: break
                }
                guard try !Self.hasReservation(db, orderId) else { throw OrderError.paymentInProgress(number: order.number) }
                try reserveStock(db, order: order)
                let attempt = (try Int.fetchOne(db, sql: "SELECT attempt FROM orders WHERE id = ?", arguments: [orderId]) ?? 0) + 1
                let key = Self.paymentKey(orderId: orderId, attempt: attempt)
                try db.execute(sql: "UPDATE orders SET attempt = ?, payment_key = ?, owner = ?, failure = NULL, updated_at = ? WHERE id = ?",
                               arguments: [attempt, key, owner, clock.now.timeIntervalSince1970, orderId])
                try events.record(db, type: "order.payment_started", subject: orderId,
                                  data: ["instrument": instrument.kind, "attempt": String(attempt)])
                return (order, key)
            }
            guard let startedKey = started.1 else { return scheduler.answer(completion, with: .success(started.0)) }
            (order, key) = (started.0, startedKey)
        } catch {
            if case .outOfStock = error { refuseSoldOut(orderId, error) }
            return scheduler.answer(completion, with: .failure(error))
        }
        let request = CardPaymentRequest(amount: order.total, instrument: instrument, idempotencyKey: key, description: order.paymentDescription)
        (gateway ?? charges).charge(request) { [self] result in
            switch result {
            case .success(let receipt): completePaid(order, receipt: receipt, completion: completion)
            case .failure(.declined(let decline)): completeDeclined(order, decline: decline, completion: completion)
            case .failure(.outcomeUnknown): completion(.failure(.outcomeUnknown(number: order.number)))
            }
        }
    }

    /// Attempt 1 keeps the key orders always had, so orders paid before attempts existed settle
    /// by the same key.
    static func paymentKey(orderId: String, attempt: Int) -> String {
        attempt <= 1 ? "order-\(orderId)-payment" : "order-\(orderId)-payment-\(attempt)"
    }

    static func hasReservation(_ db: Database, _ orderId: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM stock_reservations WHERE order_id = ?)", arguments: [orderId]) ?? false
    }

    /// A sold-out refusal ends the order (the cart must change before it can be paid), with the
    /// refusal in the log; written after the refused transaction rolled back.
    private func refuseSoldOut(_ orderId: String, _ error: OrderError) {
        guard case .outOfStock(let productId, _) = error else { return }
        _ = try? database.write { db in
            try events.record(db, type: "order.out_of_stock", subject: orderId, data: ["product": productId])
            if let current = try Order.load(db, id: orderId), current.state == .pendingPayment, try !Self.hasReservation(db, orderId) {
                try setState(db, orderId, .failed, failure: "out_of_stock", chargeId: nil)
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
                        // Decided inside the transaction: the same refund asked twice (two
                        // counters, or the settler's `finishRefunds`) puts the jars back once.
                        guard let current = try Order.load(db, id: order.id), current.state == .paid else {
                            return try Order.load(db, id: order.id)!
                        }
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
        let waiting = try write { db in
            // Orders paid by another method (express, wallet, bank) are settled by that method's
            // own status (`reconcileExternalPayments`), not here.
            try Row.fetchAll(db, sql: """
                SELECT DISTINCT o.id, o.payment_key, o.owner, o.updated_at FROM stock_reservations r JOIN orders o ON o.id = r.order_id
                WHERE o.payment_kind IS NULL OR (o.payment_kind = 'express' AND o.payment_key IS NOT NULL) ORDER BY o.id
                """).map { row in
                (id: row["id"] as String, key: (row["payment_key"] as String?) ?? Self.paymentKey(orderId: row["id"], attempt: 1),
                 owner: row["owner"] as String?, since: row["updated_at"] as Double)
            }
        }
        var changed: [Order] = []
        for entry in waiting {
            guard let order = try write({ db in try Order.load(db, id: entry.id) }) else { continue }
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
                guard ownerGone || clock.now.timeIntervalSince1970 - entry.since >= grace else { continue }
                try releaseAttempt(order.id, reason: "not_charged", endOrder: ownerGone)
            }
            if let now = try write({ db in try Order.load(db, id: order.id) }) { changed.append(now) }
        }
        return changed
    }

    /// Finishes refunds whose money went back but whose order was not marked (the counter died
    /// between the two commits): a paid order whose charge is refunded in full is `refunded`,
    /// its jars back on the shelf. Returns the orders it changed.
    @discardableResult
    public func finishRefunds() throws(OrderError) -> [Order] {
        try write { db in
            let ids = try String.fetchAll(db, sql: """
                SELECT o.id FROM orders o JOIN charges c ON c.id = o.charge_id
                WHERE o.state = 'paid' AND c.status = 'succeeded' AND c.amount_captured > 0 AND c.amount_refunded >= c.amount_captured
                ORDER BY o.id
                """)
            return try ids.compactMap { id in
                guard let order = try Order.load(db, id: id) else { return nil }
                for line in order.lines {
                    try db.execute(sql: "UPDATE products SET stock = stock + ? WHERE id = ?", arguments: [line.quantity, line.productId])
                }
                try setState(db, id, .refunded, failure: nil, chargeId: order.chargeId)
                return try Order.load(db, id: id)
            }
        }
    }

    /// Closes the orders left awaiting payment with no attempt in flight for `age` seconds (the
    /// shopper went away after a decline, or the cart changed): they can no longer be paid.
    @discardableResult
    public func closeAbandoned(olderThan age: TimeInterval) throws(OrderError) -> [Order] {
        let cutoff = clock.now.timeIntervalSince1970 - age
        return try write { db in
            let ids = try String.fetchAll(db, sql: """
                SELECT id FROM orders WHERE state = 'pendingPayment' AND updated_at <= ?
                AND NOT EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = orders.id) ORDER BY id
                """, arguments: [cutoff])
            return try ids.compactMap { id in
                try setState(db, id, .failed, failure: "abandoned", chargeId: nil)
                return try Order.load(db, id: id)
            }
        }
    }

    /// Orders whose payment outcome is not known yet (an attempt in flight or unknown: jars
    /// reserved), of every method.
    public func unsettledOrders() throws(OrderError) -> [Order] {
        try write { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT order_id FROM stock_reservations ORDER BY order_id").compactMap { try Order.load(db, id: $0) }
        }
    }

    /// The session's order that its cart is being paid by, if an attempt is in flight or its
    /// outcome is unknown: the cart stays tied to it until the settler knows.
    public func unsettledOrder(for sessionKey: String) throws(OrderError) -> Order? {
        try write { db in
            try String.fetchOne(db, sql: """
                SELECT o.id FROM orders o WHERE o.session_key = ? AND o.state = 'pendingPayment'
                AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = o.id) ORDER BY o.created_at DESC, o.id DESC LIMIT 1
                """, arguments: [sessionKey]).flatMap { try Order.load(db, id: $0) }
        }
    }

    /// The session's order awaiting payment with no attempt in flight (a declined attempt), if
    /// any: paying the same cart again is a new attempt of it, not a new order.
    public func openOrder(for sessionKey: String) throws(OrderError) -> Order? {
        try write { db in
            try String.fetchOne(db, sql: """
                SELECT o.id FROM orders o WHERE o.session_key = ? AND o.state = 'pendingPayment' AND o.payment_kind IS NULL
                ORDER BY o.created_at DESC, o.id DESC LIMIT 1
                """, arguments: [sessionKey]).flatMap { try Order.load(db, id: $0) }
        }
    }

    /// The attempt ended without money moving: the jars go back; the order waits for another
    /// attempt, or ends (`endOrder`) when nobody is left to make one.
    private func releaseAttempt(_ orderId: String, reason: String, endOrder: Bool) throws(OrderError) {
        try write { db in
            try db.execute(sql: "DELETE FROM stock_reservations WHERE order_id = ?", arguments: [orderId])
            guard let current = try Order.load(db, id: orderId), current.state == .pendingPayment else { return }
            if endOrder {
                try setState(db, orderId, .failed, failure: reason, chargeId: nil)
            } else {
                try db.execute(sql: "UPDATE orders SET failure = ?, updated_at = ? WHERE id = ?",
                               arguments: [reason, clock.now.timeIntervalSince1970, orderId])
                try events.record(db, type: "order.attempt_failed", subject: orderId, data: ["reason": reason])
            }
        }
    }

    private func completePaid(_ order: Order, receipt: ChargeReceipt, completion: @escaping (Result<Order, OrderError>) -> Void) {
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

    private func completeDeclined(_ order: Order, decline: PaymentDecline, completion: @escaping (Result<Order, OrderError>) -> Void) {
        // Known not charged: if the release cannot be written, the settler releases the jars
        // from the failed charge; the shopper's answer is the same.
        try? releaseAttempt(order.id, reason: decline.code, endOrder: false)
        completion(.failure(.paymentDeclined(decline)))
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
    public func startExternalPayment(orderId: String, kind: ExternalPaymentKind, paymentKey: String? = nil) throws(OrderError) -> Order {
        do throws(OrderError) {
            return try write { db -> Order in
                guard let order = try Order.load(db, id: orderId) else { throw OrderError.unknownOrder(orderId) }
                guard order.state == .pendingPayment else { throw OrderError.notPayable(order.state) }
                let reserved = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stock_reservations WHERE order_id = ?", arguments: [orderId]) ?? 0
                guard reserved == 0 else { throw OrderError.paymentInProgress(number: order.number) }
                try reserveStock(db, order: order)
                // An express payment is a card charge under `paymentKey`: the settler asks about it as
                // about a card order's attempt.
                try db.execute(sql: "UPDATE orders SET payment_kind = ?, payment_key = ?, owner = ?, updated_at = ? WHERE id = ?",
                               arguments: [kind.rawValue, paymentKey, owner, clock.now.timeIntervalSince1970, orderId])
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
    /// payment and its token), for an order whose outcome is not known yet.
    public func noteExternalReference(orderId: String, reference: ExternalReference) throws(OrderError) {
        try write { db in
            try db.execute(sql: "UPDATE orders SET payment_reference = ?, payment_token = ? WHERE id = ?",
                           arguments: [reference.identifier, reference.token, orderId])
        }
    }

    /// The reference noted with `noteExternalReference`, if any.
    public func externalReference(orderId: String) throws(OrderError) -> ExternalReference? {
        try write { db in
            try Row.fetchOne(db, sql: "SELECT payment_reference, payment_token FROM orders WHERE id = ?", arguments: [orderId])
                .flatMap(ExternalReference.init(row:))
        }
    }

    /// Settles the orders of this method still waiting on their payment (a wallet's possible
    /// success, a bank's `wait`): `status` is asked about each order's noted reference. Paid marks
    /// the order paid (stock down, cart emptied, once), failed releases the jars, pending keeps
    /// them. Returns the orders it changed.
    @discardableResult
    public func reconcileExternalPayments(kind: ExternalPaymentKind, status: (ExternalReference) -> ExternalPaymentStatus) throws(OrderError) -> [Order] {
        let waiting = try write { db in
            try Row.fetchAll(db, sql: """
                SELECT id, payment_reference, payment_token FROM orders WHERE payment_kind = ? AND state = 'pendingPayment'
                AND payment_reference IS NOT NULL AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = orders.id)
                ORDER BY created_at, id
                """, arguments: [kind.rawValue]).compactMap { row in ExternalReference(row: row).map { (id: row["id"] as String, reference: $0) } }
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
        let found = try write { db in
            try Row.fetchAll(db, sql: """
                SELECT id, number, payment_kind FROM orders o WHERE state = 'pendingPayment' AND payment_kind IN ('bank', 'wallet')
                AND payment_reference IS NULL AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = o.id)
                ORDER BY id
                """).compactMap { row -> (id: String, reference: ExternalReference)? in
                try Self.paymentMadeOut(db, number: row["number"], kind: row["payment_kind"]).map { (row["id"], $0) }
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
        let cutoff = clock.now.timeIntervalSince1970 - age
        let orphans = try write { db in
            try Row.fetchAll(db, sql: """
                SELECT id, number, payment_kind, owner, updated_at FROM orders WHERE state = 'pendingPayment'
                AND ((payment_kind IN ('bank', 'wallet') AND payment_reference IS NULL) OR (payment_kind = 'express' AND payment_key IS NULL))
                AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = orders.id)
                ORDER BY id
                """).filter { row in try Self.paymentMadeOut(db, number: row["number"], kind: row["payment_kind"]) == nil }
                .map { (id: $0["id"] as String, owner: $0["owner"] as String?, since: $0["updated_at"] as Double) }
        }
        var changed: [Order] = []
        for orphan in orphans where !isAlive(orphan.owner) || orphan.since <= cutoff {
            changed.append(try markFailed(orderId: orphan.id, reason: "not_started"))
        }
        return changed
    }

    /// The newest bank payment or wallet source made out to an order's number (a bank payment's
    /// reference is the number; a source is described as the order), if any.
    private static func paymentMadeOut(_ db: Database, number: String, kind: String) throws -> ExternalReference? {
        switch kind {
        case ExternalPaymentKind.bank.rawValue:
            try Row.fetchOne(db, sql: "SELECT id, token FROM bank_resources WHERE kind = 'payment' AND reference = ? ORDER BY created_at DESC LIMIT 1",
                             arguments: [number]).map { ExternalReference(identifier: $0["id"], token: $0["token"]) }
        case ExternalPaymentKind.wallet.rawValue:
            try String.fetchOne(db, sql: "SELECT id FROM sources WHERE description = ? ORDER BY created_at DESC LIMIT 1",
                                arguments: [Order.paymentDescription(number: number)]).map { ExternalReference(identifier: $0) }
        default:
            nil
        }
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

/// What a bank payment or wallet source paying an order is asked about: its identifier, and the
/// token the bank wants with it (none for a wallet source).
public struct ExternalReference: Hashable, Sendable {
    public let identifier: String
    public let token: String?

    public init(identifier: String, token: String? = nil) {
        self.identifier = identifier
        self.token = token
    }

    init?(row: Row) {
        guard let reference = row["payment_reference"] as String? else { return nil }
        if let token = row["payment_token"] as String? {
            self.init(identifier: reference, token: token)
        } else if let space = reference.firstIndex(of: " ") {
            // Orders noted before the token had its own column: "identifier token".
            self.init(identifier: String(reference[..<space]), token: String(reference[reference.index(after: space)...]))
        } else {
            self.init(identifier: reference)
        }
    }
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

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

    /// Takes the core's database, not its connection: the connection stays inside the core.
    public init(database: CoreDatabase, carts: Carts, charges: ChargeGateway, ids: IDGenerator, scheduler: Scheduler, events: EventRecording,
                owner: String? = nil) {
        self.owner = owner
        self.database = database.queue
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
            let open = try OrderRecord.all().ofSession(sessionKey).awaitingPayment().filter(OrderRecord.Columns.paymentKind == nil)
                .newestFirst().fetchOne(db)?.order(db)
            if let open {
                guard try !Self.hasReservation(db, open.id) else { throw OrderError.outcomeUnknown(number: open.number) }
                if Self.holds(open, the: cart) { return open }
                try setState(db, open.id, .failed, failure: "cart_changed", chargeId: nil)
            }
            return try place(db, sessionKey: sessionKey, cart: cart)
        }
    }

    private func sessionCart(_ db: Database, _ sessionKey: String) throws -> CoreCart {
        let cart: CoreCart
        do { cart = try carts.cart(db, sessionKey: sessionKey) } catch let error as CartError { throw OrderError.cart(error) }
        guard !cart.isEmpty else { throw OrderError.emptyCart }
        return cart
    }

    /// Whether the order is exactly the cart: the same jars, quantities and prices.
    private static func holds(_ order: Order, the cart: CoreCart) -> Bool {
        order.total == cart.total && order.lines.count == cart.lines.count
            && zip(order.lines, cart.lines).allSatisfy { $0.productId == $1.product.id && $0.quantity == $1.quantity && $0.unitPrice == $1.product.price }
    }

    private func place(_ db: Database, sessionKey: String, cart: CoreCart) throws -> Order {
        let number = try OrderNumbers.next(in: db)
        let id = ids.next("ord")
        let record = OrderRecord(id: id, number: number, sessionKey: sessionKey, state: .pendingPayment, totalMinor: cart.total.minorUnits,
                                 currency: cart.total.currency.code, createdAt: clock.now, updatedAt: clock.now)
        try record.insert(db)
        for (position, line) in cart.lines.enumerated() {
            try OrderLineRecord(orderId: id, position: position, productId: line.product.id, name: line.product.name,
                                unitMinor: line.product.price.minorUnits, quantity: line.quantity).insert(db)
        }
        try events.record(db, type: "order.placed", subject: id, data: ["total": "\(cart.total.minorUnits)", "currency": cart.total.currency.code])
        return try record.order(db)
    }

    public func order(id: String) throws -> Order? {
        try database.read { db in try Order.load(db, id: id) }
    }

    public func orders(for sessionKey: String) throws -> [Order] {
        try database.read { db in
            try OrderRecord.all().ofSession(sessionKey).order(OrderRecord.Columns.createdAt, OrderRecord.Columns.id).fetchAll(db)
                .map { try $0.order(db) }
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
                guard let record = try OrderRecord.fetchOne(db, key: orderId) else { throw OrderError.unknownOrder(orderId) }
                let order = try record.order(db)
                switch order.state {
                case .paid: return (order, nil)
                case .failed, .refunded: throw OrderError.notPayable(order.state)
                case .pendingPayment: break
                }
                guard try !Self.hasReservation(db, orderId) else { throw OrderError.paymentInProgress(number: order.number) }
                try reserveStock(db, order: order)
                let attempt = record.attempt + 1
                let key = Self.paymentKey(orderId: orderId, attempt: attempt)
                try OrderRecord.filter(key: orderId).updateAll(db, [
                    OrderRecord.Columns.attempt.set(to: attempt), OrderRecord.Columns.paymentKey.set(to: key), OrderRecord.Columns.owner.set(to: owner),
                    OrderRecord.Columns.failure.set(to: nil), OrderRecord.Columns.updatedAt.set(to: clock.now.milliseconds),
                ])
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
        try !StockReservationRecord.of(orderId).isEmpty(db)
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
            order = try read { db in
                guard let order = try Order.load(db, id: orderId) else { throw OrderError.unknownOrder(orderId) }
                guard order.state == .paid, order.chargeId != nil else { throw OrderError.notRefundable(order.state) }
                return order
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        guard let chargeId = order.chargeId else { return scheduler.answer(completion, with: .failure(.notRefundable(order.state))) }
        charges.refund(chargeId: chargeId, idempotencyKey: "order-\(order.id)-refund") { [self] result in
            switch result {
            case .failure(let decline): completion(.failure(.paymentDeclined(decline)))
            case .success:
                completion(Result { () throws(OrderError) in
                    try write { db in
                        // Decided inside the transaction: the same refund asked twice (two
                        // counters, or the settler's `finishRefunds`) puts the jars back once.
                        guard let current = try Order.load(db, id: order.id) else { throw OrderError.unknownOrder(order.id) }
                        guard current.state == .paid else { return current }
                        try Self.putBack(db, order.lines)
                        try setState(db, order.id, .refunded, failure: nil, chargeId: order.chargeId)
                        guard let refunded = try Order.load(db, id: order.id) else { throw OrderError.unknownOrder(order.id) }
                        return refunded
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
            try StockReservationRecord(orderId: order.id, productId: line.productId, quantity: line.quantity).insert(db)
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
        let waiting = try read { db in
            // Orders paid by another method (express, wallet, bank) are settled by that method's
            // own status (`reconcileExternalPayments`), not here.
            let byCard = OrderRecord.Columns.paymentKind == nil
                || (OrderRecord.Columns.paymentKind == ExternalPaymentKind.express && OrderRecord.Columns.paymentKey != nil)
            return try OrderRecord.all().reserved().filter(byCard).order(OrderRecord.Columns.id).fetchAll(db).map { record in
                (id: record.id, key: record.paymentKey ?? Self.paymentKey(orderId: record.id, attempt: 1), owner: record.owner,
                 since: record.updatedAt)
            }
        }
        var changed: [Order] = []
        for entry in waiting {
            guard let order = try read({ db in try Order.load(db, id: entry.id) }) else { continue }
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
            if let now = try read({ db in try Order.load(db, id: order.id) }) { changed.append(now) }
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
                try Self.putBack(db, order.lines)
                try setState(db, id, .refunded, failure: nil, chargeId: order.chargeId)
                return try Order.load(db, id: id)
            }
        }
    }

    /// Closes the orders left awaiting payment with no attempt in flight for `age` seconds (the
    /// shopper went away after a decline, or the cart changed): they can no longer be paid.
    @discardableResult
    public func closeAbandoned(olderThan age: TimeInterval) throws(OrderError) -> [Order] {
        let cutoff = clock.now.addingTimeInterval(-age).milliseconds
        return try write { db in
            let ids = try OrderRecord.all().awaitingPayment().notReserved().filter(OrderRecord.Columns.updatedAt <= cutoff)
                .order(OrderRecord.Columns.id).fetchAll(db).map(\.id)
            return try ids.compactMap { id in
                try setState(db, id, .failed, failure: "abandoned", chargeId: nil)
                return try Order.load(db, id: id)
            }
        }
    }

    /// Orders whose payment outcome is not known yet (an attempt in flight or unknown: jars
    /// reserved), of every method.
    public func unsettledOrders() throws(OrderError) -> [Order] {
        try read { db in
            try OrderRecord.all().reserved().order(OrderRecord.Columns.id).fetchAll(db).map { try $0.order(db) }
        }
    }

    /// The session's order that its cart is being paid by, if an attempt is in flight or its
    /// outcome is unknown: the cart stays tied to it until the settler knows.
    public func unsettledOrder(for sessionKey: String) throws(OrderError) -> Order? {
        try read { db in
            try OrderRecord.all().ofSession(sessionKey).awaitingPayment().reserved().newestFirst().fetchOne(db)?.order(db)
        }
    }

    /// The session's order awaiting payment with no attempt in flight (a declined attempt), if
    /// any: paying the same cart again is a new attempt of it, not a new order.
    public func openOrder(for sessionKey: String) throws(OrderError) -> Order? {
        try read { db in
            try OrderRecord.all().ofSession(sessionKey).awaitingPayment().filter(OrderRecord.Columns.paymentKind == nil)
                .newestFirst().fetchOne(db)?.order(db)
        }
    }

    /// The attempt ended without money moving: the jars go back; the order waits for another
    /// attempt, or ends (`endOrder`) when nobody is left to make one.
    private func releaseAttempt(_ orderId: String, reason: String, endOrder: Bool) throws(OrderError) {
        try write { db in
            try StockReservationRecord.of(orderId).deleteAll(db)
            guard let current = try Order.load(db, id: orderId), current.state == .pendingPayment else { return }
            if endOrder {
                try setState(db, orderId, .failed, failure: reason, chargeId: nil)
            } else {
                try OrderRecord.filter(key: orderId).updateAll(db, [
                    OrderRecord.Columns.failure.set(to: reason), OrderRecord.Columns.updatedAt.set(to: clock.now.milliseconds),
                ])
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
            try StockReservationRecord.of(order.id).deleteAll(db)
            for line in order.lines {
                let stock = try ProductRecord.fetchOne(db, key: line.productId)?.stock ?? 0
                guard stock >= line.quantity else { return nil }
            }
            for line in order.lines {
                try ProductRecord.filter(key: line.productId).updateAll(db, ProductRecord.Columns.stock -= line.quantity)
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
            try StockReservationRecord.of(orderId).deleteAll(db)
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
                guard try !Self.hasReservation(db, orderId) else { throw OrderError.paymentInProgress(number: order.number) }
                try reserveStock(db, order: order)
                // An express payment is a card charge under `paymentKey`: the settler asks about it as
                // about a card order's attempt.
                try OrderRecord.filter(key: orderId).updateAll(db, [
                    OrderRecord.Columns.paymentKind.set(to: kind), OrderRecord.Columns.paymentKey.set(to: paymentKey),
                    OrderRecord.Columns.owner.set(to: owner), OrderRecord.Columns.updatedAt.set(to: clock.now.milliseconds),
                ])
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
        guard let order = try read({ db in try Order.load(db, id: orderId) }) else { throw .unknownOrder(orderId) }
        return try markPaid(order, chargeId: reference)
    }

    /// The other method failed or was cancelled: the reservation goes, the cart stays.
    @discardableResult
    public func markFailed(orderId: String, reason: String) throws(OrderError) -> Order {
        try markFailed(orderId, reason: reason)
        guard let order = try read({ db in try Order.load(db, id: orderId) }) else { throw .unknownOrder(orderId) }
        return order
    }

    /// Notes what the other method's status is asked about later (the wallet source, the bank
    /// payment and its token), for an order whose outcome is not known yet.
    public func noteExternalReference(orderId: String, reference: ExternalReference) throws(OrderError) {
        try write { db in
            try OrderRecord.filter(key: orderId).updateAll(db, [
                OrderRecord.Columns.paymentReference.set(to: reference.identifier), OrderRecord.Columns.paymentToken.set(to: reference.token),
            ])
        }
    }

    /// The reference noted with `noteExternalReference`, if any.
    public func externalReference(orderId: String) throws(OrderError) -> ExternalReference? {
        try read { db in
            try OrderRecord.fetchOne(db, key: orderId).flatMap(ExternalReference.init(noted:))
        }
    }

    /// Settles the orders of this method still waiting on their payment (a wallet's possible
    /// success, a bank's `wait`): `status` is asked about each order's noted reference. Paid marks
    /// the order paid (stock down, cart emptied, once), failed releases the jars, pending keeps
    /// them. Returns the orders it changed.
    @discardableResult
    public func reconcileExternalPayments(kind: ExternalPaymentKind, status: (ExternalReference) -> ExternalPaymentStatus) throws(OrderError) -> [Order] {
        let waiting = try read { db in
            try OrderRecord.all().paidBy(kind).awaitingPayment().filter(OrderRecord.Columns.paymentReference != nil).reserved()
                .order(OrderRecord.Columns.createdAt, OrderRecord.Columns.id).fetchAll(db)
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
        let found = try read { db in
            try OrderRecord.all().awaitingPayment().filter(Self.paidAtBankOrByWallet && OrderRecord.Columns.paymentReference == nil).reserved()
                .order(OrderRecord.Columns.id).fetchAll(db)
                .compactMap { record -> (id: String, reference: ExternalReference)? in
                    try Self.paymentMadeOut(db, for: record).map { (record.id, $0) }
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
        let orphans = try read { db in
            let nothingNoted = (Self.paidAtBankOrByWallet && OrderRecord.Columns.paymentReference == nil)
                || (OrderRecord.Columns.paymentKind == ExternalPaymentKind.express && OrderRecord.Columns.paymentKey == nil)
            return try OrderRecord.all().awaitingPayment().filter(nothingNoted).reserved().order(OrderRecord.Columns.id).fetchAll(db)
                .filter { record in try Self.paymentMadeOut(db, for: record) == nil }
        }
        var changed: [Order] = []
        for orphan in orphans where !isAlive(orphan.owner) || orphan.updatedAt.milliseconds <= cutoff {
            changed.append(try markFailed(orderId: orphan.id, reason: "not_started"))
        }
        return changed
    }

    /// The newest bank payment or wallet source made out to an order's number (a bank payment's
    /// reference is the number; a source is described as the order), if any.
    private static func paymentMadeOut(_ db: Database, for order: OrderRecord) throws -> ExternalReference? {
        switch order.paymentKind {
        case .bank:
            try BankResourceRecord
                .filter(BankResourceRecord.Columns.kind == BankPayments.Kind.payment && BankResourceRecord.Columns.reference == order.number)
                .order(BankResourceRecord.Columns.createdAt.desc).fetchOne(db)
                .map { ExternalReference(identifier: $0.id, token: $0.token) }
        case .wallet:
            try SourceRecord.filter(SourceRecord.Columns.description == Order.paymentDescription(number: order.number))
                .order(SourceRecord.Columns.createdAt.desc).fetchOne(db).map { ExternalReference(identifier: $0.id) }
        case .express, nil:
            nil
        }
    }

    private static let paidAtBankOrByWallet = [ExternalPaymentKind.bank, .wallet].contains(OrderRecord.Columns.paymentKind)

    /// Puts the jars of a refunded order back on the shelf.
    private static func putBack(_ db: Database, _ lines: [OrderLine]) throws {
        for line in lines {
            try ProductRecord.filter(key: line.productId).updateAll(db, ProductRecord.Columns.stock += line.quantity)
        }
    }

    /// Orders of this method whose payment is still open (jars reserved), oldest first: what the
    /// app's due-work timer asks the method's status about.
    public func pendingExternalPayments(kind: ExternalPaymentKind) throws(OrderError) -> [Order] {
        try read { db in
            try OrderRecord.all().paidBy(kind).awaitingPayment().reserved().order(OrderRecord.Columns.createdAt, OrderRecord.Columns.id)
                .fetchAll(db).map { try $0.order(db) }
        }
    }

    private func setState(_ db: Database, _ id: String, _ state: OrderState, failure: String?, chargeId: String?) throws {
        try OrderRecord.filter(key: id).updateAll(db, [
            OrderRecord.Columns.state.set(to: state), OrderRecord.Columns.failure.set(to: failure),
            OrderRecord.Columns.chargeId.set(to: chargeId), OrderRecord.Columns.updatedAt.set(to: clock.now.milliseconds),
        ])
        var data = ["state": state.rawValue]
        if let failure { data["reason"] = failure }
        if let chargeId { data["charge"] = chargeId }
        try events.record(db, type: "order.\(state.rawValue)", subject: id, data: data)
    }

    /// A write whose errors are `OrderError`s: storage failures become `.storage`.
    private func write<T>(_ body: (Database) throws -> T) throws(OrderError) -> T {
        try orderErrors { try database.write(body) }
    }

    /// A read (no write lock, nothing to commit) whose errors are `OrderError`s.
    private func read<T>(_ body: (Database) throws -> T) throws(OrderError) -> T {
        try orderErrors { try database.read(body) }
    }

    private func orderErrors<T>(_ access: () throws -> T) throws(OrderError) -> T {
        do {
            return try access()
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

    /// What the order noted, if anything.
    init?(noted order: OrderRecord) {
        guard let reference = order.paymentReference else { return nil }
        if let token = order.paymentToken {
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

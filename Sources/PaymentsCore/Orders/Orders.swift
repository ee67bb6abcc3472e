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
    let store: any CoreStore

    /// GRDB's connection, for the parts not yet moved onto `CoreTransaction` (Docs/fleet.md); on
    /// PostgreSQL they refuse, by name, rather than run elsewhere.
    var database: any DatabaseWriter {
        get throws {
            guard let sqlite = store as? SQLiteCoreStore else { throw StorageError.unsupported("this part of the orders on PostgreSQL") }
            return sqlite.writer
        }
    }

    let carts: Carts

    let charges: ChargeGateway

    /// The tenders a bank or wallet order is refunded through (nil: such orders are not refunded here).
    let bank: BankPayments?
    let sources: PaymentSources?

    let ids: IDGenerator

    let scheduler: Scheduler

    var clock: Clock { scheduler.clock }
    let events: EventRecording

    /// The counter instance paying (see `CounterInstance`); nil for a core without one.
    let owner: String?
    /// Its name, written on the orders it takes payments for.
    let counterName: String?
    /// The shop's VAT rates and product tax categories: each line placed from now on is sold at
    /// the rate they give it, frozen on the line.
    public var tax: TaxTable = .german

    public init(store: any CoreStore, carts: Carts, charges: ChargeGateway, ids: IDGenerator, scheduler: Scheduler, events: EventRecording,
                owner: String? = nil, counterName: String? = nil, bank: BankPayments? = nil, sources: PaymentSources? = nil) {
        self.bank = bank
        self.sources = sources
        self.owner = owner
        self.counterName = counterName
        self.store = store
        self.carts = carts
        self.charges = charges
        self.ids = ids
        self.scheduler = scheduler
        self.events = events
    }

    /// Snapshots the session's cart into an order awaiting payment. The cart is left as it is.
    /// - Parameters:
    ///   - extras: what the shopper is asked to pay beside the goods (shipping, a surcharge): lines
    ///     of the order, in its total.
    ///   - shipsTo: where it ships, one line, for the receipt.
    public func placeOrder(for sessionKey: String, extras: [OrderExtra] = [], shipsTo: String? = nil,
                           signedBy signature: StaffSignature? = nil) throws(OrderError) -> Order {
        try writing { tx in
            // A part-paid order's cart is paid by that order's next part, never by a second order.
            if let open = try openCardOrder(tx, sessionKey), let soFar = try Self.paidSoFar(tx, open) {
                throw OrderError.partPaid(number: open.number, paid: soFar.paid, left: soFar.left)
            }
            let placed = try place(tx, sessionKey: sessionKey, cart: try sessionCart(tx, sessionKey), extras: extras, shipsTo: shipsTo)
            try Self.sign(tx, placed, placedBy: signature)
            return placed
        }
    }

    /// The order the session's cart is paid by: the order a declined attempt left awaiting
    /// payment when the cart is still what it holds (another attempt of the same order, not a
    /// new order), else a new one, the stale one closed. An order whose outcome is unknown
    /// refuses (`outcomeUnknown`): the cart is tied to it until the settler knows.
    public func orderToPay(for sessionKey: String, signedBy signature: StaffSignature? = nil) throws(OrderError) -> Order {
        try writing { tx in try orderToPay(tx, sessionKey: sessionKey, placedBy: signature) }
    }

    /// Signs an order as placed by `signature` (issue 36), unless someone placed it before (a
    /// second attempt, a split's next part): the one who first took its payment placed it.
    static func sign(_ tx: any CoreTransaction, _ order: Order, placedBy signature: StaffSignature?) throws {
        guard let signature else { return }
        try tx.execute("""
            UPDATE orders SET staff_id = ?, staff_name = ?, approved_by_id = ?, approved_by_name = ? WHERE id = ? AND staff_id IS NULL
            """, signature.doneBy.id.rawValue, signature.doneBy.name, signature.approvedBy?.id.rawValue, signature.approvedBy?.name, order.id)
    }

    /// `orderToPay`, with the id a new order gets when one is chosen beforehand.
    func orderToPay(_ tx: any CoreTransaction, sessionKey: String, newOrderId: String? = nil, newOrderNumber: String? = nil,
                    placedBy signature: StaffSignature? = nil) throws -> Order {
        let order = try orderToPay(tx, sessionKey: sessionKey, newOrderId: newOrderId, newOrderNumber: newOrderNumber)
        try Self.sign(tx, order, placedBy: signature)
        return order
    }

    private func orderToPay(_ tx: any CoreTransaction, sessionKey: String, newOrderId: String?, newOrderNumber: String?) throws -> Order {
        let (cart, open) = try cartAndOpenOrder(tx, sessionKey)
        if let open {
            if Self.holds(open, the: cart) { return open }
            // Its parts paid for what it holds: the cart cannot become another order under them.
            let paid = try MoneyLedger.balance(tx, orderId: open.id)
            guard paid <= 0 else {
                throw OrderError.partPaid(number: open.number, paid: Money(minorUnits: paid, currency: open.total.currency),
                                          left: Money(minorUnits: open.total.minorUnits - paid, currency: open.total.currency))
            }
            try setState(tx, open.id, .failed, failure: "cart_changed", chargeId: nil)
        }
        return try place(tx, sessionKey: sessionKey, cart: cart, id: newOrderId, number: newOrderNumber)
    }

    /// The session's cart and its open card order; refused while that order's outcome is unknown.
    func cartAndOpenOrder(_ tx: any CoreTransaction, _ sessionKey: String) throws -> (cart: Cart, open: Order?) {
        let cart = try sessionCart(tx, sessionKey)
        let open = try openCardOrder(tx, sessionKey)
        if let open, try Self.hasReservation(tx, open.id) { throw OrderError.outcomeUnknown(number: open.number) }
        return (cart, open)
    }

    /// The session's newest card order awaiting payment.
    func openCardOrder(_ tx: any CoreTransaction, _ sessionKey: String) throws -> Order? {
        try tx.fetchOne(OrderRecord.self, """
            SELECT * FROM orders o WHERE o.session_key = ? AND o.state = ? AND o.payment_kind IS NULL
            ORDER BY \(Self.newestFirst(tx)) LIMIT 1
            """, sessionKey, OrderState.pendingPayment)?.order(tx)
    }

    /// Orders `o` with jars held for them: a payment in flight or its outcome unknown. An
    /// `EXISTS` rather than a counted join: the settler asks this every pass.
    static let jarsHeld = "EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = o.id)"

    /// Oldest first, of orders `o`.
    static func oldestFirst(_ tx: any CoreTransaction) -> String { "o.created_at, \(tx.engine.bytewise("o.id"))" }

    /// Newest first, of orders `o`: the session's current order first.
    static func newestFirst(_ tx: any CoreTransaction) -> String { "o.created_at DESC, \(tx.engine.bytewise("o.id")) DESC" }

    func sessionCart(_ tx: any CoreTransaction, _ sessionKey: String) throws -> Cart {
        let cart: Cart
        // Not created when missing: an order is never placed from an empty cart, and the look
        // before a cart's payment writes nothing.
        do { cart = try carts.existingCart(tx, sessionKey: sessionKey) } catch let error as CartError { throw OrderError.cart(error) }
        guard !cart.isEmpty else { throw OrderError.emptyCart }
        return cart
    }

    /// Whether the order's goods are exactly the cart: the same jars, quantities and prices.
    static func holds(_ order: Order, the cart: Cart) -> Bool {
        let goods = order.goods
        let priced = cart.pricing.lines
        return goods.count == cart.lines.count && !goods.isEmpty
            && zip(goods, cart.lines).allSatisfy { $0.productId == $1.product.id && $0.quantity == $1.quantity && $0.unitPrice == $1.product.price }
            // A discount given or taken back since is another order (the same jars at other prices).
            && zip(goods, priced).allSatisfy { $0.discountMinor == $1.lineDiscount && $0.orderDiscountMinor == $1.orderShare }
            && order.discounts.map(\.reason) == Self.placedDiscounts(cart).map(\.discount.reason)
    }

    func place(_ tx: any CoreTransaction, sessionKey: String, cart: Cart, extras: [OrderExtra] = [], shipsTo: String? = nil,
               id chosenId: String? = nil, number claimed: String? = nil) throws -> Order {
        guard extras.allSatisfy({ $0.kind != .goods && $0.amount.currency == cart.total.currency && $0.amount.minorUnits >= 0 }) else {
            throw OrderError.storage("an order's extra line must be shipping or a surcharge, in the cart's currency")
        }
        // The goods after their discounts (`DiscountPricing`): every tender charges this total.
        let pricing = cart.pricing
        let total = pricing.total + extras.reduce(0) { $0 + $1.amount.minorUnits }
        let number = try claimed ?? OrderNumbers.next(in: tx)
        let id = chosenId ?? ids.next("ord")
        let record = OrderRecord(id: id, number: number, sessionKey: sessionKey, state: .pendingPayment, totalMinor: total,
                                 currency: cart.total.currency.code, createdAt: clock.now, updatedAt: clock.now, shipsTo: shipsTo)
        try tx.insert(record)
        for (position, line) in cart.lines.enumerated() {
            let category = try tx.fetchValue(String.self, "SELECT tax_category FROM products WHERE id = ?", line.product.id) ?? TaxTable.Category.general
            try tx.insert(OrderLineRecord(orderId: id, position: position, productId: line.product.id, name: line.product.name,
                                          unitMinor: line.product.price.minorUnits, quantity: line.quantity,
                                          taxRateBp: tax.rate(forCategory: category).basisPoints,
                                          discountMinor: pricing.lines[position].lineDiscount, orderDiscountMinor: pricing.lines[position].orderShare))
        }
        for (seq, placed) in Self.placedDiscounts(cart).enumerated() {
            try tx.insert(OrderDiscountRecord(orderId: id, seq: seq, position: placed.position, discount: placed.discount,
                                              amountMinor: placed.position.map { pricing.lines[$0].lineDiscount } ?? pricing.orderDiscount,
                                              currency: cart.currency))
        }
        // Shipping and surcharges are taxed at the standard rate.
        for (offset, extra) in extras.enumerated() {
            try tx.insert(OrderLineRecord(orderId: id, position: cart.lines.count + offset, productId: extra.kind.rawValue, name: extra.name,
                                          unitMinor: extra.amount.minorUnits, quantity: 1, kind: extra.kind, taxRateBp: tax.standard.basisPoints))
        }
        try events.record(tx, type: "order.placed", subject: id, data: ["total": "\(total)", "currency": cart.total.currency.code])
        return try record.order(tx)
    }

    /// The cart's discounts as the order keeps them: each line's at its position, then the order's.
    static func placedDiscounts(_ cart: Cart) -> [(position: Int?, discount: Discount)] {
        let lines: [(position: Int?, discount: Discount)] = cart.lines.enumerated().compactMap { position, line in
            cart.lineDiscount(for: line.id).map { (position, $0) }
        }
        return lines + (cart.orderDiscount.map { [(nil, $0)] } ?? [])
    }

    public func order(id: String) throws -> Order? {
        try store.read { tx in try Order.load(tx, id: id) }
    }

    public func orders(for sessionKey: String) throws -> [Order] {
        try store.read { tx in
            try tx.fetchAll(OrderRecord.self, "SELECT * FROM orders o WHERE o.session_key = ? ORDER BY o.created_at, \(tx.engine.bytewise("o.id"))",
                            sessionKey).map { try $0.order(tx) }
        }
    }

    /// Puts the jars of a refunded order back on the shelf, each a `returned` movement of the
    /// refund `reference` (the order's id for a refund of the whole without a refund row).
    func putBack(_ tx: any CoreTransaction, _ lines: [OrderLine], reference: String) throws {
        for line in lines where line.kind == .goods {
            try StockBook.move(tx, productId: line.productId, by: line.quantity, kind: .returned,
                               id: StockBook.movementId(.returned, reference: reference, productId: line.productId),
                               reference: reference, counter: counterName, at: clock.now)
        }
    }

    func setState(_ tx: any CoreTransaction, _ id: String, _ state: OrderState, failure: String?, chargeId: String?) throws {
        try tx.execute("UPDATE orders SET state = ?, failure = ?, charge_id = ?, updated_at = ? WHERE id = ?",
                       state, failure, chargeId, clock.now.milliseconds, id)
        // Every way an order is paid passes here: its receipt is numbered in the same transaction.
        if state == .paid { try ReceiptNumbers.assign(tx, orderId: id, counterName: counterName) }
        var data = ["state": state.rawValue]
        if let failure { data["reason"] = failure }
        if let chargeId { data["charge"] = chargeId }
        try events.record(tx, type: "order.\(state.rawValue)", subject: id, data: data)
    }

    func setState(_ db: Database, _ id: String, _ state: OrderState, failure: String?, chargeId: String?) throws {
        try setState(SQLiteTransaction(db), id, state, failure: failure, chargeId: chargeId)
    }

    /// A write whose errors are `OrderError`s: storage failures become `.storage`.
    func write<T>(_ body: (Database) throws -> T) throws(OrderError) -> T {
        try orderErrors { try database.write(body) }
    }

    /// A read (no write lock, nothing to commit) whose errors are `OrderError`s.
    func read<T>(_ body: (Database) throws -> T) throws(OrderError) -> T {
        try orderErrors { try database.snapshotRead(body) }
    }

    /// `write`, on either engine.
    func writing<T>(_ body: (any CoreTransaction) throws -> T) throws(OrderError) -> T {
        try orderErrors { try store.write(body) }
    }

    /// `read`, on either engine.
    func reading<T>(_ body: (any CoreTransaction) throws -> T) throws(OrderError) -> T {
        try orderErrors { try store.read(body) }
    }

    func orderErrors<T>(_ access: () throws -> T) throws(OrderError) -> T {
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
    /// A won auction bid: its hold is captured (`Auctions`), no jars are reserved.
    case auction
    /// A subscription's period, placed paid when its payment (a saved card's charge or a mandate
    /// draw) is recorded (`Subscriptions`); no jars are reserved.
    case subscription
    /// Notes and coins at a staffed counter's till (`payInCash`): paid in the transaction that
    /// places it; nobody outside to ask, nothing for the settler.
    case cash
}

extension PaymentInstrument {
    var kind: String {
        switch self {
        case .token: "token"
        case .savedMethod: "savedMethod"
        }
    }
}

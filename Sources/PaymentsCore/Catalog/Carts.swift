import Clocks
import Foundation
import GRDB

/// Carts owned by a session key (a customer id or a kiosk session): one cart per key.
public final class Carts {
    private let database: any DatabaseWriter
    private let ids: IDGenerator
    private let clock: Clock
    private let events: EventRecording

    public init(database: any DatabaseWriter, ids: IDGenerator, clock: Clock, events: EventRecording) {
        self.database = database
        self.ids = ids
        self.clock = clock
        self.events = events
    }

    /// The session's cart, created empty on first use.
    public func cart(for sessionKey: String) throws -> Cart {
        try database.write { db in try cart(db, sessionKey: sessionKey) }
    }

    /// Adds jars; adding a product already in the cart merges into its line.
    @discardableResult
    public func add(productId: String, quantity: Int = 1, for sessionKey: String) throws -> Cart {
        guard quantity > 0 else { throw CartError.invalidQuantity(quantity) }
        return try database.write { db in
            let cartId = try cartId(db, sessionKey: sessionKey)
            let current = try CartLineRecord.fetchOne(db, key: ["cart_id": cartId, "product_id": productId])?.quantity ?? 0
            try setLine(db, cartId: cartId, productId: productId, quantity: current + quantity)
            try events.record(db, type: "cart.line_added", subject: cartId, data: ["product": productId, "quantity": "\(quantity)"])
            return try cart(db, sessionKey: sessionKey)
        }
    }

    /// Sets a line's quantity; 0 removes the line.
    @discardableResult
    public func setQuantity(_ quantity: Int, productId: String, for sessionKey: String) throws -> Cart {
        guard quantity >= 0 else { throw CartError.invalidQuantity(quantity) }
        return try database.write { db in
            let cartId = try cartId(db, sessionKey: sessionKey)
            if quantity == 0 {
                try CartLineRecord.deleteOne(db, key: ["cart_id": cartId, "product_id": productId])
            } else {
                try setLine(db, cartId: cartId, productId: productId, quantity: quantity)
            }
            try events.record(db, type: "cart.quantity_set", subject: cartId, data: ["product": productId, "quantity": "\(quantity)"])
            return try cart(db, sessionKey: sessionKey)
        }
    }

    @discardableResult
    public func remove(productId: String, for sessionKey: String) throws -> Cart {
        try setQuantity(0, productId: productId, for: sessionKey)
    }

    @discardableResult
    public func empty(for sessionKey: String) throws -> Cart {
        try database.write { db in
            try Self.empty(db, sessionKey: sessionKey, events: events)
            return try cart(db, sessionKey: sessionKey)
        }
    }

    static func empty(_ db: Database, sessionKey: String, events: EventRecording) throws {
        guard let cartId = try storedCartId(db, sessionKey) else { return }
        try CartLineRecord.filter(CartLineRecord.Columns.cartId == cartId).deleteAll(db)
        try events.record(db, type: "cart.emptied", subject: cartId, data: [:])
    }

    private func setLine(_ db: Database, cartId: String, productId: String, quantity: Int) throws {
        guard let product = try Catalog.product(db, id: productId) else { throw CartError.unknownProduct(productId) }
        guard quantity <= Cart.maximumQuantity else { throw CartError.invalidQuantity(quantity) }
        // The shelf is checked here for a friendly message; the binding check is at payment.
        if let stock = product.stock, quantity > stock { throw CartError.notEnoughStock(productId: productId, available: stock) }
        if var line = try CartLineRecord.fetchOne(db, key: ["cart_id": cartId, "product_id": productId]) {
            line.quantity = quantity
            try line.update(db)
        } else {
            // A new line goes after the others: the cart lists jars in the order they were first added.
            let lines = CartLineRecord.filter(CartLineRecord.Columns.cartId == cartId)
            let last = try Int.fetchOne(db, lines.select(max(CartLineRecord.Columns.addedSeq))) ?? 0
            try CartLineRecord(cartId: cartId, productId: productId, quantity: quantity, addedSeq: last + 1).insert(db)
        }
    }

    private func cartId(_ db: Database, sessionKey: String) throws -> String {
        if let id = try Self.storedCartId(db, sessionKey) { return id }
        let id = ids.next("cart")
        try CartRecord(id: id, sessionKey: sessionKey, createdAt: clock.now).insert(db)
        try events.record(db, type: "cart.created", subject: id, data: ["session": sessionKey])
        return id
    }

    func cart(_ db: Database, sessionKey: String) throws -> Cart {
        try cart(db, id: try cartId(db, sessionKey: sessionKey))
    }

    /// The session's cart as it is, without creating it (a look that writes nothing): empty when
    /// the session never had one.
    func existingCart(_ db: Database, sessionKey: String) throws -> Cart {
        guard let id = try Self.storedCartId(db, sessionKey) else { return Cart(currency: .eur) }
        return try cart(db, id: id)
    }

    private static func storedCartId(_ db: Database, _ sessionKey: String) throws -> String? {
        try CartRecord.filter(CartRecord.Columns.sessionKey == sessionKey).fetchOne(db)?.id
    }

    private func cart(_ db: Database, id: String) throws -> Cart {
        let stored = try CartLineRecord
            .filter(CartLineRecord.Columns.cartId == id)
            .including(required: CartLineRecord.product)
            .order(CartLineRecord.Columns.addedSeq)
            .asRequest(of: CartLineWithProduct.self)
            .fetchAll(db)
        // The rows are read back through the value's own rules (one currency, no overflow), so a
        // stored cart that broke them is refused rather than shown with a wrong total.
        let lines = try stored.map { (product: try Product($0.product), quantity: $0.line.quantity) }
        var cart = Cart(currency: lines.first?.product.price.currency ?? .eur)
        for line in lines {
            try cart.setQuantity(of: line.product, to: line.quantity)
        }
        return cart
    }
}

import Clocks
import Foundation
import GRDB

/// Carts owned by a session key (a customer id or a kiosk session): one cart per key.
public final class Carts {
    let store: any CoreStore
    private let ids: IDGenerator
    let clock: Clock
    let events: EventRecording
    /// The shop's discount reasons and the cashier's ceiling (`Carts+Discounts`).
    public var discountPolicy: DiscountPolicy = .standard

    public convenience init(database: any DatabaseWriter, ids: IDGenerator, clock: Clock, events: EventRecording) {
        self.init(store: SQLiteCoreStore(database), ids: ids, clock: clock, events: events)
    }

    public init(store: any CoreStore, ids: IDGenerator, clock: Clock, events: EventRecording) {
        self.store = store
        self.ids = ids
        self.clock = clock
        self.events = events
    }

    /// The session's cart, created empty on first use.
    public func cart(for sessionKey: String) throws -> Cart {
        try store.write { tx in try cart(tx, sessionKey: sessionKey) }
    }

    /// Adds jars; adding a product already in the cart merges into its line. `unitPrice`: each
    /// item's price when a priced barcode set it (nil: the shelf's). A product has one line, at
    /// one price: adding it at another price than its line's is refused (`pricedDifferently`).
    @discardableResult
    public func add(productId: String, quantity: Int = 1, unitPrice: Money? = nil, for sessionKey: String) throws -> Cart {
        guard quantity > 0 else { throw CartError.invalidQuantity(quantity) }
        return try store.write { tx in
            try add(tx, productId: productId, quantity: quantity, unitPrice: unitPrice, for: sessionKey)
            return try cart(tx, sessionKey: sessionKey)
        }
    }

    /// Adds jars in the caller's transaction. `checkingStock: false` for a parked sale resumed:
    /// it reserved nothing, and its jars are checked when it is paid, as the brief says.
    func add(_ tx: any CoreTransaction, productId: String, quantity: Int, unitPrice: Money? = nil, for sessionKey: String,
             checkingStock: Bool = true) throws {
        let cartId = try cartId(tx, sessionKey: sessionKey)
        let current = try Self.line(tx, cartId: cartId, productId: productId)?.quantity ?? 0
        try setLine(tx, cartId: cartId, productId: productId, quantity: current + quantity, price: unitPrice.map { .label($0) } ?? .shelf,
                    checkingStock: checkingStock)
        try Self.lineChanged(tx, cartId: cartId, productId: productId, removed: false)
        var data = ["product": productId, "quantity": "\(quantity)"]
        if let unitPrice { data["unit_price"] = "\(unitPrice.minorUnits)" }
        try events.record(tx, type: "cart.line_added", subject: cartId, data: data)
    }

    /// Sets a line's quantity; 0 removes the line.
    @discardableResult
    public func setQuantity(_ quantity: Int, productId: String, for sessionKey: String) throws -> Cart {
        guard quantity >= 0 else { throw CartError.invalidQuantity(quantity) }
        return try store.write { tx in
            let cartId = try cartId(tx, sessionKey: sessionKey)
            if quantity == 0 {
                try tx.execute("DELETE FROM cart_lines WHERE cart_id = ? AND product_id = ?", cartId, productId)
            } else {
                try setLine(tx, cartId: cartId, productId: productId, quantity: quantity)
            }
            try Self.lineChanged(tx, cartId: cartId, productId: productId, removed: quantity == 0)
            try events.record(tx, type: "cart.quantity_set", subject: cartId, data: ["product": productId, "quantity": "\(quantity)"])
            return try cart(tx, sessionKey: sessionKey)
        }
    }

    @discardableResult
    public func remove(productId: String, for sessionKey: String) throws -> Cart {
        try setQuantity(0, productId: productId, for: sessionKey)
    }

    @discardableResult
    public func empty(for sessionKey: String) throws -> Cart {
        try store.write { tx in
            try Self.empty(tx, sessionKey: sessionKey, events: events)
            return try cart(tx, sessionKey: sessionKey)
        }
    }

    static func empty(_ tx: any CoreTransaction, sessionKey: String, events: EventRecording) throws {
        guard let cartId = try storedCartId(tx, sessionKey) else { return }
        try tx.execute("DELETE FROM cart_lines WHERE cart_id = ?", cartId)
        try tx.execute("DELETE FROM cart_discounts WHERE cart_id = ?", cartId)
        try events.record(tx, type: "cart.emptied", subject: cartId, data: [:])
    }

    /// Moves a cart's lines (each at its own price: a priced label's stays) and its discounts to
    /// another session's cart, which must be empty: a sale parked, and resumed. Nothing is priced
    /// or checked again: what the cashier gave (and a manager approved) goes with the sale.
    func moveContents(_ tx: any CoreTransaction, from source: String, to destination: String) throws {
        guard let from = try Self.storedCartId(tx, source) else { return }
        let to = try cartId(tx, sessionKey: destination)
        try tx.execute("UPDATE cart_lines SET cart_id = ? WHERE cart_id = ?", to, from)
        try tx.execute("UPDATE cart_discounts SET cart_id = ? WHERE cart_id = ?", to, from)
        try events.record(tx, type: "cart.moved", subject: from, data: ["to": to])
    }

    /// The price a line is changed at: its own (a quantity set on the cart), the shelf's (a jar
    /// added by hand) or a priced barcode's.
    private enum LinePrice {
        case keep, shelf
        case label(Money)
    }

    private func setLine(_ tx: any CoreTransaction, cartId: String, productId: String, quantity: Int, price: LinePrice = .keep,
                         checkingStock: Bool = true) throws {
        guard let product = try Catalog.product(tx, id: productId) else { throw CartError.unknownProduct(productId) }
        guard quantity <= Cart.maximumQuantity else { throw CartError.invalidQuantity(quantity) }
        // The shelf is checked here for a friendly message; the binding check is at payment.
        if checkingStock, let stock = product.stock, quantity > stock { throw CartError.notEnoughStock(productId: productId, available: stock) }
        var labelled: Int64?
        if case let .label(money) = price {
            guard money.currency == product.price.currency else { throw CartError.mixedCurrencies(money.currency.code) }
            labelled = money.minorUnits
        }
        if let line = try Self.line(tx, cartId: cartId, productId: productId) {
            // An item added must cost what each item of its line costs.
            let added: Int64? = switch price {
            case .keep: nil
            case .shelf, .label: labelled ?? product.price.minorUnits
            }
            if let added, added != line.unitPriceMinor ?? product.price.minorUnits { throw CartError.pricedDifferently(productId: productId) }
            try tx.execute("UPDATE cart_lines SET quantity = ? WHERE cart_id = ? AND product_id = ?", quantity, cartId, productId)
        } else {
            // A new line goes after the others: the cart lists jars in the order they were first added.
            let last = try tx.fetchValue(Int.self, "SELECT MAX(added_seq) FROM cart_lines WHERE cart_id = ?", cartId) ?? 0
            try tx.insert(CartLineRecord(cartId: cartId, productId: productId, quantity: quantity, addedSeq: last + 1, unitPriceMinor: labelled))
        }
    }

    private static func line(_ tx: any CoreTransaction, cartId: String, productId: String) throws -> CartLineRecord? {
        try tx.fetchOne(CartLineRecord.self, "SELECT * FROM cart_lines WHERE cart_id = ? AND product_id = ?", cartId, productId)
    }

    func cartId(_ tx: any CoreTransaction, sessionKey: String) throws -> String {
        if let id = try Self.storedCartId(tx, sessionKey) { return id }
        let id = ids.next("cart")
        try tx.insert(CartRecord(id: id, sessionKey: sessionKey, createdAt: clock.now))
        try events.record(tx, type: "cart.created", subject: id, data: ["session": sessionKey])
        return id
    }

    func cart(_ tx: any CoreTransaction, sessionKey: String) throws -> Cart {
        try cart(tx, id: try cartId(tx, sessionKey: sessionKey))
    }

    /// The session's cart as it is, without creating it (a look that writes nothing): empty when
    /// the session never had one.
    func existingCart(_ tx: any CoreTransaction, sessionKey: String) throws -> Cart {
        guard let id = try Self.storedCartId(tx, sessionKey) else { return Cart(currency: .eur) }
        return try cart(tx, id: id)
    }

    static func storedCartId(_ tx: any CoreTransaction, _ sessionKey: String) throws -> String? {
        try tx.fetchValue(String.self, "SELECT id FROM carts WHERE session_key = ?", sessionKey)
    }

    private func cart(_ tx: any CoreTransaction, id: String) throws -> Cart {
        let stored = try tx.rows("""
            SELECT l.quantity AS line_quantity, l.unit_price_minor AS line_price, p.* FROM cart_lines l JOIN products p ON p.id = l.product_id
            WHERE l.cart_id = ? ORDER BY l.added_seq
            """, id)
        // The rows are read back through the value's own rules (one currency, no overflow), so a
        // stored cart that broke them is refused rather than shown with a wrong total. A line a
        // priced barcode set carries its price as its product's: the order is placed at it.
        let lines = try stored.map { row in
            var product = try Product(row.decode(ProductRecord.self))
            if let price = try row.value(Int64?.self, "line_price") { product.price = Money(minorUnits: price, currency: product.price.currency) }
            return (product: product, quantity: try row.value(Int.self, "line_quantity"))
        }
        var cart = Cart(currency: lines.first?.product.price.currency ?? .eur)
        for line in lines {
            try cart.setQuantity(of: line.product, to: line.quantity)
        }
        cart.discounts = try Self.discounts(tx, cartId: id, of: cart)
        return cart
    }
}

import Clocks
import Foundation

/// The catalogue in the back office (issue 36): add a product, change a price, receive stock,
/// count it, and see what runs low. Every change is a row (`stock_movements`, `price_changes`)
/// signed by who made it, journaled in the same transaction, and announced to the fleet, whose
/// counters read the shelf again (a new product and a new price with it). Sales move stock
/// through `StockBook` too, so a product's stock is always the sum of its movements.
public final class Stockroom {
    private let store: any CoreStore
    private let clock: Clock
    private let ids: IDGenerator
    /// The shop's VAT table: the tax categories a product may have, and the shelf's currency.
    public let tax: TaxTable
    public let currency: Currency
    /// The counter as the books name it (nil: a counter without a name).
    public let counter: String?

    /// A new product is low at this many jars unless told otherwise.
    public static let defaultLowStockLevel = 3
    public static let maximumNameLength = 40
    /// More jars than any shelf holds: a typing slip, refused.
    public static let maximumStock = 100_000
    /// The back office's list shows at most this many products at a time (narrow it by name).
    public static let listLimit = 200

    public init(store: any CoreStore, clock: Clock, ids: IDGenerator, tax: TaxTable, currency: Currency, counter: String?) {
        self.store = store
        self.clock = clock
        self.ids = ids
        self.tax = tax
        self.currency = currency
        self.counter = counter
    }

    /// The tax categories a product may be given: the shop's, in byte order.
    public var taxCategories: [String] { tax.categories.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }

    // MARK: Reading

    /// Products whose name contains `filter` (empty: all), in the shelf's order, at most `listLimit`.
    public func products(matching filter: String = "") throws(StockroomError) -> [StockedProduct] {
        try run(write: false) { tx in
            let pattern = "%" + filter.lowercased().replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "") + "%"
            return try tx.rows("SELECT * FROM products p WHERE LOWER(p.name) LIKE ? ORDER BY \(CatalogOrder.columns(tx.engine, of: "p")) LIMIT ?",
                               pattern, Self.listLimit).map(Self.stocked)
        }
    }

    /// The products at or below their low-stock level, the emptiest first.
    public func lowStock() throws(StockroomError) -> [StockedProduct] {
        try run(write: false) { tx in
            try tx.rows("SELECT * FROM products p WHERE p.stock <= p.low_stock_at ORDER BY p.stock, \(CatalogOrder.columns(tx.engine, of: "p")) LIMIT ?",
                        Self.listLimit).map(Self.stocked)
        }
    }

    /// A product's movements, newest first (at most `limit`).
    public func movements(of productId: String, limit: Int = 50) throws(StockroomError) -> [StockMovement] {
        try run(write: false) { tx in
            try tx.fetchAll(StockMovementRecord.self, "SELECT * FROM stock_movements WHERE product_id = ? ORDER BY at DESC, \(tx.engine.bytewise("id")) DESC LIMIT ?",
                            productId, limit).map { try $0.movement() }
        }
    }

    /// A product's prices, newest first.
    public func prices(of productId: String) throws(StockroomError) -> [PriceChange] {
        try run(write: false) { tx in
            try tx.fetchAll(PriceChangeRecord.self, "SELECT * FROM price_changes WHERE product_id = ? ORDER BY at DESC, \(tx.engine.bytewise("id")) DESC",
                            productId).map { try $0.change() }
        }
    }

    /// What `productId` cost at `moment`: the last price set at or before it (nil: none yet).
    public func price(of productId: String, at moment: Date) throws(StockroomError) -> Money? {
        try run(write: false) { tx in
            try tx.fetchOne(PriceChangeRecord.self, "SELECT * FROM price_changes WHERE product_id = ? AND at <= ? ORDER BY at DESC, \(tx.engine.bytewise("id")) DESC LIMIT 1",
                            productId, moment.milliseconds)?.change().price
        }
    }

    // MARK: Changing

    /// Puts a new product on the shelf, after the others, with its first stock and price.
    public func add(_ new: NewProduct, signature: StaffSignature?) throws(StockroomError) -> StockedProduct {
        var product = new
        product.name = new.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !product.name.isEmpty else { throw .nameMissing }
        guard product.name.count <= Self.maximumNameLength else { throw .nameTooLong }
        guard product.price.minorUnits > 0, product.price.currency == currency else { throw .invalidPrice }
        guard tax.categories[product.taxCategory] != nil else { throw .unknownTaxCategory(product.taxCategory) }
        guard (0...Self.maximumStock).contains(product.stock) else { throw .invalidQuantity(product.stock) }
        guard (0...Self.maximumStock).contains(product.lowStockAt) else { throw .invalidQuantity(product.lowStockAt) }
        let id = ids.next("prod")
        let now = clock.now
        return try run(write: true) { tx in
            try Self.permitted(signature, tx)
            if try tx.exists("SELECT 1 FROM products WHERE LOWER(name) = ?", product.name.lowercased()) { throw StockroomError.nameTaken }
            let position = (try tx.fetchValue(Int.self, "SELECT MAX(position) FROM products") ?? -1) + 1
            try tx.execute("""
                INSERT INTO products (id, position, name, description, price_minor, currency, stock, image, tax_category, low_stock_at)
                VALUES (?, ?, ?, '', ?, ?, 0, ?, ?, ?)
                """, id, position, product.name, product.price.minorUnits, product.price.currency.code, HoneySeed.image(label: product.name),
                           product.taxCategory, product.lowStockAt)
            let opening = try StockBook.move(tx, productId: id, by: product.stock, kind: .opening, id: "opening-\(id)", counter: self.counter,
                                             at: now, signature: signature)
            try tx.insert(PriceChangeRecord(id: "opening-\(id)", productId: id, oldMinor: nil, price: product.price, counter: self.counter, at: now,
                                            signature: signature))
            try Journal.recordProductAdded(tx, product, id: id, opening: opening, signature: signature, at: now)
            return try Self.stocked(tx, id)
        }
    }

    /// A new price from now on; the orders placed before keep theirs (their lines froze it).
    public func changePrice(of productId: String, to price: Money, signature: StaffSignature?) throws(StockroomError) -> PriceChange {
        guard price.minorUnits > 0, price.currency == currency else { throw .invalidPrice }
        let id = ids.next("price")
        let now = clock.now
        return try run(write: true) { tx in
            try Self.permitted(signature, tx)
            let current = try Self.locked(tx, productId)
            guard current.product.price != price else { throw StockroomError.samePrice }
            try tx.execute("UPDATE products SET price_minor = ?, currency = ? WHERE id = ?", price.minorUnits, price.currency.code, productId)
            // A change of price is news to the fleet's shelves as a change of stock is.
            try tx.announce(.stock(productId: productId))
            let record = PriceChangeRecord(id: id, productId: productId, oldMinor: current.product.price.minorUnits, price: price, counter: self.counter,
                                           at: now, signature: signature)
            try tx.insert(record)
            try Journal.recordPriceChanged(tx, record, name: current.product.name)
            return try record.change()
        }
    }

    /// A delivery: `quantity` more jars, with a note (the supplier, the delivery note).
    public func receive(_ quantity: Int, of productId: String, note: String, signature: StaffSignature?) throws(StockroomError) -> StockMovement {
        guard quantity > 0, quantity <= Self.maximumStock else { throw .invalidQuantity(quantity) }
        let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        let id = ids.next("stock")
        let now = clock.now
        return try run(write: true) { tx in
            try Self.permitted(signature, tx)
            let current = try Self.locked(tx, productId)
            guard current.stock + quantity <= Self.maximumStock else { throw StockroomError.invalidQuantity(quantity) }
            let record = try StockBook.move(tx, productId: productId, by: quantity, kind: .received, id: id, note: note, counter: self.counter, at: now,
                                            signature: signature)
            try Journal.recordStockMovement(tx, record, name: current.product.name)
            return try record.movement()
        }
    }

    /// A count: the shelf holds `counted` jars; the difference from the books is booked with its
    /// reason (none needed when there is none; `other` needs a note).
    public func count(_ counted: Int, of productId: String, reason: StockCountReason?, note: String,
                      signature: StaffSignature?) throws(StockroomError) -> StockMovement {
        guard (0...Self.maximumStock).contains(counted) else { throw .invalidQuantity(counted) }
        let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        let id = ids.next("stock")
        let now = clock.now
        return try run(write: true) { tx in
            try Self.permitted(signature, tx)
            let current = try Self.locked(tx, productId)
            let difference = counted - current.stock
            // Jars held for a payment in flight are still on the shelf: a count below them would
            // sell what is not there.
            let reserved = try tx.fetchValue(Int.self, "SELECT COALESCE(SUM(quantity), 0) FROM stock_reservations WHERE product_id = ?", productId) ?? 0
            guard counted >= reserved else { throw StockroomError.invalidQuantity(counted) }
            if difference != 0 {
                guard let reason else { throw StockroomError.reasonMissing }
                if reason == .other, note.isEmpty { throw StockroomError.reasonMissing }
            }
            let record = try StockBook.move(tx, productId: productId, by: difference, kind: .counted, id: id, reason: difference == 0 ? nil : reason,
                                            note: note, counter: self.counter, at: now, signature: signature)
            try Journal.recordStockMovement(tx, record, name: current.product.name)
            return try record.movement()
        }
    }

    // MARK: Private

    /// Changing the catalogue is a manager's, or a cashier's with a manager's approval; checked
    /// where the row is written, whatever screen asked.
    private static func permitted(_ signature: StaffSignature?, _ tx: any CoreTransaction) throws(StockroomError) {
        do throws(StaffError) { try StaffCheck.require(.editCatalogue, by: signature, in: tx) } catch { throw .staff(error) }
    }

    private static func stocked(_ row: StoredRow) throws -> StockedProduct {
        StockedProduct(product: try Product(row.decode(ProductRecord.self)), taxCategory: try row.value(String.self, "tax_category"),
                       lowStockAt: try row.value(Int.self, "low_stock_at"))
    }

    private static func stocked(_ tx: any CoreTransaction, _ productId: String) throws -> StockedProduct {
        guard let row = try tx.rows("SELECT * FROM products WHERE id = ?", productId).first else { throw StockroomError.unknownProduct(productId) }
        return try stocked(row)
    }

    /// The product, its row locked for the transaction on a server (a sale at another counter
    /// waits, then moves the stock this change left).
    private static func locked(_ tx: any CoreTransaction, _ productId: String) throws -> StockedProduct {
        guard let row = try tx.rows("SELECT * FROM products WHERE id = ?\(tx.engine.forUpdate)", productId).first else {
            throw StockroomError.unknownProduct(productId)
        }
        return try stocked(row)
    }

    /// Runs `body` in a transaction; what goes wrong below is `storage`.
    private func run<T>(write: Bool, _ body: (any CoreTransaction) throws -> T) throws(StockroomError) -> T {
        do {
            return write ? try store.write(body) : try store.read(body)
        } catch let error as StockroomError {
            throw error
        } catch {
            throw .storage
        }
    }
}

/// The products, read from the database (never from UI code).
public final class Catalog {
    private let store: any CoreStore

    /// On a server, first makes sure the catalog's own way of finding names is there
    /// (`CatalogServerSearch`: SQLite keeps its index by its migrations).
    public init(store: any CoreStore) throws {
        self.store = store
        if store.engine == .postgres { try store.write { tx in try CatalogServerSearch.prepare(tx) } }
    }

    public func products() throws -> [Product] {
        try store.read { tx in try Self.products(tx) }
    }

    public func product(id: String) throws -> Product? {
        try store.read { tx in try Self.product(tx, id: id) }
    }

    /// Up to `limit` products of the list that `filter` lets through, from `anchor` on, in the
    /// list's order: a window of a long catalog, read without the rest of it.
    public func products(_ filter: CatalogFilter, from anchor: CatalogAnchor, limit: Int) throws -> [Product] {
        try store.read { tx in try CatalogPaging(tx: tx, filter: filter).window(from: anchor, limit: limit) }
    }

    /// How many products `filter` lets through. It reads every match: a window does not need it.
    public func count(_ filter: CatalogFilter) throws -> Int {
        try store.read { tx in try CatalogPaging(tx: tx, filter: filter).count() }
    }

    static func products(_ tx: any CoreTransaction) throws -> [Product] {
        try tx.fetchAll(ProductRecord.self, "SELECT * FROM products p ORDER BY \(CatalogOrder.columns(tx.engine, of: "p"))").map(Product.init)
    }

    static func product(_ tx: any CoreTransaction, id: String) throws -> Product? {
        try tx.fetchOne(ProductRecord.self, "SELECT * FROM products WHERE id = ?", id).map(Product.init)
    }
}

import GRDB

/// The products, read from the database (never from UI code).
public final class Catalog {
    private let database: any DatabaseWriter

    public init(database: any DatabaseWriter) {
        self.database = database
    }

    public func products() throws -> [Product] {
        try database.read { db in try Self.products(db) }
    }

    public func product(id: String) throws -> Product? {
        try database.read { db in try Self.product(db, id: id) }
    }

    /// Up to `limit` products of the list that `filter` lets through, from `anchor` on, in the
    /// list's order: a window of a long catalog, read without the rest of it.
    public func products(_ filter: CatalogFilter, from anchor: CatalogAnchor, limit: Int) throws -> [Product] {
        try database.read { db in try CatalogPaging(db: db, filter: filter).window(from: anchor, limit: limit) }
    }

    /// How many products `filter` lets through. It reads every match: a window does not need it.
    public func count(_ filter: CatalogFilter) throws -> Int {
        try database.read { db in try CatalogPaging(db: db, filter: filter).count() }
    }

    static func products(_ db: Database) throws -> [Product] {
        try ProductRecord.order(ProductRecord.Columns.position, Column.rowID).fetchAll(db).map(Product.init)
    }

    static func product(_ db: Database, id: String) throws -> Product? {
        try product(SQLiteTransaction(db), id: id)
    }

    static func product(_ tx: any CoreTransaction, id: String) throws -> Product? {
        try tx.fetchOne(ProductRecord.self, "SELECT * FROM products WHERE id = ?", id).map(Product.init)
    }
}

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

    static func products(_ db: Database) throws -> [Product] {
        try ProductRecord.order(ProductRecord.Columns.position).fetchAll(db).map(Product.init)
    }

    static func product(_ db: Database, id: String) throws -> Product? {
        try ProductRecord.fetchOne(db, key: id).map(Product.init)
    }
}

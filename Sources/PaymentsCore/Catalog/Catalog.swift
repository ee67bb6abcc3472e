import GRDB

/// The products, read from the database (never from UI code).
public final class Catalog {
    private let database: any DatabaseWriter

    public init(database: any DatabaseWriter) {
        self.database = database
    }

    public func products() throws -> [CoreProduct] {
        try database.read { db in try Self.products(db) }
    }

    public func product(id: String) throws -> CoreProduct? {
        try database.read { db in try Self.product(db, id: id) }
    }

    static func products(_ db: Database) throws -> [CoreProduct] {
        try ProductRecord.order(ProductRecord.Columns.position).fetchAll(db).map(CoreProduct.init)
    }

    static func product(_ db: Database, id: String) throws -> CoreProduct? {
        try ProductRecord.fetchOne(db, key: id).map(CoreProduct.init)
    }
}

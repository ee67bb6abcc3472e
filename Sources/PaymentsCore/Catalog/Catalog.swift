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
        try Row.fetchAll(db, sql: "SELECT * FROM products ORDER BY position").map(Product.init(row:))
    }

    static func product(_ db: Database, id: String) throws -> Product? {
        try Row.fetchOne(db, sql: "SELECT * FROM products WHERE id = ?", arguments: [id]).map(Product.init(row:))
    }
}

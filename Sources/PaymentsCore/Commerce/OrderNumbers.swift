import GRDB

/// Readable order numbers (`HS-000123`): a counter in the database, so they are deterministic
/// under tapes and never repeat across runs, whatever the id generator.
enum OrderNumbers {
    static func next(in db: Database) throws -> String {
        try db.execute(sql: "INSERT INTO counters (name, value) VALUES ('order', 1) ON CONFLICT(name) DO UPDATE SET value = value + 1")
        let value = try Int64.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'order'") ?? 1
        return formatted(value)
    }

    /// The number `next` would give now, without taking it.
    static func peekNext(in db: Database) throws -> String {
        formatted((try Int64.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'order'") ?? 0) + 1)
    }

    private static func formatted(_ value: Int64) -> String {
        "HS-" + String(format: "%06lld", value)
    }
}

import GRDB

/// Readable order numbers (`HS-000123`): a counter in the database, so they are deterministic
/// under tapes and never repeat across runs, whatever the id generator.
enum OrderNumbers {
    /// One statement, so that on a server the counter's row lock orders counters taking numbers
    /// at once: a number is never given twice (a rolled-back order leaves its number unused).
    static func next(in tx: any CoreTransaction) throws -> String {
        let value = try tx.fetchValue(Int64.self, """
            INSERT INTO counters (name, value) VALUES ('order', 1)
            ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value
            """) ?? 1
        return formatted(value)
    }

    static func next(in db: Database) throws -> String { try next(in: SQLiteTransaction(db)) }

    /// The number `next` would give now, without taking it.
    static func peekNext(in tx: any CoreTransaction) throws -> String {
        formatted((try tx.fetchValue(Int64.self, "SELECT value FROM counters WHERE name = 'order'") ?? 0) + 1)
    }

    private static func formatted(_ value: Int64) -> String {
        "HS-" + String(format: "%06lld", value)
    }
}

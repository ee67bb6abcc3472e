import Foundation
import GRDB

// STAND-IN for issue 3's deterministic id generator. Ids are counters per prefix kept in the
// database, so they survive restarts and a replayed tape gets the same ids every run.

public protocol IdGenerating: AnyObject {
    /// The next number for `prefix`, drawn inside the caller's transaction.
    func nextNumber(_ prefix: String, in db: Database) throws -> Int64
}

extension IdGenerating {
    /// `prefix_000001`: readable, sortable and deterministic.
    public func nextId(_ prefix: String, in db: Database) throws -> String {
        "\(prefix)_\(String(format: "%06lld", try nextNumber(prefix, in: db)))"
    }
}

/// Counters in the `core2_id_counters` table (migration `core2-v1-events`).
public final class DatabaseSequenceIds: IdGenerating {
    public init() {}

    public func nextNumber(_ prefix: String, in db: Database) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO core2_id_counters (prefix, value) VALUES (?, 1) ON CONFLICT(prefix) DO UPDATE SET value = value + 1",
            arguments: [prefix]
        )
        return try Int64.fetchOne(db, sql: "SELECT value FROM core2_id_counters WHERE prefix = ?", arguments: [prefix]) ?? 1
    }
}

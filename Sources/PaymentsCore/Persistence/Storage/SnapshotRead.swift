import GRDB

extension DatabaseWriter {
    /// A read in one snapshot (a deferred transaction, rolled back) on the writer's own
    /// connection. Not GRDB's `read` on a queue: that sets `PRAGMA query_only` before the body
    /// and clears it after, and SQLite expires every prepared statement of the connection when a
    /// flag pragma changes, so each read re-prepared every cached statement it ran (27% of the
    /// fault simulator's time went to preparing the audit's statements again). A pool's readers
    /// are read-only connections that set no pragma: their `read` is kept.
    func snapshotRead<T>(_ body: (Database) throws -> T) throws -> T {
        guard self is DatabaseQueue else { return try read(body) }
        return try writeWithoutTransaction { db in
            var result: T?
            // Rolled back: a read leaves nothing behind, whatever its body did.
            try db.inTransaction(.deferred) {
                result = try body(db)
                return .rollback
            }
            guard let result else { preconditionFailure("inTransaction runs its body once or throws") }
            return result
        }
    }
}

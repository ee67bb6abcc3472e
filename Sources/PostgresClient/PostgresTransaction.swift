/// How much of other transactions a transaction may see (PostgreSQL's levels).
public enum PostgresIsolation: String, Sendable {
    case readCommitted = "READ COMMITTED"
    case repeatableRead = "REPEATABLE READ"
    case serializable = "SERIALIZABLE"
}

extension PostgresConnection {
    /// The retries a transaction gets after the server chose it as the loser of a conflict.
    public static let transactionAttempts = 10

    /// Runs `body` in one transaction and commits it. When the server aborts it so that another
    /// can go on (serialization failure `40001`, deadlock `40P01`, at any statement or at COMMIT),
    /// the whole body runs again from BEGIN: nothing it read in the failed attempt is still true,
    /// so no part of it is kept. Any other error rolls back and is thrown.
    public func transaction<T>(_ isolation: PostgresIsolation = .readCommitted, attempts: Int = PostgresConnection.transactionAttempts,
                               _ body: (PostgresConnection) throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                try execute("BEGIN ISOLATION LEVEL \(isolation.rawValue)")
                let value = try body(self)
                try execute("COMMIT")
                return value
            } catch {
                // A failed COMMIT has already ended the transaction; anything else has not.
                if isInTransaction { _ = try? execute("ROLLBACK") }
                guard let failure = error as? PostgresError, failure.isRetryable, attempt < attempts else { throw error }
                attempt += 1
            }
        }
    }
}

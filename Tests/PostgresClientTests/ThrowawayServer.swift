import PostgresClient
import ProgramSupport
import Testing

/// This suite's database on the throwaway server; the test is cancelled (reported as skipped,
/// with the package to install) when PostgreSQL's server programs are missing.
enum SuiteDatabase {
    private static let url: Result<String, any Error> = Result { try ThrowawayPostgres.shared.get().freshDatabase("postgres_client") }

    static func connect() throws -> PostgresConnection {
        try PostgresConnection(url: try urlOrSkip())
    }

    static func urlOrSkip() throws -> String {
        if let reason = ThrowawayPostgres.unavailableReason { try Test.cancel(Comment(rawValue: reason)) }
        return try url.get()
    }

    /// A fresh schema of its own, for a test that creates tables.
    static func freshSchema() throws -> String {
        let database = try urlOrSkip()
        return try ThrowawayPostgres.shared.get().freshSchema(in: database)
    }
}

import GRDB
import PostgresClient

/// The core's tables on a PostgreSQL server: one connection, migrated on opening (the core's
/// own tables, then every table of `migrations` mirrored from SQLite's schema).
public final class PostgresCoreDatabase {
    public let url: String
    /// The one connection, on the loop's thread. Tests inspect the tables through it.
    @_spi(Testing) public let connection: PostgresConnection
    public let store: PostgresCoreStore

    /// - Parameters:
    ///   - url: as `PostgresConnection(url:)` takes it.
    ///   - migrations: the migrations after the core's (the commerce's), as `CoreDatabase` takes them.
    /// Whether `--db` names a server (`postgres://`, `postgresql://`, `postgres:`) rather than a file.
    public static func isServerURL(_ argument: String) -> Bool { PostgresConnection.conninfo(argument) != nil }

    public init(url: String, migrations: (inout DatabaseMigrator) -> Void = { _ in }) throws {
        self.url = url
        connection = try PostgresConnection(url: url)
        var migrator = DatabaseMigrator()
        CoreMigrations.register(in: &migrator)
        migrations(&migrator)
        try PostgresCoreMigrations.migrate(connection, mirroring: migrator)
        store = PostgresCoreStore(connection)
    }
}

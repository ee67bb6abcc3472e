import PostgresClient

/// The core's tables on a PostgreSQL server: one connection, migrated on opening. The first
/// slice of the fleet backend (issue 17): customers, saved cards, charges and their events.
public final class PostgresCoreDatabase {
    public let url: String
    /// The one connection, on the loop's thread. Tests inspect the tables through it.
    @_spi(Testing) public let connection: PostgresConnection

    /// - Parameter url: as `PostgresConnection(url:)` takes it.
    public init(url: String) throws {
        self.url = url
        connection = try PostgresConnection(url: url)
        try PostgresCoreMigrations.migrate(connection)
    }
}

import ArgumentParser
import Foundation
import PaymentsCore

/// `checkout migrate --db FILE|URL`: brings a database to this version's schema, for an operator
/// setting up a server for a fleet (Docs/fleet.md) or upgrading a file before the counters start.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Bring a database file or a PostgreSQL server to this version's tables.",
        discussion: """
        For a server (postgres://user@host/dbname, postgresql://..., or postgres: with libpq's \
        PGHOST, PGDATABASE, PGUSER...), creates what it lacks: the core's tables, then every \
        table of a counter's file with the rows a new file is seeded with (the honey, the plans, \
        the banks). Counters started together wait for one another. Run it again at each new \
        version; what is there already is kept.

        Exit status: 0 when the database is up to date, 3 when it cannot be opened or migrated.
        """
    )

    @Option(help: ArgumentHelp("The database file, or a PostgreSQL URL.", valueName: "path|url"))
    var db: String

    func run() throws {
        let location = DatabaseLocation(argument: db)
        do {
            switch location {
            case let .server(url):
                let server = try PostgresCoreDatabase(url: url, migrations: CommerceMigrations.register)
                let tables = try server.store.read { tx in
                    try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()")
                }
                print("\(location.displayName): up to date, \(tables ?? 0) tables.")
            case .file, .inMemory:
                _ = try CoreDatabase(location: location, extraMigrations: CommerceMigrations.register)
                print("\(location.displayName): up to date.")
            }
        } catch {
            FileHandle.standardError.write(Data("Migrating \(location.displayName) failed: \(error)\n".utf8))
            throw ExitCode(3)
        }
    }
}

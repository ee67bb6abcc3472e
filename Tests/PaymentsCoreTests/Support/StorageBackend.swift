import Clocks
import Foundation
import GRDB
import PostgresClient
import ProgramSupport
import Testing
@_spi(Testing) @testable import PaymentsCore

/// The storage engines the core's repositories run on; a contract test takes one of each.
enum StorageBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// A fresh, migrated, empty database on this backend: a SQLite file in a temporary folder, or
    /// a schema of its own on the throwaway PostgreSQL server. When PostgreSQL's programs are not
    /// installed, the PostgreSQL case records a known issue that names the package, then stops:
    /// a cancelled case alone would be listed as passed among the SQLite ones.
    /// - Parameter ownDatabase: on PostgreSQL, a database of its own rather than a schema in the
    ///   suite's, for a test whose notifications must not meet other tests' (a `NOTIFY` reaches
    ///   every session of a database, whatever its schema).
    func freshStore(ownDatabase: Bool = false) throws -> StoreLocation {
        switch self {
        case .sqlite:
            return .sqlite(path: try temporaryDirectory() + "/counter.sqlite")
        case .postgres:
            try ThrowawayPostgres.skipWhereUnavailable()
            guard ownDatabase else { return .postgres(url: try ThrowawayPostgres.freshTestSchema()) }
            let server = try ThrowawayPostgres.shared.get()
            return .postgres(url: try server.freshSchema(in: try server.freshDatabase("fleet")))
        }
    }
}

/// Where one test's database is; each `open()` is another connection to it (another counter).
enum StoreLocation: Sendable {
    case sqlite(path: String)
    case postgres(url: String)

    func open(clock: ManualClock = ManualClock()) throws -> Repositories {
        let store = try openStore()
        return Repositories(store: store,
                            customers: StoredCustomers(store: store, clock: clock),
                            methods: StoredPaymentMethods(store: store, clock: clock),
                            charges: StoredCharges(store: store, clock: clock),
                            events: StoredEvents(store: store, clock: clock))
    }
}

extension StoreLocation {
    /// The server's URL; nil for a file. A test that only means something on a server requires it.
    var serverURL: String? {
        if case let .postgres(url) = self { return url }
        return nil
    }

    /// The same database as `--db` names it, for `PaymentsServices`, `CoreStorage` and `Harness`.
    var database: DatabaseLocation {
        switch self {
        case let .sqlite(path): .file(path)
        case let .postgres(url): .server(url: url)
        }
    }

    /// Another connection to the database: the core's tables, and with `commerce` the shop's too.
    func openStore(commerce: Bool = false) throws -> any CoreStore {
        let migrations: (inout DatabaseMigrator) -> Void = { migrator in if commerce { CommerceMigrations.register(in: &migrator) } }
        return switch self {
        case let .sqlite(path): try CoreDatabase(location: .file(path), extraMigrations: migrations).store
        case let .postgres(url): try PostgresCoreDatabase(url: url, migrations: migrations).store
        }
    }
}

/// The core's repositories on one connection, and a way past them for tests that damage rows.
struct Repositories {
    /// The connection under them, one engine-neutral transaction at a time.
    let store: any CoreStore
    let customers: any CustomerRepository
    let methods: any PaymentMethodRepository
    let charges: any ChargeRepository
    let events: any EventLog

    /// Raw SQL on the same connection (the same in both dialects where the tests use it).
    func execute(_ sql: String) throws { try store.write { tx in try tx.execute(sql) } }
}

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

    /// One database per suite on the throwaway server (a schema per test inside it).
    private static let postgresDatabase: Result<String, any Error> = Result {
        try ThrowawayPostgres.shared.get().freshDatabase("repository_contract")
    }

    /// A fresh, migrated, empty database on this backend: a SQLite file in a temporary folder, or
    /// a schema of its own on the throwaway PostgreSQL server. When PostgreSQL's programs are not
    /// installed, the PostgreSQL case records a known issue that names the package, then stops:
    /// a cancelled case alone would be listed as passed among the SQLite ones.
    func freshStore() throws -> StoreLocation {
        switch self {
        case .sqlite:
            return .sqlite(path: try temporaryDirectory() + "/counter.sqlite")
        case .postgres:
            if let reason = ThrowawayPostgres.unavailableReason {
                withKnownIssue(Comment(rawValue: "not run on PostgreSQL: " + reason)) { Issue.record(Comment(rawValue: reason)) }
                try Test.cancel(Comment(rawValue: reason))
            }
            return .postgres(url: try ThrowawayPostgres.shared.get().freshSchema(in: try Self.postgresDatabase.get()))
        }
    }
}

/// Where one test's database is; each `open()` is another connection to it (another counter).
enum StoreLocation: Sendable {
    case sqlite(path: String)
    case postgres(url: String)

    func open(clock: ManualClock = ManualClock()) throws -> Repositories {
        switch self {
        case let .sqlite(path):
            let database = try CoreDatabase(location: .file(path))
            let queue = database.queue
            return Repositories(customers: SQLiteCustomerRepository(queue: queue, clock: clock),
                                methods: SQLitePaymentMethodRepository(queue: queue, clock: clock),
                                charges: SQLiteChargeRepository(queue: queue, clock: clock),
                                events: SQLiteEventLog(queue: queue, clock: clock),
                                execute: { sql in try queue.write { try $0.execute(sql: sql) } })
        case let .postgres(url):
            let connection = try PostgresCoreDatabase(url: url).connection
            return Repositories(customers: PostgresCustomerRepository(connection: connection, clock: clock),
                                methods: PostgresPaymentMethodRepository(connection: connection, clock: clock),
                                charges: PostgresChargeRepository(connection: connection, clock: clock),
                                events: PostgresEventLog(connection: connection, clock: clock),
                                execute: { sql in try connection.execute(sql) })
        }
    }
}

/// The core's repositories on one connection, and a way past them for tests that damage rows.
struct Repositories {
    let customers: any CustomerRepository
    let methods: any PaymentMethodRepository
    let charges: any ChargeRepository
    let events: any EventLog
    /// Raw SQL on the same connection (the same in both dialects where the tests use it).
    let execute: (String) throws -> Void
}

import Clocks
import Foundation
import PostgresClient

public final class PostgresCustomerRepository: CustomerRepository {
    private let connection: PostgresConnection
    private let clock: Clock

    public init(connection: PostgresConnection, clock: Clock) { self.connection = connection; self.clock = clock }

    /// The unique index on `core_nocase(email)` decides a race between two counters signing up
    /// the same address: the second waits for the first to commit, then is refused.
    public func insert(_ c: CustomerRecord, event: NewEvent) throws {
        try PostgresRecords.duplicateAsStorageError {
            try connection.transaction { db in
                try PostgresRecords.insert(CustomerRow(c), into: "customers", on: db)
                try PostgresEventLog.append(event, at: clock.now, on: db)
            }
        }
    }

    public func update(_ c: CustomerRecord, event: NewEvent?) throws {
        try connection.transaction { db in
            try PostgresRecords.update(CustomerRow(c), in: "customers", on: db)
            if let event { try PostgresEventLog.append(event, at: clock.now, on: db) }
        }
    }

    public func customer(id: String) throws -> CustomerRecord? {
        try PostgresRecords.fetchOne(CustomerRow.self, "SELECT * FROM customers WHERE id = $1", [id], on: connection)?.record
    }

    /// Compares as SQLite's `COLLATE NOCASE` does (ASCII letters folded), through the index.
    public func customer(email: String) throws -> CustomerRecord? {
        try PostgresRecords.fetchOne(CustomerRow.self, "SELECT * FROM customers WHERE core_nocase(email) = core_nocase($1)", [email],
                                     on: connection)?.record
    }
}

import Clocks
import Foundation
import GRDB
import PostgresClient

public final class PostgresChargeRepository: ChargeRepository {
    private let connection: PostgresConnection
    private let clock: Clock

    public init(connection: PostgresConnection, clock: Clock) { self.connection = connection; self.clock = clock }

    /// The key's primary key decides a race between two counters: the second insert waits for
    /// the first transaction, then is refused (`StorageError.duplicate`) and its charge row goes
    /// with it, so the caller reads the winner's charge by the key.
    /// A caller's rows (`alongside`) are GRDB writes and cannot join a PostgreSQL transaction:
    /// refused until the core's callers move behind a storage-neutral transaction (Docs/fleet.md).
    public func insert(_ record: ChargeRecord, key: IdempotencyRecord, event: NewEvent, alongside: ((Database) throws -> Void)?) throws {
        guard alongside == nil else { throw StorageError.unsupported("a caller's rows in a charge's transaction on PostgreSQL") }
        try PostgresRecords.duplicateAsStorageError {
            try connection.transaction { db in
                try PostgresRecords.insert(ChargeRow(record), into: "charges", on: db)
                try PostgresRecords.insert(IdempotencyKeyRow(key), into: "idempotency_keys", on: db)
                try PostgresEventLog.append(event, at: clock.now, on: db)
            }
        }
    }

    public func update(_ record: ChargeRecord, event: NewEvent, alongside: ((Database) throws -> Void)?) throws {
        guard alongside == nil else { throw StorageError.unsupported("a caller's rows in a charge's transaction on PostgreSQL") }
        try connection.transaction { db in
            try PostgresRecords.update(ChargeRow(record), in: "charges", columns: ChargeRow.changingColumns, on: db)
            try PostgresEventLog.append(event, at: clock.now, on: db)
        }
    }

    public func charge(id: String) throws -> ChargeRecord? {
        try PostgresRecords.fetchOne(ChargeRow.self, "SELECT * FROM charges WHERE id = $1", [id], on: connection)?.record()
    }

    public func charges(customerID: String) throws -> [ChargeRecord] {
        try PostgresRecords.fetchAll(ChargeRow.self, "SELECT * FROM charges WHERE customer_id = $1 ORDER BY \(Self.order)", [customerID],
                                     on: connection).map { try $0.record() }
    }

    public func charges(status: ChargeStatus) throws -> [ChargeRecord] {
        try PostgresRecords.fetchAll(ChargeRow.self, "SELECT * FROM charges WHERE status = $1 ORDER BY \(Self.order)", [status.storedName],
                                     on: connection).map { try $0.record() }
    }

    public func idempotencyKey(_ key: String) throws -> IdempotencyRecord? {
        try PostgresRecords.fetchOne(IdempotencyKeyRow.self, "SELECT * FROM idempotency_keys WHERE key = $1", [key], on: connection)?.record
    }

    public func forgetIdempotencyKey(_ key: String) throws {
        try connection.execute("DELETE FROM idempotency_keys WHERE key = $1", [key])
    }

    public func insert(_ refund: Refund, updating record: ChargeRecord, event: NewEvent) throws {
        try connection.transaction { db in
            try PostgresRecords.insert(RefundRow(refund), into: "refunds", on: db)
            try PostgresRecords.update(ChargeRow(record), in: "charges", columns: ChargeRow.changingColumns, on: db)
            try PostgresEventLog.append(event, at: clock.now, on: db)
        }
    }

    public func refunds(chargeID: String) throws -> [Refund] {
        guard let charge = try charge(id: chargeID)?.charge else { return [] }
        return try PostgresRecords.fetchAll(RefundRow.self, "SELECT * FROM refunds WHERE charge_id = $1 ORDER BY \(Self.order)", [chargeID],
                                            on: connection).map { $0.refund(in: charge.amount.currency) }
    }

    /// As SQLite orders them: by time, then id compared byte by byte, whatever the server's locale.
    private static let order = "created_ms, id COLLATE \"C\""
}

import Clocks
import Foundation
import GRDB

public final class SQLiteCustomerRepository: CustomerRepository {
    private let queue: DatabaseQueue
    private let clock: Clock

    public init(queue: DatabaseQueue, clock: Clock) { self.queue = queue; self.clock = clock }

    public func insert(_ c: CustomerRecord, event: NewEvent) throws {
        do {
            try queue.write { db in
                try db.cachedStatement(sql: """
                    INSERT INTO customers (id, client_id, email, password_hash, pin_hash, pin_failed_attempts, pin_locked_until_ms, created_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """).execute(arguments: [c.id, c.clientID, c.email, c.passwordHash, c.pinHash, c.pinFailedAttempts,
                                     c.pinLockedUntil?.milliseconds, c.createdAt.milliseconds])
                try SQLiteEventLog.append(event, at: clock.now, in: db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StorageError.duplicate
        }
    }

    public func update(_ c: CustomerRecord, event: NewEvent?) throws {
        try queue.write { db in
            try db.cachedStatement(sql: """
                UPDATE customers SET email = ?, password_hash = ?, pin_hash = ?, pin_failed_attempts = ?, pin_locked_until_ms = ?
                WHERE id = ?
                """).execute(arguments: [c.email, c.passwordHash, c.pinHash, c.pinFailedAttempts, c.pinLockedUntil?.milliseconds, c.id])
            if let event { try SQLiteEventLog.append(event, at: clock.now, in: db) }
        }
    }

    public func customer(id: String) throws -> CustomerRecord? {
        try queue.read { db in try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM customers WHERE id = ?"), arguments: [id]).map(Self.record) }
    }

    public func customer(email: String) throws -> CustomerRecord? {
        try queue.read { db in try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM customers WHERE email = ?"), arguments: [email]).map(Self.record) }
    }

    private static func record(_ row: Row) -> CustomerRecord {
        CustomerRecord(id: row["id"], clientID: row["client_id"], email: row["email"], passwordHash: row["password_hash"],
                       pinHash: row["pin_hash"], pinFailedAttempts: row["pin_failed_attempts"],
                       pinLockedUntil: (row["pin_locked_until_ms"] as Int64?).map(Date.init(milliseconds:)),
                       createdAt: Date(milliseconds: row["created_ms"]))
    }
}

import Clocks
import Foundation
import GRDB

public final class SQLitePaymentMethodRepository: PaymentMethodRepository {
    private let queue: DatabaseQueue
    private let clock: Clock

    public init(queue: DatabaseQueue, clock: Clock) { self.queue = queue; self.clock = clock }

    public func insert(_ m: PaymentMethodRecord, event: NewEvent) throws {
        do {
            try queue.write { db in
                try db.cachedStatement(sql: """
                    INSERT INTO payment_methods (id, customer_id, brand, last_four, exp_month, exp_year, holder, fingerprint,
                        sealed_number, is_default, authenticated, created_ms, removed_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """).execute(arguments: [m.id, m.customerID, m.brand.rawValue, m.lastFour, m.expiry.month, m.expiry.year, m.holder,
                                     m.fingerprint, m.sealedNumber, m.isDefault, m.authenticated, m.createdAt.milliseconds,
                                     m.removedAt?.milliseconds])
                try SQLiteEventLog.append(event, at: clock.now, in: db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StorageError.duplicate
        }
    }

    public func update(_ m: PaymentMethodRecord, event: NewEvent?) throws {
        try queue.write { db in
            try db.cachedStatement(sql: """
                UPDATE payment_methods SET exp_month = ?, exp_year = ?, holder = ?, sealed_number = ?, is_default = ?,
                    authenticated = ?, removed_ms = ? WHERE id = ?
                """).execute(arguments: [m.expiry.month, m.expiry.year, m.holder, m.sealedNumber, m.isDefault, m.authenticated,
                                 m.removedAt?.milliseconds, m.id])
            if let event { try SQLiteEventLog.append(event, at: clock.now, in: db) }
        }
    }

    public func method(id: String, customerID: String) throws -> PaymentMethodRecord? {
        try queue.read { db in
            try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM payment_methods WHERE id = ? AND customer_id = ? AND removed_ms IS NULL"), arguments: [id, customerID]).map(Self.record)
        }
    }

    public func methods(customerID: String) throws -> [PaymentMethodRecord] {
        try queue.read { db in
            try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM payment_methods WHERE customer_id = ? AND removed_ms IS NULL ORDER BY created_ms, id"), arguments: [customerID]).map(Self.record)
        }
    }

    public func method(fingerprint: String, customerID: String) throws -> PaymentMethodRecord? {
        try queue.read { db in
            try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM payment_methods WHERE fingerprint = ? AND customer_id = ? AND removed_ms IS NULL"), arguments: [fingerprint, customerID]).map(Self.record)
        }
    }

    public func setDefault(id: String, customerID: String, event: NewEvent) throws {
        try queue.write { db in
            try db.cachedStatement(sql: "UPDATE payment_methods SET is_default = (id = ?) WHERE customer_id = ?").execute(arguments: [id, customerID])
            try SQLiteEventLog.append(event, at: clock.now, in: db)
        }
    }

    private static func record(_ row: Row) throws -> PaymentMethodRecord {
        let brandName: String = row["brand"]
        guard let brand = CardBrand(rawValue: brandName),
              let expiry = try? Expiry(month: row["exp_month"], year: row["exp_year"]) else {
            throw StorageError.corrupt("payment method \(row["id"] as String)")
        }
        return PaymentMethodRecord(id: row["id"], customerID: row["customer_id"], brand: brand, lastFour: row["last_four"],
                                   expiry: expiry, holder: row["holder"], fingerprint: row["fingerprint"],
                                   sealedNumber: row["sealed_number"], isDefault: row["is_default"], authenticated: row["authenticated"],
                                   createdAt: Date(milliseconds: row["created_ms"]),
                                   removedAt: (row["removed_ms"] as Int64?).map(Date.init(milliseconds:)))
    }
}

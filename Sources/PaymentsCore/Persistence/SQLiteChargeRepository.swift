import Clocks
import Foundation
import GRDB

public final class SQLiteChargeRepository: ChargeRepository {
    private let queue: DatabaseQueue
    private let clock: Clock

    public init(queue: DatabaseQueue, clock: Clock) { self.queue = queue; self.clock = clock }

    public func insert(_ record: ChargeRecord, key: IdempotencyRecord, event: NewEvent) throws {
        let c = record.charge
        try queue.write { db in
            try db.cachedStatement(sql: """
                INSERT INTO charges (id, customer_id, payment_method_id, amount, currency, description, metadata, capture, status,
                    failure_reason, amount_captured, amount_refunded, brand, last_four, sealed_number, authenticated,
                    idempotency_key, created_ms, updated_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [c.id, c.customerID, c.paymentMethodID, c.amount.minorUnits, c.amount.currency.code, c.description,
                                 Self.json(c.metadata), c.capture, c.status.storedName, Self.reason(c.status),
                                 c.amountCaptured.minorUnits, c.amountRefunded.minorUnits, c.brand.rawValue, c.lastFour,
                                 record.sealedNumber, record.authenticated, c.idempotencyKey, c.createdAt.milliseconds,
                                 c.updatedAt.milliseconds])
            try db.cachedStatement(sql: "INSERT INTO idempotency_keys (key, request_hash, charge_id, created_ms) VALUES (?, ?, ?, ?)").execute(
                           arguments: [key.key, key.requestHash, key.chargeID, key.createdAt.milliseconds])
            try SQLiteEventLog.append(event, at: clock.now, in: db)
        }
    }

    public func update(_ record: ChargeRecord, event: NewEvent) throws {
        try queue.write { db in
            try Self.update(record, in: db)
            try SQLiteEventLog.append(event, at: clock.now, in: db)
        }
    }

    public func charge(id: String) throws -> ChargeRecord? {
        try queue.read { db in try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM charges WHERE id = ?"), arguments: [id]).map(Self.record) }
    }

    public func charges(customerID: String) throws -> [ChargeRecord] {
        try queue.read { db in
            try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM charges WHERE customer_id = ? ORDER BY created_ms, id"), arguments: [customerID]).map(Self.record)
        }
    }

    public func charges(status: ChargeStatus) throws -> [ChargeRecord] {
        try queue.read { db in
            try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM charges WHERE status = ? ORDER BY created_ms, id"), arguments: [status.storedName]).map(Self.record)
        }
    }

    public func idempotencyKey(_ key: String) throws -> IdempotencyRecord? {
        try queue.read { db in
            try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM idempotency_keys WHERE key = ?"), arguments: [key]).map { row in
                IdempotencyRecord(key: row["key"], requestHash: row["request_hash"], chargeID: row["charge_id"],
                                  createdAt: Date(milliseconds: row["created_ms"]))
            }
        }
    }

    public func forgetIdempotencyKey(_ key: String) throws {
        try queue.write { db in try db.cachedStatement(sql: "DELETE FROM idempotency_keys WHERE key = ?").execute(arguments: [key]) }
    }

    public func insert(_ refund: Refund, updating record: ChargeRecord, event: NewEvent) throws {
        try queue.write { db in
            try db.cachedStatement(sql: "INSERT INTO refunds (id, charge_id, amount, reason, created_ms) VALUES (?, ?, ?, ?, ?)").execute(
                           arguments: [refund.id, refund.chargeID, refund.amount.minorUnits, refund.reason, refund.createdAt.milliseconds])
            try Self.update(record, in: db)
            try SQLiteEventLog.append(event, at: clock.now, in: db)
        }
    }

    public func refunds(chargeID: String) throws -> [Refund] {
        guard let charge = try charge(id: chargeID)?.charge else { return [] }
        return try queue.read { db in
            try Row.fetchAll(try db.cachedStatement(sql: "SELECT * FROM refunds WHERE charge_id = ? ORDER BY created_ms, id"), arguments: [chargeID]).map { row in
                Refund(id: row["id"], chargeID: row["charge_id"], amount: Money(minorUnits: row["amount"], currency: charge.amount.currency),
                       reason: row["reason"], createdAt: Date(milliseconds: row["created_ms"]))
            }
        }
    }

    private static func update(_ record: ChargeRecord, in db: Database) throws {
        let c = record.charge
        try db.cachedStatement(sql: """
            UPDATE charges SET status = ?, failure_reason = ?, amount_captured = ?, amount_refunded = ?, sealed_number = ?,
                authenticated = ?, updated_ms = ? WHERE id = ?
            """).execute(arguments: [c.status.storedName, reason(c.status), c.amountCaptured.minorUnits, c.amountRefunded.minorUnits,
                             record.sealedNumber, record.authenticated, c.updatedAt.milliseconds, c.id])
    }

    private static func reason(_ status: ChargeStatus) -> String? {
        if case let .failed(reason) = status { return reason.rawValue }
        return nil
    }

    private static func json(_ metadata: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(metadata)) ?? Data("{}".utf8), as: UTF8.self)
    }

    private static func record(_ row: Row) throws -> ChargeRecord {
        let code: String = row["currency"], brandName: String = row["brand"], statusName: String = row["status"]
        guard let currency = Currency(code: code), let brand = CardBrand(rawValue: brandName),
              let status = ChargeStatus(storedName: statusName, reason: row["failure_reason"]) else {
            throw StorageError.corrupt("charge \(row["id"] as String)")
        }
        let metadataJSON: String = row["metadata"]
        let metadata = (try? JSONDecoder().decode([String: String].self, from: Data(metadataJSON.utf8))) ?? [:]
        let charge = Charge(id: row["id"], customerID: row["customer_id"], paymentMethodID: row["payment_method_id"],
                            amount: Money(minorUnits: row["amount"], currency: currency), description: row["description"],
                            metadata: metadata, capture: row["capture"], status: status,
                            amountCaptured: Money(minorUnits: row["amount_captured"], currency: currency),
                            amountRefunded: Money(minorUnits: row["amount_refunded"], currency: currency),
                            brand: brand, lastFour: row["last_four"], idempotencyKey: row["idempotency_key"],
                            createdAt: Date(milliseconds: row["created_ms"]), updatedAt: Date(milliseconds: row["updated_ms"]))
        return ChargeRecord(charge: charge, sealedNumber: row["sealed_number"], authenticated: row["authenticated"])
    }
}

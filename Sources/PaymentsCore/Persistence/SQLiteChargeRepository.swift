import Clocks
import Foundation
import GRDB

public final class SQLiteChargeRepository: ChargeRepository {
    private let queue: DatabaseQueue
    private let clock: Clock

    public init(queue: DatabaseQueue, clock: Clock) { self.queue = queue; self.clock = clock }

    public func insert(_ record: ChargeRecord, key: IdempotencyRecord, event: NewEvent, alongside: ((Database) throws -> Void)?) throws {
        do {
            try queue.write { db in
                // The caller's intent first, so that the log reads as it happened: the attempt, then its charge.
                do { try alongside?(db) } catch { throw CompanionFailure(underlying: error) }
                try ChargeRow(record).insert(db)
                try IdempotencyKeyRow(key).insert(db)
                try SQLiteEventLog.append(event, at: clock.now, in: db)
            }
        } catch let failure as CompanionFailure {
            // The caller's own rows failed (an order number another counter took): its error, as it is.
            throw failure.underlying
        } catch let error as DatabaseError where [.SQLITE_CONSTRAINT_PRIMARYKEY, .SQLITE_CONSTRAINT_UNIQUE].contains(error.extendedResultCode) {
            throw StorageError.duplicate
        }
    }

    public func update(_ record: ChargeRecord, event: NewEvent, alongside: ((Database) throws -> Void)?) throws {
        try queue.write { db in
            try Self.update(record, in: db)
            try SQLiteEventLog.append(event, at: clock.now, in: db)
            try alongside?(db)
        }
    }

    public func charge(id: String) throws -> ChargeRecord? {
        try queue.read { db in try ChargeRow.fetchOne(db, key: id)?.record() }
    }

    public func charges(customerID: String) throws -> [ChargeRecord] {
        try queue.read { db in
            try ChargeRow.filter(ChargeRow.Columns.customerID == customerID).order(ChargeRow.Columns.createdAt, ChargeRow.Columns.id)
                .fetchAll(db).map { try $0.record() }
        }
    }

    public func charges(status: ChargeStatus) throws -> [ChargeRecord] {
        try queue.read { db in
            try ChargeRow.filter(ChargeRow.Columns.status == status.storedName).order(ChargeRow.Columns.createdAt, ChargeRow.Columns.id)
                .fetchAll(db).map { try $0.record() }
        }
    }

    public func idempotencyKey(_ key: String) throws -> IdempotencyRecord? {
        try queue.read { db in try IdempotencyKeyRow.fetchOne(db, key: key)?.record }
    }

    public func forgetIdempotencyKey(_ key: String) throws {
        try queue.write { db in _ = try IdempotencyKeyRow.deleteOne(db, key: key) }
    }

    public func insert(_ refund: Refund, updating record: ChargeRecord, event: NewEvent) throws {
        try queue.write { db in
            try RefundRow(refund).insert(db)
            try Self.update(record, in: db)
            try SQLiteEventLog.append(event, at: clock.now, in: db)
        }
    }

    public func refunds(chargeID: String) throws -> [Refund] {
        guard let charge = try charge(id: chargeID)?.charge else { return [] }
        return try queue.read { db in
            try RefundRow.filter(RefundRow.Columns.chargeID == chargeID).order(RefundRow.Columns.createdAt, RefundRow.Columns.id)
                .fetchAll(db).map { $0.refund(in: charge.amount.currency) }
        }
    }

    private static func update(_ record: ChargeRecord, in db: Database) throws {
        try ChargeRow(record).update(db, columns: ChargeRow.changingColumns)
    }
}

/// A caller's rows that failed inside the charge's transaction, told apart from the charge's own
/// constraints (a taken idempotency key is `StorageError.duplicate`; theirs is their error).
private struct CompanionFailure: Error {
    let underlying: Error
}

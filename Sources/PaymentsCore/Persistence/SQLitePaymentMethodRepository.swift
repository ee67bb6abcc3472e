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
                try PaymentMethodRow(m).insert(db)
                try SQLiteEventLog.append(event, at: clock.now, in: db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StorageError.duplicate
        }
    }

    public func update(_ m: PaymentMethodRecord, event: NewEvent?) throws {
        try queue.write { db in
            try PaymentMethodRow(m).update(db)
            if let event { try SQLiteEventLog.append(event, at: clock.now, in: db) }
        }
    }

    public func method(id: String, customerID: String) throws -> PaymentMethodRecord? {
        try queue.read { db in try PaymentMethodRow.filter(key: id).saved(by: customerID).fetchOne(db)?.record() }
    }

    public func methods(customerID: String) throws -> [PaymentMethodRecord] {
        try queue.read { db in
            try PaymentMethodRow.all().saved(by: customerID).order(PaymentMethodRow.Columns.createdAt, PaymentMethodRow.Columns.id)
                .fetchAll(db).map { try $0.record() }
        }
    }

    public func method(fingerprint: String, customerID: String) throws -> PaymentMethodRecord? {
        try queue.read { db in
            try PaymentMethodRow.filter(PaymentMethodRow.Columns.fingerprint == fingerprint).saved(by: customerID).fetchOne(db)?.record()
        }
    }

    public func setDefault(id: String, customerID: String, event: NewEvent) throws {
        try queue.write { db in
            try PaymentMethodRow.filter(PaymentMethodRow.Columns.customerID == customerID)
                .updateAll(db, PaymentMethodRow.Columns.isDefault.set(to: PaymentMethodRow.Columns.id == id))
            try SQLiteEventLog.append(event, at: clock.now, in: db)
        }
    }
}

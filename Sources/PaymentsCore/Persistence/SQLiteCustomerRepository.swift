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
                try CustomerRow(c).insert(db)
                try SQLiteEventLog.append(event, at: clock.now, in: db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StorageError.duplicate
        }
    }

    public func update(_ c: CustomerRecord, event: NewEvent?) throws {
        try queue.write { db in
            try CustomerRow(c).update(db)
            if let event { try SQLiteEventLog.append(event, at: clock.now, in: db) }
        }
    }

    public func customer(id: String) throws -> CustomerRecord? {
        try queue.read { db in try CustomerRow.fetchOne(db, key: id)?.record }
    }

    /// The email column compares without case (`COLLATE NOCASE`), as sign-up and sign-in expect.
    public func customer(email: String) throws -> CustomerRecord? {
        try queue.read { db in try CustomerRow.filter(Column(CustomerRow.CodingKeys.email) == email).fetchOne(db)?.record }
    }
}

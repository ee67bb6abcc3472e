import Clocks
import Foundation

/// Customers, on either engine. Each write commits with its event.
public final class StoredCustomers: CustomerRepository {
    private let store: any CoreStore
    private let clock: Clock

    public init(store: any CoreStore, clock: Clock) { self.store = store; self.clock = clock }

    /// The unique index on the e-mail without case decides a race between two counters signing
    /// up the same address: the second waits for the first to commit, then is refused.
    public func insert(_ customer: CustomerRecord, event: NewEvent) throws {
        try store.write { tx in
            try tx.insert(CustomerRow(customer))
            try StoredEvents.append(event, at: clock.now, in: tx)
        }
    }

    public func update(_ customer: CustomerRecord, event: NewEvent?) throws {
        try store.write { tx in
            try tx.update(CustomerRow(customer))
            if let event { try StoredEvents.append(event, at: clock.now, in: tx) }
        }
    }

    public func customer(id: String) throws -> CustomerRecord? {
        try store.read { tx in try tx.fetchOne(CustomerRow.self, "SELECT * FROM customers WHERE id = ?", id)?.record }
    }

    /// Without case, as sign-up and sign-in expect: SQLite's column is `COLLATE NOCASE`; the
    /// server folds ASCII letters the same way (`core_nocase`), through its index.
    public func customer(email: String) throws -> CustomerRecord? {
        let match = store.engine == .postgres ? "core_nocase(email) = core_nocase(?)" : "email = ?"
        return try store.read { tx in try tx.fetchOne(CustomerRow.self, "SELECT * FROM customers WHERE \(match)", email)?.record }
    }
}

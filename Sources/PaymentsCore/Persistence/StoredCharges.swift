import Clocks
import Foundation

/// Charges, their idempotency keys and refunds, on either engine.
public final class StoredCharges: ChargeRepository {
    private let store: any CoreStore
    private let clock: Clock

    public init(store: any CoreStore, clock: Clock) { self.store = store; self.clock = clock }

    /// The key's primary key decides a race between two counters: the second insert waits for
    /// the first transaction, then is refused (`StorageError.duplicate`) and its charge row goes
    /// with it, so the caller reads the winner's charge by the key.
    public func insert(_ record: ChargeRecord, key: IdempotencyRecord, event: NewEvent, alongside: ((any CoreTransaction) throws -> Void)?) throws {
        do {
            try store.write { tx in
                // The caller's intent first, so that the log reads as it happened: the attempt, then its charge.
                do { try alongside?(tx) } catch { throw CompanionFailure(underlying: error) }
                try tx.insert(ChargeRow(record))
                try tx.insert(IdempotencyKeyRow(key))
                try StoredEvents.append(event, at: clock.now, in: tx)
            }
        } catch let failure as CompanionFailure {
            // The caller's own rows failed (an order number another counter took): its error, as it is.
            throw failure.underlying
        }
    }

    public func update(_ record: ChargeRecord, event: NewEvent, alongside: ((any CoreTransaction) throws -> Void)?) throws {
        try store.write { tx in
            try Self.update(record, in: tx)
            try StoredEvents.append(event, at: clock.now, in: tx)
            try alongside?(tx)
        }
    }

    /// The charge's row is locked before its status is compared (on a server; SQLite's write
    /// transaction holds the file), so the comparison still holds when the answer is written.
    public func update(_ record: ChargeRecord, from expected: ChargeStatus, event: NewEvent,
                       alongside: ((any CoreTransaction) throws -> Void)?) throws -> Bool {
        try store.write { tx in
            let stored = try tx.fetchValue(String.self, "SELECT status FROM charges WHERE id = ?\(tx.engine.forUpdate)", record.charge.id)
            guard stored == expected.storedName else { return false }
            try Self.update(record, in: tx)
            try StoredEvents.append(event, at: clock.now, in: tx)
            try alongside?(tx)
            return true
        }
    }

    public func charge(id: String) throws -> ChargeRecord? {
        try store.read { tx in try tx.fetchOne(ChargeRow.self, "SELECT * FROM charges WHERE id = ?", id)?.record() }
    }

    public func charges(customerID: String) throws -> [ChargeRecord] {
        try store.read { tx in
            try tx.fetchAll(ChargeRow.self, "SELECT * FROM charges WHERE customer_id = ? ORDER BY \(Self.order(tx))", customerID).map { try $0.record() }
        }
    }

    public func charges(status: ChargeStatus) throws -> [ChargeRecord] {
        try store.read { tx in
            try tx.fetchAll(ChargeRow.self, "SELECT * FROM charges WHERE status = ? ORDER BY \(Self.order(tx))", status.storedName)
                .map { try $0.record() }
        }
    }

    public func idempotencyKey(_ key: String) throws -> IdempotencyRecord? {
        try store.read { tx in try tx.fetchOne(IdempotencyKeyRow.self, "SELECT * FROM idempotency_keys WHERE key = ?", key)?.record }
    }

    public func forgetIdempotencyKey(_ key: String) throws {
        try store.write { tx in try tx.execute("DELETE FROM idempotency_keys WHERE key = ?", key) }
    }

    public func insert(_ refund: Refund, updating record: ChargeRecord, event: NewEvent) throws {
        try store.write { tx in
            try tx.insert(RefundRow(refund))
            try Self.update(record, in: tx)
            try StoredEvents.append(event, at: clock.now, in: tx)
        }
    }

    public func refunds(chargeID: String) throws -> [Refund] {
        guard let charge = try charge(id: chargeID)?.charge else { return [] }
        return try store.read { tx in
            try tx.fetchAll(RefundRow.self, "SELECT * FROM refunds WHERE charge_id = ? ORDER BY \(Self.order(tx))", chargeID)
                .map { $0.refund(in: charge.amount.currency) }
        }
    }

    private static func update(_ record: ChargeRecord, in tx: any CoreTransaction) throws {
        try tx.update(ChargeRow(record), columns: ChargeRow.changingColumns)
    }

    /// By time, then id compared byte by byte, on both engines.
    private static func order(_ tx: any CoreTransaction) -> String { "created_ms, \(tx.engine.bytewise("id"))" }
}

/// A caller's rows that failed inside the charge's transaction, told apart from the charge's own
/// constraints (a taken idempotency key is `StorageError.duplicate`; theirs is their error).
private struct CompanionFailure: Error {
    let underlying: Error
}

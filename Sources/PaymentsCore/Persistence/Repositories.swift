import Foundation
import GRDB

/// Storage for customers. Each write records its event in the same transaction.
public protocol CustomerRepository: AnyObject {
    /// Throws `StorageError.duplicate` when the email (case-insensitive) is taken.
    func insert(_ customer: CustomerRecord, event: NewEvent) throws
    func update(_ customer: CustomerRecord, event: NewEvent?) throws
    func customer(id: String) throws -> CustomerRecord?
    func customer(email: String) throws -> CustomerRecord?
}

/// Storage for saved cards.
public protocol PaymentMethodRepository: AnyObject {
    func insert(_ method: PaymentMethodRecord, event: NewEvent) throws
    func update(_ method: PaymentMethodRecord, event: NewEvent?) throws
    /// Only the customer's own, not removed.
    func method(id: String, customerID: String) throws -> PaymentMethodRecord?
    func methods(customerID: String) throws -> [PaymentMethodRecord]
    func method(fingerprint: String, customerID: String) throws -> PaymentMethodRecord?
    /// Makes `id` the customer's only default, atomically.
    func setDefault(id: String, customerID: String, event: NewEvent) throws
}

/// Storage for charges, their idempotency keys and refunds.
public protocol ChargeRepository: AnyObject {
    /// The charge and its key in one transaction: a key never points at a missing charge.
    /// `alongside` (a caller's own rows, see `ChargeCompanion`) is written in the same one.
    func insert(_ charge: ChargeRecord, key: IdempotencyRecord, event: NewEvent, alongside: ((any CoreTransaction) throws -> Void)?) throws
    func update(_ charge: ChargeRecord, event: NewEvent, alongside: ((any CoreTransaction) throws -> Void)?) throws
    /// `update`, only while the stored charge is still `expected` (its status as the caller read
    /// it): of two counters moving one charge on at once (two settlers, a settler and a late
    /// answer) one does, and the other writes nothing and hears false.
    func update(_ charge: ChargeRecord, from expected: ChargeStatus, event: NewEvent,
                alongside: ((any CoreTransaction) throws -> Void)?) throws -> Bool
    func charge(id: String) throws -> ChargeRecord?
    func charges(customerID: String) throws -> [ChargeRecord]
    func charges(status: ChargeStatus) throws -> [ChargeRecord]
    func idempotencyKey(_ key: String) throws -> IdempotencyRecord?
    func forgetIdempotencyKey(_ key: String) throws
    func insert(_ refund: Refund, updating charge: ChargeRecord, event: NewEvent) throws
    func refunds(chargeID: String) throws -> [Refund]
}

extension ChargeRepository {
    func insert(_ charge: ChargeRecord, key: IdempotencyRecord, event: NewEvent) throws {
        try insert(charge, key: key, event: event, alongside: nil)
    }

    func update(_ charge: ChargeRecord, event: NewEvent) throws {
        try update(charge, event: event, alongside: nil)
    }
}

public enum StorageError: Error, Equatable {
    case duplicate
    case corrupt(String)
    /// Not done by this storage yet (said by the PostgreSQL backend while it is partial).
    case unsupported(String)
    /// The server did not answer. What was sent is not known to have been written or not (a
    /// COMMIT may have reached it): the caller treats it as a crash at that point, and what is
    /// unsettled is settled later. The next transaction connects again.
    case serverAway
}

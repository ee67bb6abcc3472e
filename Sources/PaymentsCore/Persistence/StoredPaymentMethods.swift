import Clocks
import Foundation

/// Saved cards, on either engine.
public final class StoredPaymentMethods: PaymentMethodRepository {
    private let store: any CoreStore
    private let clock: Clock

    public init(store: any CoreStore, clock: Clock) { self.store = store; self.clock = clock }

    public func insert(_ method: PaymentMethodRecord, event: NewEvent) throws {
        try store.write { tx in
            try tx.insert(PaymentMethodRow(method))
            try StoredEvents.append(event, at: clock.now, in: tx)
            try tx.announce(.savedCards(customerId: method.customerID))
        }
    }

    public func update(_ method: PaymentMethodRecord, event: NewEvent?) throws {
        try store.write { tx in
            try tx.update(PaymentMethodRow(method))
            if let event { try StoredEvents.append(event, at: clock.now, in: tx) }
            try tx.announce(.savedCards(customerId: method.customerID))
        }
    }

    public func method(id: String, customerID: String) throws -> PaymentMethodRecord? {
        try store.read { tx in
            try tx.fetchOne(PaymentMethodRow.self, "SELECT * FROM payment_methods WHERE id = ? AND \(Self.saved)", id, customerID)?.record()
        }
    }

    public func methods(customerID: String) throws -> [PaymentMethodRecord] {
        try store.read { tx in
            try tx.fetchAll(PaymentMethodRow.self, "SELECT * FROM payment_methods WHERE \(Self.saved) ORDER BY created_ms, \(tx.engine.bytewise("id"))",
                            customerID).map { try $0.record() }
        }
    }

    public func method(fingerprint: String, customerID: String) throws -> PaymentMethodRecord? {
        try store.read { tx in
            try tx.fetchOne(PaymentMethodRow.self, "SELECT * FROM payment_methods WHERE fingerprint = ? AND \(Self.saved)",
                            fingerprint, customerID)?.record()
        }
    }

    /// The customer's row is locked first, so two counters setting a default for the same
    /// shopper take turns: the later one's choice is the one default, never two.
    public func setDefault(id: String, customerID: String, event: NewEvent) throws {
        try store.write { tx in
            try tx.rows("SELECT id FROM customers WHERE id = ?\(tx.engine.forUpdate)", customerID)
            try tx.execute("UPDATE payment_methods SET is_default = (id = ?) WHERE customer_id = ?", id, customerID)
            try StoredEvents.append(event, at: clock.now, in: tx)
            try tx.announce(.savedCards(customerId: customerID))
        }
    }

    /// The customer's cards that have not been removed; the customer is the next parameter.
    private static let saved = "customer_id = ? AND removed_ms IS NULL"
}

import Clocks
import Foundation

/// The result of saving a card: the saved method, and whether it was already saved (same
/// fingerprint) so the screen can say "this card is already saved" instead of adding it twice.
public struct SavedPaymentMethod: Hashable, Sendable {
    public let method: PaymentMethod
    public let alreadySaved: Bool
}

/// A customer's saved cards ("reuse earlier payments"). Every call names the customer and only
/// ever sees that customer's cards: another customer's id is answered with `.notFound`.
public final class PaymentMethodService {
    private let repository: PaymentMethodRepository
    private let customers: CustomerService
    private let vault: Vault
    private let clock: Clock
    private let ids: IDGenerator
    private let log: CoreLog

    public init(repository: PaymentMethodRepository, customers: CustomerService, vault: Vault, clock: Clock, ids: IDGenerator, log: CoreLog) {
        self.repository = repository; self.customers = customers; self.vault = vault; self.clock = clock; self.ids = ids; self.log = log
    }

    /// Saves the card behind a one-time token (using the token up). With `keepNumber` false only
    /// the display details and fingerprint are kept and the method cannot be charged again.
    /// `authenticated`: the card's bank has just checked the shopper (3-D Secure), so a card that
    /// asks once is not asked again at its first charge.
    public func save(token tokenID: String, for customerID: String, keepNumber: Bool = true, makeDefault: Bool = false,
                     authenticated: Bool = false) throws -> SavedPaymentMethod {
        try requireUnlocked(customerID)
        let card: Card
        do { card = try vault.redeem(tokenID) } catch { throw PaymentMethodError.token(error) }
        return try store(card, for: customerID, keepNumber: keepNumber, makeDefault: makeDefault, authenticated: authenticated)
    }

    public func save(card: Card, for customerID: String, keepNumber: Bool = true, makeDefault: Bool = false,
                     authenticated: Bool = false) throws -> SavedPaymentMethod {
        try requireUnlocked(customerID)
        return try store(card, for: customerID, keepNumber: keepNumber, makeDefault: makeDefault, authenticated: authenticated)
    }

    /// The customer's saved cards, oldest first.
    public func list(for customerID: String) throws -> [PaymentMethod] {
        try storage { try repository.methods(customerID: customerID).map(\.paymentMethod) }
    }

    public func method(_ id: String, for customerID: String) throws -> PaymentMethod {
        try record(id, customerID).paymentMethod
    }

    public func defaultMethod(for customerID: String) throws -> PaymentMethod? {
        try list(for: customerID).first(where: \.isDefault)
    }

    public func setDefault(_ id: String, for customerID: String) throws {
        _ = try record(id, customerID)
        try storage { try repository.setDefault(id: id, customerID: customerID, event: NewEvent("payment_method.default_set", subject: id)) }
    }

    /// Removes the card and forgets its sealed number. If it was the default, the oldest other
    /// card becomes the default.
    public func remove(_ id: String, for customerID: String) throws {
        var method = try record(id, customerID)
        let wasDefault = method.isDefault
        method.removedAt = clock.now
        method.sealedNumber = nil
        method.isDefault = false
        try storage { try repository.update(method, event: NewEvent("payment_method.removed", subject: id)) }
        if wasDefault, let next = try storage({ try repository.methods(customerID: customerID).first }) {
            try setDefault(next.id, for: customerID)
        }
    }

    /// The card number of a saved method, for a charge. Internal: numbers never leave the core.
    func chargeableNumber(_ id: String, customerID: String) throws -> (PaymentMethodRecord, CardNumber?) {
        let method = try record(id, customerID)
        guard let sealed = method.sealedNumber else { return (method, nil) }
        return (method, try vault.keys.unseal(sealed))
    }

    func markAuthenticated(_ id: String, customerID: String) {
        guard var method = try? record(id, customerID), !method.authenticated else { return }
        method.authenticated = true
        try? repository.update(method, event: NewEvent("payment_method.authenticated", subject: id))
    }

    private func store(_ card: Card, for customerID: String, keepNumber: Bool, makeDefault: Bool,
                       authenticated: Bool = false) throws -> SavedPaymentMethod {
        if card.expiry.isExpired(at: clock.now) { throw PaymentMethodError.cardExpired }
        let fingerprint = vault.keys.fingerprint(card.number)
        let sealed = keepNumber ? try vault.keys.seal(card.number) : nil
        if var existing = try storage({ try repository.method(fingerprint: fingerprint, customerID: customerID) }) {
            // The same card again: refresh what may have changed (a renewed expiry, the name), keep one row.
            existing.expiry = card.expiry
            existing.holder = card.holder.value
            if keepNumber { existing.sealedNumber = sealed }
            if authenticated { existing.authenticated = true }
            try storage { try repository.update(existing, event: NewEvent("payment_method.updated", subject: existing.id)) }
            if makeDefault { try setDefault(existing.id, for: customerID) }
            return SavedPaymentMethod(method: try method(existing.id, for: customerID), alreadySaved: true)
        }
        let isFirst = try storage { try repository.methods(customerID: customerID).isEmpty }
        let record = PaymentMethodRecord(id: ids.next("pm"), customerID: customerID, brand: card.number.brand,
                                         lastFour: card.number.lastFour, expiry: card.expiry, holder: card.holder.value,
                                         fingerprint: fingerprint, sealedNumber: sealed, isDefault: false, authenticated: authenticated,
                                         createdAt: clock.now, removedAt: nil)
        try storage {
            try repository.insert(record, event: NewEvent("payment_method.saved", subject: record.id,
                                                          ["customer_id": customerID, "brand": record.brand.rawValue, "last_four": record.lastFour]))
        }
        if isFirst || makeDefault { try setDefault(record.id, for: customerID) }
        log.info("customer \(customerID) saved \(card.number.description) as \(record.id)")
        return SavedPaymentMethod(method: try method(record.id, for: customerID), alreadySaved: false)
    }

    func requireUnlocked(_ customerID: String) throws {
        do { _ = try customers.customer(id: customerID) } catch { throw PaymentMethodError.customerNotFound }
        if customers.isPaymentsLocked(customerID) { throw PaymentMethodError.paymentsLocked }
    }

    private func record(_ id: String, _ customerID: String) throws -> PaymentMethodRecord {
        guard let method = try storage({ try repository.method(id: id, customerID: customerID) }) else { throw PaymentMethodError.notFound }
        return method
    }

    private func storage<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PaymentMethodError { throw error } catch {
            throw PaymentMethodError.storage(String(describing: error))
        }
    }
}

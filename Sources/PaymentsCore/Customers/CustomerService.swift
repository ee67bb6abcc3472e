import Clocks
import Foundation

/// Sign-up, log-in and the payments PIN.
///
/// A customer with a PIN is "payments locked" until they unlock with it in this session (the
/// unlocked set lives in memory, so a restart locks again: the safe side). Three wrong PINs lock
/// payments for `pinCooldown` on the clock; the count and the lock time are in the database, so
/// restarting the counter does not reset them.
public final class CustomerService {
    public let passwordPolicy = PasswordPolicy()
    public static let maximumPINAttempts = 3
    public let pinCooldown: Duration

    private let repository: CustomerRepository
    private let hasher: PasswordHasher
    private let clock: Clock
    private let ids: IDGenerator
    private let log: CoreLog
    private var unlocked: Set<String> = []

    public init(repository: CustomerRepository, hasher: PasswordHasher, clock: Clock, ids: IDGenerator, log: CoreLog,
                pinCooldown: Duration = .minutes(15)) {
        self.repository = repository; self.hasher = hasher; self.clock = clock; self.ids = ids; self.log = log
        self.pinCooldown = pinCooldown
    }

    public func signUp(email: String, password: String) throws -> Customer {
        let normalized = try EmailAddress.normalize(email)
        guard passwordPolicy.accepts(password) else { throw CustomerError.passwordTooWeak(policy: passwordPolicy) }
        if try storage({ try repository.customer(email: normalized) }) != nil { throw CustomerError.emailTaken }
        let record = CustomerRecord(id: ids.next("cus"), clientID: ids.next("client"), email: normalized,
                                    passwordHash: hasher.hash(password), pinHash: nil, pinFailedAttempts: 0,
                                    pinLockedUntil: nil, createdAt: clock.now)
        do {
            try repository.insert(record, event: NewEvent("customer.signed_up", subject: record.id, ["client_id": record.clientID]))
        } catch StorageError.duplicate {
            throw CustomerError.emailTaken
        } catch {
            throw CustomerError.storage(String(describing: error))
        }
        log.info("customer \(record.id) signed up")
        return record.customer
    }

    public func logIn(email: String, password: String) throws -> Customer {
        guard let normalized = try? EmailAddress.normalize(email),
              let record = try storage({ try repository.customer(email: normalized) }) else {
            // Spend the same time as a real check, so timing does not reveal which emails exist.
            _ = hasher.verify(password, against: decoyHash)
            throw CustomerError.wrongEmailOrPassword
        }
        guard hasher.verify(password, against: record.passwordHash) else { throw CustomerError.wrongEmailOrPassword }
        return record.customer
    }

    public func customer(id: String) throws -> Customer {
        try record(id).customer
    }

    /// Sets the first payments PIN. One already set is changed only with it (`changePIN`):
    /// setting a PIN over another would let anyone at the counter past the lock.
    public func setPIN(_ pin: String, for customerID: String) throws {
        guard PINPolicy.accepts(pin) else { throw CustomerError.pinInvalid }
        var record = try record(customerID)
        guard record.pinHash == nil else { throw CustomerError.pinAlreadySet }
        try store(pin, in: &record, event: "customer.pin_set")
    }

    /// Changes the PIN, the current one first. The current one is checked as unlocking checks
    /// it: a wrong one counts toward the same lockout, and during the lockout even the right one
    /// is refused. A new PIN that breaks the rule costs no try (it is refused before the check).
    public func changePIN(_ customerID: String, current: String, new pin: String) throws {
        guard PINPolicy.accepts(pin) else { throw CustomerError.pinInvalid }
        var record = try record(customerID)
        guard record.pinHash != nil else { throw CustomerError.pinNotSet }
        try check(current, against: &record)
        try store(pin, in: &record, event: "customer.pin_changed")
    }

    /// A new PIN locks payments until it is typed.
    private func store(_ pin: String, in record: inout CustomerRecord, event: String) throws {
        record.pinHash = hasher.hash(pin)
        record.pinFailedAttempts = 0
        record.pinLockedUntil = nil
        try storage { try repository.update(record, event: NewEvent(event, subject: record.id)) }
        unlocked.remove(record.id)
    }

    /// True while the customer has a PIN and has not unlocked with it in this session.
    public func isPaymentsLocked(_ customerID: String) -> Bool {
        guard let record = try? record(customerID) else { return true }
        return record.pinHash != nil && !unlocked.contains(customerID)
    }

    /// When a run of wrong PINs locked payments, until when; nil if not locked out now.
    public func pinLockedUntil(_ customerID: String) throws -> Date? {
        guard let until = try record(customerID).pinLockedUntil, until > clock.now else { return nil }
        return until
    }

    /// Unlocks payments for this session, or throws `.wrongPIN(attemptsLeft:)`, and on the third
    /// wrong try (and during the cooldown, even with the right PIN) `.tooManyPINAttempts`.
    public func unlockPayments(_ customerID: String, pin: String) throws {
        var record = try record(customerID)
        guard record.pinHash != nil else { unlocked.insert(customerID); return }
        try check(pin, against: &record)
        try storage { try repository.update(record, event: NewEvent("customer.payments_unlocked", subject: customerID)) }
        unlocked.insert(customerID)
    }

    /// Checks a PIN typed for a customer who has one. A wrong one is written (the count, and the
    /// lockout on the last try) and thrown; the right one leaves `record` with the count cleared,
    /// for the caller to write with its own event.
    private func check(_ pin: String, against record: inout CustomerRecord) throws {
        guard let pinHash = record.pinHash else { throw CustomerError.pinNotSet }
        let customerID = record.id
        let now = clock.now
        if let until = record.pinLockedUntil {
            if until > now { throw CustomerError.tooManyPINAttempts(lockedUntil: until) }
            record.pinLockedUntil = nil
            record.pinFailedAttempts = 0
        }
        if hasher.verify(pin, against: pinHash) {
            record.pinFailedAttempts = 0
            return
        }
        record.pinFailedAttempts += 1
        if record.pinFailedAttempts >= Self.maximumPINAttempts {
            let until = now.addingTimeInterval(pinCooldown.timeInterval)
            record.pinLockedUntil = until
            let attempts = String(record.pinFailedAttempts)
            let locked = record
            try storage {
                try repository.update(locked, event: NewEvent("customer.pin_locked_out", subject: customerID, ["attempts": attempts]))
            }
            log.info("customer \(customerID): payments locked after \(attempts) wrong PINs")
            throw CustomerError.tooManyPINAttempts(lockedUntil: until)
        }
        let failed = record
        try storage {
            try repository.update(failed, event: NewEvent("customer.pin_failed", subject: customerID, ["attempts": String(failed.pinFailedAttempts)]))
        }
        throw CustomerError.wrongPIN(attemptsLeft: Self.maximumPINAttempts - record.pinFailedAttempts)
    }

    /// Locks payments again (log-out, idle reset).
    public func lockPayments(_ customerID: String) {
        unlocked.remove(customerID)
    }

    func record(_ customerID: String) throws -> CustomerRecord {
        guard let record = try storage({ try repository.customer(id: customerID) }) else { throw CustomerError.customerNotFound }
        return record
    }

    private func storage<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as CustomerError { throw error } catch {
            throw CustomerError.storage(String(describing: error))
        }
    }

    /// A hash of nothing in particular at the same cost, for the unknown-email path.
    private lazy var decoyHash: String = hasher.hash("decoy-password-1")
}

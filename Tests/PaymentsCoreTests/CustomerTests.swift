import Clocks
import Foundation
import Testing
@testable import PaymentsCore

@Suite struct CustomerTests {
    @Test(arguments: StorageBackend.allCases)
    func signUpAndLogIn(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let customer = try h.core.customers.signUp(email: "  Ada@Example.COM ", password: "honey2026")
        #expect(customer.id == "cus_000001")
        #expect(customer.clientID == "client_000001")
        #expect(customer.email == "ada@example.com")
        #expect(try h.core.customers.logIn(email: "ADA@example.com", password: "honey2026") == customer)
        #expect(throws: CustomerError.wrongEmailOrPassword) { try h.core.customers.logIn(email: "ada@example.com", password: "honey2027") }
        #expect(throws: CustomerError.wrongEmailOrPassword) { try h.core.customers.logIn(email: "bob@example.com", password: "honey2026") }
    }

    @Test(arguments: StorageBackend.allCases)
    func emailRules(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        _ = try h.customer("ada@example.com")
        #expect(throws: CustomerError.emailTaken) { try h.core.customers.signUp(email: "ADA@EXAMPLE.com", password: "honey2026") }
        #expect(throws: CustomerError.emailEmpty) { try h.core.customers.signUp(email: " ", password: "honey2026") }
        #expect(throws: CustomerError.emailInvalid) { try h.core.customers.signUp(email: "ada.example.com", password: "honey2026") }
        #expect(throws: CustomerError.emailInvalid) { try h.core.customers.signUp(email: "ada@example", password: "honey2026") }
    }

    // No engine: the rule refuses a password before anything is stored.
    @Test func passwordRuleIsShownAndEnforced() throws {
        let h = try Harness()
        let policy = h.core.customers.passwordPolicy
        #expect(policy.minimumLength == 8)
        for weak in ["short1", "onlyletters", "12345678"] {
            #expect(throws: CustomerError.passwordTooWeak(policy: policy)) { try h.core.customers.signUp(email: "x@example.com", password: weak) }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func passwordsAreStoredAsSaltedSlowHashes(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let a = try h.customer("a@example.com"), b = try h.customer("b@example.com")
        let ra = try #require(try h.core.customerRepository.customer(id: a.id))
        let rb = try #require(try h.core.customerRepository.customer(id: b.id))
        #expect(!ra.passwordHash.contains("honey2026"))
        #expect(ra.passwordHash.hasPrefix("pbkdf2-sha256$"))
        #expect(ra.passwordHash != rb.passwordHash)   // same password, different salts
    }

    @Test func productionHashingUsesAtLeast100000Iterations() {
        let hasher = PasswordHasher()
        #expect(hasher.iterations >= 100_000)
        #expect(PaymentsServices.Options().passwordIterations >= 100_000)
        let stored = hasher.hash("honey2026")
        #expect(PasswordHasher.iterations(of: stored) == PasswordHasher.productionIterations)
        #expect(hasher.verify("honey2026", against: stored))
        #expect(!hasher.verify("honey2027", against: stored))
    }
}

@Suite struct PINTests {
    @Test(arguments: StorageBackend.allCases)
    func aCustomerWithAPINIsLockedUntilUnlocked(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        #expect(!h.core.customers.isPaymentsLocked(c.id))
        #expect(throws: CustomerError.pinInvalid) { try h.core.customers.setPIN("12a4", for: c.id) }
        try h.core.customers.setPIN("2468", for: c.id)
        #expect(h.core.customers.isPaymentsLocked(c.id))
        #expect(throws: CustomerError.wrongPIN(attemptsLeft: 2)) { try h.core.customers.unlockPayments(c.id, pin: "1111") }
        try h.core.customers.unlockPayments(c.id, pin: "2468")
        #expect(!h.core.customers.isPaymentsLocked(c.id))
        h.core.customers.lockPayments(c.id)
        #expect(h.core.customers.isPaymentsLocked(c.id))
    }

    @Test(arguments: StorageBackend.allCases)
    func threeWrongTriesLockUntilTheCooldownEvenAcrossAReopen(_ backend: StorageBackend) throws {
        let location = try backend.freshStore().database
        let clock = ManualClock()
        var h: Harness? = try Harness(database: location, clock: clock)
        let c = try h!.customer()
        try h!.core.customers.setPIN("2468", for: c.id)
        #expect(throws: CustomerError.wrongPIN(attemptsLeft: 2)) { try h!.core.customers.unlockPayments(c.id, pin: "0000") }
        #expect(throws: CustomerError.wrongPIN(attemptsLeft: 1)) { try h!.core.customers.unlockPayments(c.id, pin: "0000") }
        try h!.core.close()
        h = nil

        // A restart does not forget the two wrong tries.
        let reopened = try Harness(database: location, clock: clock)
        let until = clock.now.addingTimeInterval(15 * 60)
        #expect(throws: CustomerError.tooManyPINAttempts(lockedUntil: until)) { try reopened.core.customers.unlockPayments(c.id, pin: "0000") }
        try reopened.core.close()

        // Nor the lock: even the right PIN is refused during the cooldown.
        let again = try Harness(database: location, clock: clock)
        #expect(try again.core.customers.pinLockedUntil(c.id) == until)
        clock.advance(by: .seconds(14 * 60 + 59))
        #expect(throws: CustomerError.tooManyPINAttempts(lockedUntil: until)) { try again.core.customers.unlockPayments(c.id, pin: "2468") }
        clock.advance(by: .seconds(1))
        try again.core.customers.unlockPayments(c.id, pin: "2468")
        #expect(!again.core.customers.isPaymentsLocked(c.id))
        let kinds = try again.core.events.events(subjectID: c.id).map(\.kind)
        #expect(kinds == ["customer.signed_up", "customer.pin_set", "customer.pin_failed", "customer.pin_failed",
                          "customer.pin_locked_out", "customer.payments_unlocked"])
        try again.core.close()
    }

    @Test(arguments: StorageBackend.allCases)
    func lockedCustomersCannotPayOrSaveCards(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        try h.core.customers.setPIN("2468", for: c.id)
        #expect(throws: PaymentMethodError.paymentsLocked) { try h.core.paymentMethods.save(card: try h.card(), for: c.id) }
        let result = h.charge(h.request(1000, .token(try h.token().id), customer: c.id))
        #expect(result?.error == .paymentsLocked)
    }
}

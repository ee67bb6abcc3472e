import Clocks
import Foundation
import Testing
@testable import PaymentsCore

/// Changing the payments PIN from the account: the current PIN first, checked exactly as the
/// auction's unlock checks it (one count, one lockout); a first PIN is set only once.
@Suite struct PINChangeTests {
    @Test(arguments: StorageBackend.allCases)
    func theRightCurrentPINChangesItAndOnlyTheNewOneUnlocks(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        try h.core.customers.setPIN("2468", for: c.id)
        try h.core.customers.changePIN(c.id, current: "2468", new: "135790")
        #expect(h.core.customers.isPaymentsLocked(c.id), "a new PIN locks payments until it is typed")
        #expect(throws: CustomerError.wrongPIN(attemptsLeft: 2)) { try h.core.customers.unlockPayments(c.id, pin: "2468") }
        try h.core.customers.unlockPayments(c.id, pin: "135790")
        let stored = try #require(try h.core.customerRepository.customer(id: c.id))
        #expect(stored.pinHash?.hasPrefix("pbkdf2-sha256$") == true)
        #expect(stored.pinHash?.contains("135790") == false)
        let kinds = try h.core.events.events(subjectID: c.id).map(\.kind)
        #expect(kinds == ["customer.signed_up", "customer.pin_set", "customer.pin_changed", "customer.pin_failed", "customer.payments_unlocked"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aWrongCurrentPINCountsTowardTheUnlocksLockout(_ backend: StorageBackend) throws {
        let clock = ManualClock()
        let h = try Harness(backend, clock: clock)
        let c = try h.customer()
        try h.core.customers.setPIN("2468", for: c.id)
        #expect(throws: CustomerError.wrongPIN(attemptsLeft: 2)) { try h.core.customers.unlockPayments(c.id, pin: "0000") }
        #expect(throws: CustomerError.wrongPIN(attemptsLeft: 1)) { try h.core.customers.changePIN(c.id, current: "1111", new: "1357") }
        let until = clock.now.addingTimeInterval(15 * 60)
        #expect(throws: CustomerError.tooManyPINAttempts(lockedUntil: until)) { try h.core.customers.changePIN(c.id, current: "1111", new: "1357") }
        // Locked out: the right PIN changes nothing, and unlocks nothing, until the cooldown ends.
        #expect(throws: CustomerError.tooManyPINAttempts(lockedUntil: until)) { try h.core.customers.changePIN(c.id, current: "2468", new: "1357") }
        #expect(throws: CustomerError.tooManyPINAttempts(lockedUntil: until)) { try h.core.customers.unlockPayments(c.id, pin: "2468") }
        clock.advance(by: .seconds(15 * 60))
        try h.core.customers.changePIN(c.id, current: "2468", new: "1357")
        try h.core.customers.unlockPayments(c.id, pin: "1357")
    }

    @Test(arguments: StorageBackend.allCases)
    func aNewPINThatBreaksTheRuleCostsNoTry(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        try h.core.customers.setPIN("2468", for: c.id)
        for bad in ["123", "1234567", "12a4", ""] {
            #expect(throws: CustomerError.pinInvalid) { try h.core.customers.changePIN(c.id, current: "0000", new: bad) }
        }
        #expect(throws: CustomerError.wrongPIN(attemptsLeft: 2)) { try h.core.customers.unlockPayments(c.id, pin: "0000") }
    }

    @Test(arguments: StorageBackend.allCases)
    func aFirstPINIsSetOnceAndAChangeNeedsOne(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        #expect(throws: CustomerError.pinNotSet) { try h.core.customers.changePIN(c.id, current: "2468", new: "1357") }
        try h.core.customers.setPIN("2468", for: c.id)
        #expect(throws: CustomerError.pinAlreadySet) { try h.core.customers.setPIN("1357", for: c.id) }
        try h.core.customers.unlockPayments(c.id, pin: "2468")
    }
}

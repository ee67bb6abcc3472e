import Clocks
import Foundation
import Testing
@testable import PaymentsCore

/// What every storage backend promises the core's services, one test body for SQLite and
/// PostgreSQL alike (the PostgreSQL case is skipped, with the reason, when its programs are
/// not installed). Written against the repository protocols, so a backend that keeps the
/// protocol but not the promise fails here.
@Suite struct RepositoryContractTests {
    static let start = ManualClock.defaultStart

    @Test(arguments: StorageBackend.allCases)
    func aCustomerReadsBackAsWrittenAndByEmailWithoutCase(_ backend: StorageBackend) throws {
        let store = try backend.freshStore().open()
        var ada = Self.customer("cus_1", "ada@example.com")
        ada.pinHash = "pbkdf2-sha256$1000$salt$hash"
        ada.pinLockedUntil = Date(milliseconds: Self.start.milliseconds + 900_123)   // milliseconds, as stored
        try store.customers.insert(ada, event: NewEvent("customer.signed_up", subject: ada.id))
        #expect(try store.customers.customer(id: "cus_1") == ada)
        #expect(try store.customers.customer(email: "ADA@Example.COM") == ada)
        #expect(try store.customers.customer(email: "bob@example.com") == nil)

        ada.pinLockedUntil = nil   // a cleared column is cleared on disk, not left as it was
        ada.pinFailedAttempts = 0
        try store.customers.update(ada, event: nil)
        #expect(try store.customers.customer(id: "cus_1") == ada)
        #expect(try store.events.events(subjectID: "cus_1").map(\.kind) == ["customer.signed_up"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aTakenEmailInAnyCaseIsADuplicateAndLeavesNoTrace(_ backend: StorageBackend) throws {
        let store = try backend.freshStore().open()
        try store.customers.insert(Self.customer("cus_1", "ada@example.com"), event: NewEvent("customer.signed_up", subject: "cus_1"))
        #expect(throws: StorageError.duplicate) {
            try store.customers.insert(Self.customer("cus_2", "Ada@EXAMPLE.com"), event: NewEvent("customer.signed_up", subject: "cus_2"))
        }
        #expect(try store.customers.customer(id: "cus_2") == nil)
        #expect(try store.events.events(subjectID: "cus_2").isEmpty, "the event went with the refused row")
    }

    @Test(arguments: StorageBackend.allCases)
    func savedCardsAreTheCustomersOwnNotRemovedInTheOrderSaved(_ backend: StorageBackend) throws {
        let store = try backend.freshStore().open()
        for (id, email) in [("cus_1", "ada@example.com"), ("cus_2", "bob@example.com")] {
            try store.customers.insert(Self.customer(id, email), event: NewEvent("customer.signed_up", subject: id))
        }
        let sealed = Data([0x00, 0xff, 0x5c, 0x78, 0x27, 0x01])   // NUL, a backslash, an x, a quote
        let first = try Self.method("pm_b", "cus_1", fingerprint: "fp-1", sealed: sealed, savedAt: 1)
        let second = try Self.method("pm_a", "cus_1", fingerprint: "fp-2", sealed: nil, savedAt: 2)
        var removed = try Self.method("pm_c", "cus_1", fingerprint: "fp-3", sealed: nil, savedAt: 3)
        removed.removedAt = Self.start.addingTimeInterval(4)
        let bobs = try Self.method("pm_d", "cus_2", fingerprint: "fp-1", sealed: nil, savedAt: 1)
        for method in [second, first, removed, bobs] {
            try store.methods.insert(method, event: NewEvent("payment_method.saved", subject: method.id))
        }
        #expect(try store.methods.methods(customerID: "cus_1") == [first, second])
        #expect(try store.methods.method(id: "pm_b", customerID: "cus_1")?.sealedNumber == sealed)
        #expect(try store.methods.method(id: "pm_d", customerID: "cus_1") == nil, "another customer's card")
        #expect(try store.methods.method(id: "pm_c", customerID: "cus_1") == nil, "a removed card")
        #expect(try store.methods.method(fingerprint: "fp-1", customerID: "cus_2") == bobs)
        #expect(try store.methods.method(fingerprint: "fp-3", customerID: "cus_1") == nil)

        #expect(throws: StorageError.duplicate, "the same card saved twice") {
            try store.methods.insert(try Self.method("pm_e", "cus_1", fingerprint: "fp-1", sealed: nil, savedAt: 5),
                                     event: NewEvent("payment_method.saved", subject: "pm_e"))
        }
        let again = try Self.method("pm_f", "cus_1", fingerprint: "fp-3", sealed: nil, savedAt: 6)
        try store.methods.insert(again, event: NewEvent("payment_method.saved", subject: "pm_f"))   // removed before: saved anew
        #expect(try store.methods.methods(customerID: "cus_1").map(\.id) == ["pm_b", "pm_a", "pm_f"])
    }

    @Test(arguments: StorageBackend.allCases)
    func setDefaultLeavesExactlyOneDefaultUnderConcurrentCounters(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let store = try location.open()
        try store.customers.insert(Self.customer("cus_1", "ada@example.com"), event: NewEvent("customer.signed_up", subject: "cus_1"))
        let ids = (1...4).map { "pm_\($0)" }
        for (index, id) in ids.enumerated() {
            try store.methods.insert(try Self.method(id, "cus_1", fingerprint: "fp-\(index)", sealed: nil, savedAt: index),
                                     event: NewEvent("payment_method.saved", subject: id))
        }
        // Four counters, each on its own connection, each making a different card the default, fifty times.
        let outcomes = runTogether(4) { counter in
            let own = try location.open()
            for _ in 0..<50 {
                try own.methods.setDefault(id: ids[counter], customerID: "cus_1", event: NewEvent("payment_method.default_set", subject: ids[counter]))
            }
        }
        for outcome in outcomes { try outcome.get() }
        let defaults = try store.methods.methods(customerID: "cus_1").filter(\.isDefault)
        #expect(defaults.count == 1)
        #expect(try store.events.events(subjectID: nil).filter { $0.kind == "payment_method.default_set" }.count == 200)
    }

    @Test(arguments: StorageBackend.allCases)
    func aChargeAndItsKeyCommitTogether(_ backend: StorageBackend) throws {
        let store = try backend.freshStore().open()
        let charge = Self.charge("ch_1", key: "order-1")
        let key = IdempotencyRecord(key: "order-1", requestHash: "hash-1", chargeID: "ch_1", createdAt: Self.start)
        try store.charges.insert(charge, key: key, event: NewEvent("charge.created", subject: "ch_1"))
        #expect(try store.charges.charge(id: "ch_1") == charge)
        #expect(try store.charges.idempotencyKey("order-1") == key)

        // The same key again: refused, and the second charge is not left behind without it.
        #expect(throws: StorageError.duplicate) {
            try store.charges.insert(Self.charge("ch_2", key: "order-1"),
                                     key: IdempotencyRecord(key: "order-1", requestHash: "hash-2", chargeID: "ch_2", createdAt: Self.start),
                                     event: NewEvent("charge.created", subject: "ch_2"))
        }
        #expect(try store.charges.charge(id: "ch_2") == nil)
        #expect(try store.events.events(subjectID: "ch_2").isEmpty)
        #expect(try store.charges.idempotencyKey("order-1")?.chargeID == "ch_1")
    }

    @Test(arguments: StorageBackend.allCases)
    func aKeyCanNeverPointAtAMissingCharge(_ backend: StorageBackend) throws {
        let store = try backend.freshStore().open()
        #expect(throws: (any Error).self, "no charge ch_missing") {
            try store.execute("INSERT INTO idempotency_keys (key, request_hash, charge_id, created_ms) VALUES ('k', 'h', 'ch_missing', 0)")
        }
        try store.charges.insert(Self.charge("ch_1", key: "k"), key: IdempotencyRecord(key: "k", requestHash: "h", chargeID: "ch_1", createdAt: Self.start),
                                 event: NewEvent("charge.created", subject: "ch_1"))
        #expect(throws: (any Error).self, "a charge its key points at stays") { try store.execute("DELETE FROM charges WHERE id = 'ch_1'") }
        try store.charges.forgetIdempotencyKey("k")
        #expect(try store.charges.idempotencyKey("k") == nil)
        #expect(try store.charges.charge(id: "ch_1") != nil, "forgetting a key keeps its charge")
    }

    @Test(arguments: StorageBackend.allCases)
    func aChargesLifeRefundsAndQueriesByStatusAndCustomer(_ backend: StorageBackend) throws {
        let store = try backend.freshStore().open()
        try store.customers.insert(Self.customer("cus_1", "ada@example.com"), event: NewEvent("customer.signed_up", subject: "cus_1"))
        var paid = Self.charge("ch_b", key: "k1", customer: "cus_1", sealed: Data([1, 2, 3]))
        let waiting = Self.charge("ch_a", key: "k2", customer: "cus_1")
        let declined = Self.charge("ch_c", key: "k3", status: .failed(.insufficientFunds), at: 10)
        for (record, key) in [(paid, "k1"), (waiting, "k2"), (declined, "k3")] {
            try store.charges.insert(record, key: IdempotencyRecord(key: key, requestHash: "h", chargeID: record.charge.id, createdAt: Self.start),
                                     event: NewEvent("charge.created", subject: record.charge.id))
        }
        paid.charge.status = .succeeded
        paid.charge.amountCaptured = paid.charge.amount
        paid.sealedNumber = nil   // dropped once settled
        paid.authenticated = true
        paid.charge.updatedAt = Self.start.addingTimeInterval(1.5)
        try store.charges.update(paid, event: NewEvent("charge.succeeded", subject: "ch_b"))
        #expect(try store.charges.charge(id: "ch_b") == paid)
        #expect(try store.charges.charges(status: .pending).map(\.charge.id) == ["ch_a"])
        #expect(try store.charges.charges(status: .failed(.genericDecline)) == [declined], "a failure reads back with its own reason")
        #expect(try store.charges.charges(customerID: "cus_1").map(\.charge.id) == ["ch_a", "ch_b"], "same time: by id")

        var refunded = paid
        refunded.charge.amountRefunded = Money(minorUnits: 250, currency: .eur)
        let refund = Refund(id: "re_1", chargeID: "ch_b", amount: Money(minorUnits: 250, currency: .eur), reason: "a cracked jar",
                            createdAt: Self.start.addingTimeInterval(60))
        try store.charges.insert(refund, updating: refunded, event: NewEvent("charge.refunded", subject: "ch_b"))
        #expect(try store.charges.refunds(chargeID: "ch_b") == [refund])
        #expect(try store.charges.charge(id: "ch_b")?.charge.amountRefunded == refunded.charge.amountRefunded)
        #expect(try store.events.events(subjectID: "ch_b").map(\.kind) == ["charge.created", "charge.succeeded", "charge.refunded"])
    }

    @Test(arguments: StorageBackend.allCases)
    func theEventLogIsAppendOnlyAndRedacted(_ backend: StorageBackend) throws {
        let store = try backend.freshStore().open()
        try store.events.append(NewEvent("note", subject: "x", ["card": "4242424242424242"]))
        #expect(throws: (any Error).self) { try store.execute("UPDATE events SET kind = 'y'") }
        #expect(throws: (any Error).self) { try store.execute("DELETE FROM events") }
        let events = try store.events.events(subjectID: "x")
        #expect(events.map(\.kind) == ["note"])
        #expect(events.first?.payload["card"]?.contains("4242424242424242") == false)
        #expect(events.first?.time == Self.start)
    }

    @Test(arguments: StorageBackend.allCases)
    func aDamagedRowIsAnErrorNeverADefault(_ backend: StorageBackend) throws {
        let store = try backend.freshStore().open()
        try store.charges.insert(Self.charge("ch_1", key: "k"), key: IdempotencyRecord(key: "k", requestHash: "h", chargeID: "ch_1", createdAt: Self.start),
                                 event: NewEvent("charge.created", subject: "ch_1"))
        try store.execute("UPDATE charges SET currency = 'XXX' WHERE id = 'ch_1'")
        #expect(throws: StorageError.corrupt("charge ch_1")) { try store.charges.charge(id: "ch_1") }
    }

    /// Two counters take the same idempotency key at the same moment (a shopper pressing PAY on
    /// a till while the kiosk retries the same order): the server lets exactly one charge in,
    /// and the other counter, refused, finds the winner's charge by the key.
    @Test(arguments: StorageBackend.allCases)
    func twoCountersRacingForOneKeyMakeOneCharge(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let store = try location.open()
        for round in 0..<15 {
            let key = "order-\(round)"
            let outcomes = runTogether(2) { counter -> String in
                let own = try location.open()
                let id = "ch_\(round)_\(counter)"
                do {
                    try own.charges.insert(Self.charge(id, key: key),
                                           key: IdempotencyRecord(key: key, requestHash: "h", chargeID: id, createdAt: Self.start),
                                           event: NewEvent("charge.created", subject: id))
                    return "won \(id)"
                } catch StorageError.duplicate {
                    // Off the test's thread: answered as text, checked by the test below.
                    guard let winner = try own.charges.idempotencyKey(key)?.chargeID else { return "no key after a duplicate" }
                    guard let charge = try own.charges.charge(id: winner) else { return "key points at missing \(winner)" }
                    return "saw \(charge.charge.id)"
                }
            }
            let answers = try outcomes.map { try $0.get() }
            let won = answers.filter { $0.hasPrefix("won ") }.map { String($0.dropFirst(4)) }
            #expect(won.count == 1, "round \(round): \(answers)")
            #expect(answers.filter { $0.hasPrefix("saw ") }.map { String($0.dropFirst(4)) } == won, "round \(round): \(answers)")
        }
        #expect(try store.charges.charges(status: .pending).count == 15)
    }

    // MARK: records

    static func customer(_ id: String, _ email: String) -> CustomerRecord {
        CustomerRecord(id: id, clientID: "client_" + id, email: email, passwordHash: "pbkdf2-sha256$1000$s$h", pinHash: nil,
                       pinFailedAttempts: 2, pinLockedUntil: nil, createdAt: start)
    }

    static func method(_ id: String, _ customerID: String, fingerprint: String, sealed: Data?, savedAt seconds: Int) throws -> PaymentMethodRecord {
        PaymentMethodRecord(id: id, customerID: customerID, brand: .visa, lastFour: "4242", expiry: try Expiry(month: 12, year: 2030),
                            holder: "Ada Lovelace", fingerprint: fingerprint, sealedNumber: sealed, isDefault: false, authenticated: false,
                            createdAt: start.addingTimeInterval(TimeInterval(seconds)), removedAt: nil)
    }

    static func charge(_ id: String, key: String, customer: String? = nil, status: ChargeStatus = .pending, sealed: Data? = nil,
                       at seconds: TimeInterval = 0) -> ChargeRecord {
        let eur = { (cents: Int64) in Money(minorUnits: cents, currency: .eur) }
        let time = start.addingTimeInterval(seconds)
        let charge = Charge(id: id, customerID: customer, paymentMethodID: nil, amount: eur(1250), description: "2 jars of acacia honey",
                            metadata: ["order": "ord_1", "till": "2"], capture: true, status: status, amountCaptured: eur(0),
                            amountRefunded: eur(0), brand: .mastercard, lastFour: "4444", idempotencyKey: key, createdAt: time, updatedAt: time)
        return ChargeRecord(charge: charge, sealedNumber: sealed, authenticated: false)
    }
}

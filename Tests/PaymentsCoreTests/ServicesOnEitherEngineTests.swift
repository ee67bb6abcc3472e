import Clocks
import Foundation
import Testing
@_spi(Testing) @testable import PaymentsCore

/// The core's money side (`PaymentsServices`: customers, saved cards, the vault, charges) opened
/// on each engine as the command line opens it, from a `DatabaseLocation`: a file, or a server
/// shared by the counters of a fleet under one vault key.
@Suite struct ServicesOnEitherEngineTests {
    struct Counter {
        let clock = ManualClock()
        let timers: TimerQueue
        let core: PaymentsServices
        var lines: [String] { logged.lines }
        private let logged = Lines()

        final class Lines { var lines: [String] = [] }

        init(_ location: DatabaseLocation, key: String) throws {
            timers = TimerQueue(clock: clock)
            var options = PaymentsServices.Options()
            options.passwordIterations = 1_000
            options.acquirerLatency = .milliseconds(300)
            options.vaultKey = VaultKeyLocation(path: key, origin: .flag)
            let logged = self.logged
            options.logSink = { logged.lines.append($0) }
            options.logsEvents = true
            core = try PaymentsServices(database: location, clock: clock, scheduler: timers, options: options)
        }

        func charge(_ source: ChargeRequest.Source, customer: String?, key: String) -> Result<Charge, ChargeError>? {
            var answer: Result<Charge, ChargeError>?
            core.charges.create(ChargeRequest(amount: Money(minorUnits: 1_250, currency: .eur), source: source, customerID: customer,
                                              idempotencyKey: key)) { answer = $0 }
            timers.advance(clock, by: .seconds(1))
            return answer
        }
    }

    static func location(_ backend: StorageBackend) throws -> DatabaseLocation {
        switch try backend.freshStore() {
        case let .sqlite(path): .file(path)
        case let .postgres(url): .server(url: url)
        }
    }

    static func card(_ clock: ManualClock) throws -> Card {
        try Card.validate(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Ada Lovelace", now: clock.now)
    }

    @Test(arguments: StorageBackend.allCases)
    func aCardSavedAtOneCounterIsChargedAtAnotherUnderTheSameKey(_ backend: StorageBackend) throws {
        let location = try Self.location(backend)
        let key = try temporaryDirectory() + "/vault.key"
        let first = try Counter(location, key: key)
        let shopper = try first.core.customers.signUp(email: "ada@honey.test", password: "honey1234")
        let saved = try first.core.paymentMethods.save(card: try Self.card(first.clock), for: shopper.id)
        let paidHere = try #require(first.charge(.paymentMethod(saved.method.id), customer: shopper.id, key: "order-1"))
        #expect(try paidHere.get().status == .succeeded)

        let second = try Counter(location, key: key)
        #expect(try second.core.customers.logIn(email: "ada@honey.test", password: "honey1234").id == shopper.id)
        let paidThere = try #require(second.charge(.paymentMethod(saved.method.id), customer: shopper.id, key: "order-2"))
        #expect(try paidThere.get().status == .succeeded, "the card unsealed under the fleet's one key")
        let replay = try #require(second.charge(.paymentMethod(saved.method.id), customer: shopper.id, key: "order-1"))
        #expect(try replay.get().id == paidHere.get().id, "one key, one charge, whichever counter asks")
    }

    /// The same order paid from two counters at the same moment under its one key: one charge,
    /// and both counters answered with it (the one that lost the key to the other replays it,
    /// never hears a refusal it would take for "not paid").
    @Test(arguments: StorageBackend.allCases)
    func twoCountersChargingUnderOneKeyAtOnceMakeOneCharge(_ backend: StorageBackend) throws {
        let location = try Self.location(backend)
        let key = try temporaryDirectory() + "/vault.key"
        let first = try Counter(location, key: key)
        let shopper = try first.core.customers.signUp(email: "ada@honey.test", password: "honey1234")
        let method = try first.core.paymentMethods.save(card: try Self.card(first.clock), for: shopper.id).method.id
        let shopperID = shopper.id
        let rounds = Int(ProcessInfo.processInfo.environment["CHECKOUT_RACE_ROUNDS"] ?? "") ?? 6
        for round in 0..<rounds {
            let answers = runTogether(2) { _ -> String in
                let counter = try Counter(location, key: key)
                guard let answer = counter.charge(.paymentMethod(method), customer: shopperID, key: "order-\(round)") else { return "no answer" }
                return try answer.get().id
            }
            let ids = try answers.map { try $0.get() }
            #expect(ids[0] == ids[1] && ids[0].hasPrefix("ch_"), "round \(round): \(answers)")
        }
        let charges = try first.core.charges.charges(for: shopperID)
        #expect(charges.count == rounds, "one charge a key: \(charges.count) for \(rounds) keys")
    }

    @Test(arguments: StorageBackend.allCases)
    func aCounterWithAnotherKeyIsRefusedBeforeItUnsealsAnything(_ backend: StorageBackend) throws {
        let location = try Self.location(backend)
        let folder = try temporaryDirectory()
        let first = try Counter(location, key: folder + "/vault.key")
        let shopper = try first.core.customers.signUp(email: "ada@honey.test", password: "honey1234")
        _ = try first.core.paymentMethods.save(card: try Self.card(first.clock), for: shopper.id)

        try Data(repeating: 7, count: VaultKeys.fileLength).write(to: URL(fileURLWithPath: folder + "/other.key"))
        #expect(throws: CoreOpenError(file: location.displayName, reason: .vaultKeyWrong(path: folder + "/other.key"))) {
            _ = try Counter(location, key: folder + "/other.key")
        }
        #expect(throws: CoreOpenError(file: location.displayName, reason: .vaultKeyMissing(expectedAt: folder + "/none.key"))) {
            _ = try Counter(location, key: folder + "/none.key")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theOperatorsLogHasEachCommittedPaymentStateOnce(_ backend: StorageBackend) throws {
        let counter = try Counter(try Self.location(backend), key: try temporaryDirectory() + "/vault.key")
        let token = try counter.core.vault.tokenize(try Self.card(counter.clock))
        let paid = try #require(counter.charge(.token(token.id), customer: nil, key: "order-1")).get()
        let chargeLines = counter.lines.filter { $0.contains(paid.id) }
        #expect(chargeLines.contains { $0.hasPrefix("charge.created \(paid.id)") && $0.contains("amount=1250") }, "\(counter.lines)")
        #expect(chargeLines.contains("charge.succeeded \(paid.id)"), "\(counter.lines)")
        #expect(Set(chargeLines).count == chargeLines.count, "a line twice: \(chargeLines)")
        #expect(!counter.lines.joined().contains("4242424242424242"))
    }

    /// The fault simulator's seam (`CommitGate`), one shape on both engines: asked only before
    /// commits that changed rows; a commit it refuses rolls back whole (the row and its event,
    /// which the operator's log never hears of) and fails with its error; the next write commits.
    @Test(arguments: StorageBackend.allCases)
    func aCommitTheGateRefusesIsRolledBackWhole(_ backend: StorageBackend) throws {
        let counter = try Counter(try Self.location(backend), key: try temporaryDirectory() + "/vault.key")
        let gate = RefusingGate()
        counter.core.storage.gateCommits(through: gate)
        let store = counter.core.store
        _ = try store.read { tx in try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM customers") }
        try store.write { tx in _ = try tx.rows("SELECT id FROM customers\(tx.engine.forUpdate)") }
        try store.write { tx in try tx.execute("UPDATE customers SET email = email WHERE id = 'nobody'") }
        #expect(gate.asked == 0)

        let ada = try counter.core.customers.signUp(email: "ada@honey.test", password: "honey1234")
        #expect(gate.asked == 1 && gate.committed == 1)

        gate.refusesNext = true
        #expect(throws: CustomerError.self) { try counter.core.customers.signUp(email: "grace@honey.test", password: "honey1234") }
        #expect(throws: RefusingGate.Refused.self) {
            try store.write { tx in try tx.execute("UPDATE customers SET email = ? WHERE id = ?", "grace@honey.test", ada.id) }
        }
        #expect(try store.read { tx in try tx.fetchValues(String.self, "SELECT email FROM customers") } == ["ada@honey.test"])
        #expect(try store.read { tx in try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM events WHERE kind = 'customer.signed_up'") } == 1)
        #expect(counter.lines.filter { $0.hasPrefix("customer.signed_up") }.count == 1, "\(counter.lines)")
        #expect(gate.asked == 3 && gate.committed == 1)

        gate.refusesNext = false
        _ = try counter.core.customers.signUp(email: "grace@honey.test", password: "honey1234")
        #expect(gate.asked == 4 && gate.committed == 2)
    }

    final class RefusingGate: CommitGate {
        struct Refused: Error {}
        var refusesNext = false
        var asked = 0
        var committed = 0

        func willCommitChanges() throws {
            asked += 1
            if refusesNext { throw Refused() }
        }

        func didCommitChanges() { committed += 1 }
    }
}

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
}

import Clocks
import Foundation
import Testing
@testable import PaymentsCore

/// Several counters on one database, each with its own connection, loop clock and services,
/// racing to sell the last jars: on SQLite (one file, one writer at a time) and on a PostgreSQL
/// server (row locks, one statement for order numbers).
@Suite struct LastJarRaceTests {
    /// One counter of a fleet, as `PaymentsServices` and `Commerce` wire a counter, on a
    /// connection of its own.
    final class FleetCounter {
        let clock = ManualClock()
        let timers: TimerQueue
        let store: any CoreStore
        let vault: Vault
        let carts: Carts
        let orders: Orders
        let charges: StoredCharges
        let chargeService: ChargeService

        /// - Parameter keys: the vault key; a fleet's counters share one (Docs/fleet.md).
        init(_ location: StoreLocation, acquirerLatency: Duration = .zero, keys: VaultKeys = .ephemeral()) throws {
            timers = TimerQueue(clock: clock)
            store = try location.openStore(commerce: true)
            // A counter of its own, as `Commerce` would attach: what it books is journaled.
            try Journal.attach(store, counter: "fleet-\(UUID().uuidString.prefix(8))", keys: JournalKeyring(.inMemory), at: clock.now)
            let ids = RandomIDGenerator(), log = CoreLog()
            vault = Vault(clock: clock, ids: ids, keys: keys)
            let customers = CustomerService(repository: StoredCustomers(store: store, clock: clock), hasher: PasswordHasher(iterations: 1_000),
                                            clock: clock, ids: ids, log: log)
            let methods = PaymentMethodService(repository: StoredPaymentMethods(store: store, clock: clock), customers: customers, vault: vault,
                                               clock: clock, ids: ids, log: log)
            charges = StoredCharges(store: store, clock: clock)
            chargeService = ChargeService(repository: charges, customers: customers, paymentMethods: methods, vault: vault,
                                        acquirer: SimulatedAcquirer(scheduler: timers, latency: acquirerLatency), scheduler: timers, clock: clock, ids: ids, log: log)
            let gateway = ChargeServiceGateway(charges: chargeService, repository: charges, scheduler: timers)
            let events = CoreEventRecorder(clock: clock)
            carts = Carts(store: store, ids: ids, clock: clock, events: events)
            orders = Orders(store: store, carts: carts, charges: gateway, ids: ids, scheduler: timers, events: events)
        }

        /// Pays the session's cart by a typed card, in the payment's two commits; nil: no answer.
        func payCart(of session: String) throws -> Result<Order, OrderError>? {
            let payment: CartPayment
            do { payment = try orders.prepareCartPayment(for: session) } catch { return .failure(error) }
            let card = try Card.validate(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Ada Lovelace", now: clock.now)
            var answers: [Result<Order, OrderError>] = []
            orders.pay(payment, with: .token(try vault.tokenize(card).id)) { answers.append($0) }
            timers.advance(clock, by: .seconds(1))
            return answers.first
        }
    }

    /// Counters handed to threads, one each: a connection is used by one thread at a time.
    final class Counters: @unchecked Sendable {
        let all: [FleetCounter]
        init(_ all: [FleetCounter]) { self.all = all }
    }

    @Test(arguments: StorageBackend.allCases)
    func eightCountersRacingForTheLastThreeJarsSellEachOnce(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let setup = try FleetCounter(location)
        let jar = try #require(try setup.store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM products ORDER BY position LIMIT 1") })
        // Opened first (each migrates, under the server's lock), so that the payments meet.
        let counters = Counters(try (0..<8).map { _ in try FleetCounter(location) })

        for round in 1...Self.rounds {
            try setup.store.write { tx in try tx.execute("UPDATE products SET stock = 3 WHERE id = ?", jar) }
            for index in 0..<8 { try setup.carts.add(productId: jar, for: "round-\(round)-shopper-\(index)") }
            let outcomes = runTogether(8) { index -> String in
                switch try counters.all[index].payCart(of: "round-\(round)-shopper-\(index)") {
                case .success(let order)?: return order.state == .paid ? "paid \(order.number)" : "\(order.state)"
                case .failure(.outOfStock)?: return "sold out"
                case .failure(let error)?: return "\(error)"
                case nil: return "no answer"
                }
            }
            let answers = outcomes.map { (try? $0.get()) ?? "threw \($0)" }
            #expect(answers.filter { $0.hasPrefix("paid") }.count == 3, "round \(round): \(answers)")
            #expect(answers.filter { $0 == "sold out" }.count == 5, "round \(round): \(answers)")
            let stock = try setup.store.read { tx in try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = ?", jar) }
            #expect(stock == 0, "round \(round)")
        }

        let sold = 3 * Self.rounds
        try setup.store.read { tx in
            #expect(try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM stock_reservations") == 0, "no jar held after the answers")
            #expect(try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM charges") == sold, "one charge a jar sold, none refunded")
            #expect(try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM charges WHERE status = 'succeeded'") == sold)
            #expect(try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM orders WHERE state = 'paid'") == sold)
            let numbers = try tx.fetchValues(String.self, "SELECT number FROM orders")
            #expect(Set(numbers).count == numbers.count, "an order number is never given twice")
        }
    }

    /// Rounds of eight counters racing for three jars (`CHECKOUT_RACE_ROUNDS` for a longer run).
    static let rounds = ProcessInfo.processInfo.environment["CHECKOUT_RACE_ROUNDS"].flatMap(Int.init) ?? 6

    @Test(arguments: StorageBackend.allCases)
    func twoCountersPayingTheSameShoppersCartChargeItOnce(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let setup = try FleetCounter(location)
        let jar = try #require(try setup.store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM products ORDER BY position LIMIT 1") })
        try setup.carts.add(productId: jar, quantity: 2, for: "ada")
        let counters = Counters([try FleetCounter(location), try FleetCounter(location)])

        for round in 1...5 {
            let outcomes = runTogether(2) { index -> String in
                switch try counters.all[index].payCart(of: "ada") {
                case .success(let order)?: return "\(order.state)"
                case .failure(let error)?: return "\(error)"
                case nil: return "no answer"
                }
            }
            let answers = outcomes.map { (try? $0.get()) ?? "threw \($0)" }
            #expect(answers.filter { $0 == "paid" }.count <= 1, "round \(round): \(answers)")
            let charged = try setup.store.read { tx in try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM charges WHERE status = 'succeeded'") }
            #expect(charged == round, "round \(round): the cart was charged once: \(answers)")
            try setup.carts.add(productId: jar, quantity: 2, for: "ada")
        }
    }
}

/// Two counters refunding one order at the same moment, each under its own key (two operators
/// pressing refund): the money and the jars go back once.
@Suite struct RefundRaceTests {
    @Test(arguments: StorageBackend.allCases)
    func twoCountersRefundingOneOrderGiveTheMoneyAndTheJarsBackOnce(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let setup = try LastJarRaceTests.FleetCounter(location)
        let jar = try #require(try setup.store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM products ORDER BY position LIMIT 1") })
        let stock = try #require(try setup.store.read { tx in try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = ?", jar) })
        let counters = LastJarRaceTests.Counters([try LastJarRaceTests.FleetCounter(location), try LastJarRaceTests.FleetCounter(location)])
        for round in 1...4 {
            try setup.carts.add(productId: jar, quantity: 2, for: "round-\(round)")
            guard case .success(let order)? = try setup.payCart(of: "round-\(round)") else { Issue.record("not paid"); return }
            let outcomes = runTogether(2) { index -> String in
                let counter = counters.all[index]
                var answers: [Result<OrderRefund, RefundError>] = []
                counter.orders.refund(orderId: order.id, .everythingLeft, idempotencyKey: "operator-\(index)-round-\(round)") { answers.append($0) }
                counter.timers.advance(counter.clock, by: .seconds(1))
                return answers.first.map { "\($0)" } ?? "no answer"
            }
            let answers = outcomes.map { (try? $0.get()) ?? "threw \($0)" }
            let refunded = try setup.store.read { tx in
                (money: try tx.fetchValue(Int64.self, "SELECT amount_refunded FROM charges WHERE id = ?", order.chargeId),
                 stock: try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = ?", jar),
                 state: try tx.fetchValue(String.self, "SELECT state FROM orders WHERE id = ?", order.id))
            }
            #expect(refunded.money == order.total.minorUnits, "round \(round): refunded once: \(answers)")
            #expect(refunded.stock == stock, "round \(round): the jars back once: \(answers)")
            #expect(refunded.state == OrderState.refunded.rawValue)
            #expect(answers.filter { $0.hasPrefix("success") }.count == 1, "round \(round): \(answers)")
        }
    }
}

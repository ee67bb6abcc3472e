import Clocks
import Foundation
import Testing
@_spi(Testing) @testable import PaymentsCore

/// A counter whose server goes away: told as `serverAway`, never as a refusal; a payment whose
/// answer could not be written is not known, not "not paid"; the next transaction reconnects.
/// PostgreSQL by nature: a file has no connection to lose.
@Suite struct ServerAwayTests {
    /// Ends the counter's session on the server, as a restart or a cut cable would.
    private static func cut(_ counter: LastJarRaceTests.FleetCounter, at location: StoreLocation) throws {
        // Never a silent no-op: a cut that did not happen would let every case below pass untested.
        let url = try #require(location.serverURL, "a server to cut the counter from")
        let store = try #require(counter.store as? PostgresCoreStore)
        let pid = try store.connection.query("SELECT pg_backend_pid() AS pid")[0].int64("pid")
        let operator_ = try PostgresCoreDatabase(url: url)
        // With a timeout, the call returns once the session is gone, not merely signalled.
        let ended = try operator_.store.write { tx in
            try tx.fetchValue(Bool.self, "SELECT pg_terminate_backend(CAST(? AS INTEGER), 5000)", pid)
        }
        #expect(ended == true, "the counter's session was ended")
    }

    @Test func aLostConnectionIsServerAwayAndTheNextTransactionReconnects() throws {
        let location = try StorageBackend.postgres.freshStore()
        let counter = try LastJarRaceTests.FleetCounter(location)
        try Self.cut(counter, at: location)
        #expect(throws: StorageError.serverAway) { try counter.store.read { tx in try tx.fetchValue(Int.self, "SELECT 1") } }
        #expect(try counter.store.read { tx in try tx.fetchValue(Int.self, "SELECT 1") } == 1, "connected again")
    }

    @Test func aPaymentWhoseAnswerCouldNotBeWrittenIsNotKnownAndKeepsTheCart() throws {
        let location = try StorageBackend.postgres.freshStore()
        let counter = try LastJarRaceTests.FleetCounter(location, acquirerLatency: .milliseconds(800))
        let jar = try #require(try counter.store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM products ORDER BY position LIMIT 1") })
        let stockBefore = try counter.store.read { tx in try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = ?", jar) }
        try counter.carts.add(productId: jar, for: "ada")

        let payment = try counter.orders.prepareCartPayment(for: "ada")
        var answers: [Result<Order, OrderError>] = []
        let card = try Card.validate(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Ada Lovelace", now: counter.clock.now)
        counter.orders.pay(payment, with: .token(try counter.vault.tokenize(card).id)) { answers.append($0) }
        // The intent is written and the bank is asked; the server goes away before its answer.
        try Self.cut(counter, at: location)
        counter.timers.advance(counter.clock, by: .seconds(2))

        guard case .failure(.outcomeUnknown)? = answers.first else {
            Issue.record("a payment whose answer was not written must be not known, got \(answers)"); return
        }
        #expect(answers.count == 1)
        // Connected again, the counter finds the intent as it was: the charge pending, the jar
        // held, the cart kept; the settler settles it from the acquirer's answer (as after a crash).
        let found = try counter.store.read { tx in
            (charges: try tx.fetchValues(String.self, "SELECT status FROM charges"),
             held: try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM stock_reservations"),
             stock: try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = ?", jar),
             order: try tx.fetchValue(String.self, "SELECT state FROM orders"))
        }
        #expect(found.charges == ["pending"])
        #expect(found.held == 1)
        #expect(found.stock == stockBefore)
        #expect(found.order == OrderState.pendingPayment.rawValue)
        #expect(try counter.carts.cart(for: "ada").quantity(of: jar) == 1)

        // The settler's pass, on the server: the bank's answer for the pending charge, written
        // with what it implies (this counter still holds the payment's companion), then the
        // orders from their charges (nothing left to do here; a counter that restarted would do
        // it from the charge): paid, the jar sold, the cart emptied.
        #expect(try counter.chargeService.reconcilePending().map(\.status) == [.succeeded])
        _ = try counter.orders.reconcilePayments()
        #expect(try counter.orders.order(id: payment.orderId)?.state == .paid)
        let settled = try counter.store.read { tx in
            (held: try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM stock_reservations"),
             stock: try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = ?", jar))
        }
        #expect(settled.held == 0)
        #expect(settled.stock == stockBefore.map { $0 - 1 })
        #expect(try counter.carts.cart(for: "ada").isEmpty)
    }

    @Test func anotherCounterSettlesAPaymentItsCounterLeftNotKnown() throws {
        let location = try StorageBackend.postgres.freshStore()
        let keys = VaultKeys.ephemeral()
        let first = try LastJarRaceTests.FleetCounter(location, acquirerLatency: .milliseconds(800), keys: keys)
        let jar = try #require(try first.store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM products ORDER BY position LIMIT 1") })
        let stockBefore = try #require(try first.store.read { tx in try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = ?", jar) })
        try first.carts.add(productId: jar, for: "ada")
        let payment = try first.orders.prepareCartPayment(for: "ada")
        let card = try Card.validate(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Ada Lovelace", now: first.clock.now)
        var answers: [Result<Order, OrderError>] = []
        first.orders.pay(payment, with: .token(try first.vault.tokenize(card).id)) { answers.append($0) }
        try Self.cut(first, at: location)
        first.timers.advance(first.clock, by: .seconds(2))
        guard case .failure(.outcomeUnknown)? = answers.first else { Issue.record("expected not known, got \(answers)"); return }

        // Another counter of the fleet (the same vault key), which never heard of this payment.
        let second = try LastJarRaceTests.FleetCounter(location, keys: keys)
        #expect(try second.chargeService.reconcilePending().map(\.status) == [.succeeded])
        #expect(try second.orders.reconcilePayments(isAlive: { _ in false }).map(\.state) == [.paid])
        #expect(try second.store.read { tx in try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = ?", jar) } == stockBefore - 1)
        #expect(try second.carts.cart(for: "ada").isEmpty)
        #expect(try second.orders.reconcilePayments(isAlive: { _ in false }).isEmpty, "settled once")
    }
}

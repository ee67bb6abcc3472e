import Clocks
import Foundation
@_spi(Testing) import PaymentsCore
import Testing

/// How many durable commits one card payment of a cart costs (issue 18: a commit is an fsync on
/// a file, so this is what bounds charges per second), and what each commit holds: the intent
/// before the acquirer is asked, the answer with all it implies after.
@Suite struct ChargeCommitCountTests {
    // SQLite-only: counts SQLite's own commits (CommitLog, a GRDB observer); on the server, that
    // the answer commits whole is `anAnswerThatCannotBeWrittenLeavesTheChargeAndTheOrderForTheSettler`.
    @Test func aCartPaidByCardCostsTwoCommits() throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-acacia", quantity: 2, for: "s")
        let commits = CommitLog.install(on: world.core.database)
        let payment = try world.orders.prepareCartPayment(for: "s")
        let paid = world.settle { world.orders.pay(payment, with: world.token(), completion: $0) }
        #expect(paid?.value?.state == .paid)
        #expect(commits.commits == [
            // the order placed, its attempt (jars reserved, key), the charge pending under the key
            ["charges", "counters", "events", "idempotency_keys", "order_lines", "orders", "stock_reservations"],
            // the charge succeeded, the order paid, numbered, booked and journaled, the stock down (and its movement), the cart emptied
            ["cart_lines", "charges", "events", "journal_entries", "ledger_entries", "orders", "products", "receipt_sequences", "stock_movements",
             "stock_reservations"],
        ])
        #expect(world.stock("honey-acacia") == 10)
        #expect(world.eventTypes(payment.orderId) == ["order.placed", "order.payment_started", "order.paid"])
    }

    // SQLite-only: counts SQLite's own commits (CommitLog); the same attempt paid again is
    // `SettlerTests.aDeclinedAttemptIsAnAttemptOfTheSameOrder` on both engines.
    @Test func aDeclinedCardCostsTwoCommitsAndTheSameOrderWaitsForAnotherAttempt() throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-clover", quantity: 1, for: "s")
        let commits = CommitLog.install(on: world.core.database)
        let payment = try world.orders.prepareCartPayment(for: "s")
        let declined = world.settle { world.orders.pay(payment, with: world.token(CommerceTestWorld.decliningCard), completion: $0) }
        #expect(declined?.failure == .paymentDeclined(PaymentDecline(.genericDecline)))
        #expect(commits.commits.count == 2)
        #expect(commits.commits.last == ["charges", "events", "orders", "stock_reservations"], "the charge failed, the jar back")
        #expect(world.stock("honey-clover") == 20)

        let again = try world.orders.prepareCartPayment(for: "s")
        #expect(again.orderId == payment.orderId && again.number == payment.number)
        let paid = world.settle { world.orders.pay(again, with: world.token(), completion: $0) }
        #expect(paid?.value?.state == .paid)
        #expect(commits.commits.count == 4)
        #expect(world.eventTypes(payment.orderId) == ["order.placed", "order.payment_started", "order.attempt_failed",
                                                      "order.payment_started", "order.paid"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aSoldOutJarChargesNothingAndEndsTheOrder(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-manuka", quantity: 3, for: "a")
        try world.carts.add(productId: "honey-manuka", quantity: 3, for: "b")
        let first = try world.orders.prepareCartPayment(for: "a")
        var firstAnswer: Result<Order, OrderError>?
        world.orders.pay(first, with: world.token()) { firstAnswer = $0 }
        let second = try world.orders.prepareCartPayment(for: "b")
        let refused = world.settle { world.orders.pay(second, with: world.token(), completion: $0) }
        #expect(refused?.failure == .outOfStock(productId: "honey-manuka", name: "Manuka honey"))
        #expect(try world.orders.order(id: second.orderId)?.state == .failed)
        #expect(firstAnswer?.value?.state == .paid)
        #expect(world.capturedCharges().count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func anAnswerThatCannotBeWrittenLeavesTheChargeAndTheOrderForTheSettler(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-acacia", quantity: 1, for: "s")
        let payment = try world.orders.prepareCartPayment(for: "s")
        let failing = FailingCommits.install(on: world.core)
        var answer: Result<Order, OrderError>?
        world.orders.pay(payment, with: world.token()) { answer = $0 }
        failing.failNext = 1 // the answer's one commit: the charge's outcome and the order's together
        world.advance(.seconds(1))
        #expect(answer?.failure == .outcomeUnknown(number: payment.number))
        #expect(world.capturedCharges().isEmpty, "nothing half-written: the charge is still pending")
        #expect(try world.orders.order(id: payment.orderId)?.state == .pendingPayment)
        world.advance(.seconds(11))
        world.commerce.settler.settleNow()
        #expect(try world.orders.order(id: payment.orderId)?.state == .paid)
        #expect(world.capturedCharges().count == 1)
        #expect(world.stock("honey-acacia") == 11)
    }
}

import Clocks
import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// Whole and partial refunds of a paid card order: by line (jars back on the shelf) or by amount,
/// never more than was paid, once per idempotency key, and finished by the settler when a write
/// fails or the counter dies between the money and the order.
@Suite struct PartialRefundTests {
    /// Acacia 4 × 6.50 and clover 2 × 5.90: 37.80 EUR, paid by card.
    private func paidOrder(_ world: CommerceTestWorld) throws -> Order {
        try world.carts.add(productId: "honey-acacia", quantity: 4, for: "s")
        try world.carts.add(productId: "honey-clover", quantity: 2, for: "s")
        let order = try world.orders.placeOrder(for: "s")
        let paid = try #require(world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }?.value)
        #expect(paid.state == .paid && paid.total == Money(minorUnits: 3780, currency: .eur))
        return paid
    }

    private func refund(_ world: CommerceTestWorld, _ order: Order, _ request: RefundRequest, key: String) -> Result<OrderRefund, RefundError>? {
        world.settle { world.orders.refund(orderId: order.id, request, idempotencyKey: key, completion: $0) }
    }

    private func refunded(_ world: CommerceTestWorld, _ order: Order) throws -> Int64 {
        try world.core.charges.charge(#require(order.chargeId)).amountRefunded.minorUnits
    }

    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    @Test(arguments: StorageBackend.allCases)
    func aLineRefundGivesBackItsPriceAndPutsItsJarsBack(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try paidOrder(world)
        #expect(world.stock("honey-acacia") == 8)
        let answer = try #require(refund(world, order, .lines([ReturnedLine(position: 0, quantity: 1)]), key: "k1")?.value)
        #expect(answer.state == .refunded && answer.amount == euros(650))
        #expect(answer.returned == [ReturnedLine(position: 0, quantity: 1)])
        #expect(world.stock("honey-acacia") == 9 && world.stock("honey-clover") == 18)
        #expect(try refunded(world, order) == 650)
        #expect(try world.orders.order(id: order.id)?.state == .paid, "part of it is still the shop's")
        #expect(world.eventTypes(order.id).suffix(2) == ["order.refund_requested", "order.refund_succeeded"])
    }

    @Test(arguments: StorageBackend.allCases)
    func anAmountRefundPutsNoJarsBackAndNeverMoreThanIsLeft(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try paidOrder(world)
        #expect(refund(world, order, .amount(euros(1000)), key: "a")?.value?.returned == [])
        #expect(world.stock("honey-acacia") == 8)
        #expect(refund(world, order, .amount(euros(2781)), key: "b")?.error == .exceedsRefundable(available: euros(2780)))
        #expect(refund(world, order, .amount(Money(minorUnits: 10, currency: .usd)), key: "c")?.error == .invalidAmount)
        #expect(refund(world, order, .amount(euros(0)), key: "d")?.error == .invalidAmount)
        #expect(try refunded(world, order) == 1000, "refusals move no money")
        #expect(refund(world, order, .amount(euros(2780)), key: "e")?.value?.amount == euros(2780))
        #expect(try world.orders.order(id: order.id)?.state == .refunded)
        #expect(refund(world, order, .amount(euros(1)), key: "f")?.error == .order(.notRefundable(.refunded)))
    }

    @Test(arguments: StorageBackend.allCases)
    func linesAreReturnedAtMostOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try paidOrder(world)
        #expect(refund(world, order, .lines([ReturnedLine(position: 1, quantity: 3)]), key: "a")?.error
            == .exceedsReturnable(position: 1, available: 2))
        #expect(refund(world, order, .lines([ReturnedLine(position: 7, quantity: 1)]), key: "b")?.error == .unknownLine(position: 7))
        #expect(refund(world, order, .lines([ReturnedLine(position: 1, quantity: 2)]), key: "c")?.value?.amount == euros(1180))
        #expect(refund(world, order, .lines([ReturnedLine(position: 1, quantity: 1)]), key: "d")?.error
            == .exceedsReturnable(position: 1, available: 0))
        #expect(world.stock("honey-clover") == 20)
    }

    @Test(arguments: StorageBackend.allCases)
    func theWholeRefundAfterPartOnesGivesBackTheRestAndEndsTheOrder(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try paidOrder(world)
        _ = refund(world, order, .lines([ReturnedLine(position: 0, quantity: 1)]), key: "a")
        _ = refund(world, order, .amount(euros(100)), key: "b")
        let whole = try #require(world.settle { world.orders.refund(orderId: order.id, completion: $0) }?.value)
        #expect(whole.state == .refunded)
        #expect(try refunded(world, order) == 3780)
        #expect(world.stock("honey-acacia") == 12 && world.stock("honey-clover") == 20, "every jar back once")
        let refunds = try world.orders.refunds(orderId: order.id)
        #expect(refunds.map(\.amount) == [euros(650), euros(100), euros(3030)])
        #expect(refunds.last?.returned == [ReturnedLine(position: 0, quantity: 3), ReturnedLine(position: 1, quantity: 2)])
        #expect(refund(world, order, .everythingLeft, key: "c")?.error == .order(.notRefundable(.refunded)))
    }

    @Test(arguments: StorageBackend.allCases)
    func theSameKeyPressedTwiceRefundsOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try paidOrder(world)
        var answers: [Result<OrderRefund, RefundError>] = []
        let request = RefundRequest.lines([ReturnedLine(position: 0, quantity: 2)])
        world.orders.refund(orderId: order.id, request, idempotencyKey: "press") { answers.append($0) }
        world.orders.refund(orderId: order.id, request, idempotencyKey: "press") { answers.append($0) }
        world.advance(.seconds(1))
        #expect(answers.count == 2)
        #expect(Set(answers.compactMap { try? $0.get().id }).count == 1)
        let later = refund(world, order, request, key: "press")
        #expect(later?.value?.id == answers.first?.value?.id)
        #expect(try refunded(world, order) == 1300)
        #expect(world.stock("honey-acacia") == 10)
        #expect(try world.core.charges.refunds(of: #require(order.chargeId)).count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func anIntentThatCannotBeWrittenAsksNothing(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try paidOrder(world)
        let failing = FailingCommits.install(on: world.core)
        failing.failNext = 1
        guard case .order(.storage)? = refund(world, order, .everythingLeft, key: "k")?.error else {
            Issue.record("a refund whose intent is not on disk must be refused"); return
        }
        #expect(try refunded(world, order) == 0)
        #expect(try world.orders.refunds(orderId: order.id).isEmpty)
    }

    /// The charge's own write failed: no tender said no, so the refund is not declined (a leg of
    /// a split's parts given back, its order closed, would keep the money for good). It stays
    /// asked, not known, and the settler asks again under the same refund id, once.
    @Test(arguments: StorageBackend.allCases)
    func aRefundTheChargeCannotRecordIsNotKnownAndTheSettlerRefundsOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try paidOrder(world)
        let failing = FailingCommits.install(on: world.core)
        failing.passFirst = 1 // the intent
        failing.failNext = 1  // the charge's refund
        guard case .outcomeUnknown? = refund(world, order, .everythingLeft, key: "k")?.error else {
            Issue.record("a refund the charge could not record is not known"); return
        }
        #expect(try refunded(world, order) == 0)
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.requested])
        #expect(world.stock("honey-acacia") == 8)
        world.commerce.settler.settleNow()
        world.advance(.seconds(1))
        world.commerce.settler.settleNow()
        world.advance(.seconds(1))
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.refunded])
        #expect(try refunded(world, order) == 3780, "once")
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefusalThatCannotBeWrittenIsUnknownAndTheSettlerRefundsOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try paidOrder(world)
        let failing = FailingCommits.install(on: world.core)
        failing.passFirst = 1 // the intent
        failing.failNext = 2  // the charge's refund, then writing its refusal
        guard case .outcomeUnknown? = refund(world, order, .lines([ReturnedLine(position: 0, quantity: 1)]), key: "k")?.error else {
            Issue.record("a refusal not on disk is not known"); return
        }
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.requested])
        world.commerce.settler.settleNow()
        world.advance(.seconds(1))
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.refunded])
        #expect(try refunded(world, order) == 650)
        #expect(world.stock("honey-acacia") == 9)
    }

    @Test(arguments: StorageBackend.allCases)
    func anAnswerThatCannotBeWrittenIsUnknownAndTheSettlerPutsTheJarsBackOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try paidOrder(world)
        let failing = FailingCommits.install(on: world.core)
        failing.passFirst = 2 // the intent, the charge's refund
        failing.failNext = 1  // the order's side
        guard case .outcomeUnknown? = refund(world, order, .everythingLeft, key: "k")?.error else {
            Issue.record("money back with the order unmarked is not known"); return
        }
        #expect(try refunded(world, order) == 3780)
        #expect(world.stock("honey-acacia") == 8, "nothing on the shelf until the answer is committed")
        world.commerce.settler.settleNow()
        world.commerce.settler.settleNow()
        #expect(try world.orders.order(id: order.id)?.state == .refunded)
        #expect(world.stock("honey-acacia") == 12 && world.stock("honey-clover") == 20)
        #expect(try world.core.charges.refunds(of: #require(order.chargeId)).count == 1)
        #expect(refund(world, order, .everythingLeft, key: "k")?.value?.state == .refunded, "the same key answers the same refund")
    }

    @Test(arguments: StorageBackend.allCases)
    func aCounterKilledBetweenTheMoneyAndTheOrderIsFinishedAtTheNextStart(_ backend: StorageBackend) throws {
        let counter = try SettlerTests.Counter(backend)
        let order = try paidOrder(counter.world)
        counter.world.orders.refund(orderId: order.id, .lines([ReturnedLine(position: 1, quantity: 1)]), idempotencyKey: "k") { _ in }
        // The charge's refund is committed inside the call; the answer waits for the loop.
        counter.crashAndRestart()
        let world = counter.world
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.requested])
        _ = try world.commerce.reconcileAfterRestart()
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.refunded])
        #expect(world.stock("honey-clover") == 19)
        #expect(try refunded(world, order) == 590)
        #expect(try world.orders.order(id: order.id)?.state == .paid)
    }
}

import Clocks
import Foundation
import PaymentsCore
import Testing

@Suite struct OrderTests {
    private func orderFor(_ world: CommerceTestWorld, session: String, _ items: [(String, Int)]) throws -> Order {
        for (product, quantity) in items { try world.carts.add(productId: product, quantity: quantity, for: session) }
        return try world.orders.placeOrder(for: session)
    }

    @Test(arguments: StorageBackend.allCases)
    func anOrderSnapshotsTheCartWithAReadableNumber(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try orderFor(world, session: "s", [("honey-acacia", 2), ("honey-manuka", 1)])
        #expect(order.number == "HS-000001")
        #expect(order.state == .pendingPayment)
        #expect(order.total == Money(minorUnits: 3700, currency: .eur))
        #expect(order.lines.map(\.name) == ["Acacia honey", "Manuka honey"])
        #expect(try world.orders.placeOrder(for: "s").number == "HS-000002")
        #expect(world.eventTypes(order.id) == ["order.placed"])
    }

    @Test(arguments: StorageBackend.allCases)
    func anEmptyCartCannotBeOrdered(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        #expect(throws: OrderError.emptyCart) { try world.orders.placeOrder(for: "nobody") }
    }

    @Test(arguments: StorageBackend.allCases)
    func stockGoesDownOnlyWhenThePaymentSucceedsAndTheCartIsEmptied(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try orderFor(world, session: "s", [("honey-acacia", 2)])
        var answer: Result<Order, OrderError>?
        world.orders.pay(orderId: order.id, with: world.token()) { answer = $0 }
        #expect(answer == nil)
        #expect(world.stock("honey-acacia") == 12, "not before the charge answers")
        world.advance(.seconds(1))
        let paid = try #require(answer?.value)
        #expect(paid.state == .paid && paid.chargeId != nil)
        #expect(world.stock("honey-acacia") == 10)
        #expect(try world.carts.cart(for: "s").isEmpty)
        #expect(world.capturedCharges().map(\.amount.minorUnits) == [1300])
        #expect(world.eventTypes(order.id) == ["order.placed", "order.payment_started", "order.paid"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aDeclinedPaymentKeepsTheOrderForAnotherAttemptTheCartAndTheStock(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try orderFor(world, session: "s", [("honey-clover", 3)])
        let answer = world.settle { world.orders.pay(orderId: order.id, with: world.token(CommerceTestWorld.decliningCard), completion: $0) }
        #expect(answer?.failure == .paymentDeclined(PaymentDecline(.genericDecline)))
        #expect(try world.orders.order(id: order.id)?.state == .pendingPayment)
        #expect(try world.orders.order(id: order.id)?.failureReason == "card_declined")
        #expect(world.stock("honey-clover") == 20)
        #expect(try world.carts.cart(for: "s").itemCount == 3)
        #expect(world.eventTypes(order.id).last == "order.attempt_failed")
        // Another card pays the same order: one order, two attempts, one charge taken.
        let saved = world.savedCard()
        let visa = PaymentInstrument.savedMethod(saved.methodId, customerId: saved.customerId)
        #expect(world.settle { world.orders.pay(orderId: order.id, with: visa, completion: $0) }?.value?.state == .paid)
        #expect(world.capturedCharges().count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func payingTwiceNeverChargesTwice(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try orderFor(world, session: "s", [("honey-wildflower", 1)])
        let saved = world.savedCard()
        let visa = PaymentInstrument.savedMethod(saved.methodId, customerId: saved.customerId)
        var first: Result<Order, OrderError>?
        world.orders.pay(orderId: order.id, with: visa) { first = $0 }
        let whileInFlight = world.settle { world.orders.pay(orderId: order.id, with: visa, completion: $0) }
        #expect(whileInFlight?.failure == .paymentInProgress(number: order.number))
        #expect(first?.value?.state == .paid)
        let again = world.settle { world.orders.pay(orderId: order.id, with: visa, completion: $0) }
        #expect(again?.value?.state == .paid)
        #expect(world.capturedCharges().count == 1)
        #expect(world.stock("honey-wildflower") == 7)
    }

    @Test(arguments: StorageBackend.allCases)
    func twoCartsCannotBothBuyTheLastJar(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let first = try orderFor(world, session: "early", [("honey-manuka", 2)])
        #expect(world.settle { world.orders.pay(orderId: first.id, with: world.token(), completion: $0) }?.value?.state == .paid)
        #expect(world.stock("honey-manuka") == 1)

        let alice = try orderFor(world, session: "alice", [("honey-manuka", 1)])
        let bob = try orderFor(world, session: "bob", [("honey-manuka", 1)])
        var aliceAnswer: Result<Order, OrderError>?
        var bobAnswer: Result<Order, OrderError>?
        world.orders.pay(orderId: alice.id, with: world.token()) { aliceAnswer = $0 }
        world.orders.pay(orderId: bob.id, with: world.token()) { bobAnswer = $0 }
        #expect(bobAnswer == nil, "answers come from the loop, never inside the call")
        world.advance(.zero)
        #expect(bobAnswer?.failure == .outOfStock(productId: "honey-manuka", name: "Manuka honey"), "refused before any charge")
        #expect(aliceAnswer == nil)
        world.advance(.seconds(1))
        #expect(aliceAnswer?.value?.state == .paid)
        #expect(world.stock("honey-manuka") == 0)
        #expect(world.capturedCharges().count == 2, "the early order and alice; bob was never charged")
        #expect(try world.orders.order(id: bob.id)?.state == .failed, "a sold-out refusal ends the order; the cart must change")
        #expect(try world.orders.order(id: bob.id)?.failureReason == "out_of_stock")
        #expect(try world.carts.cart(for: "bob").itemCount == 1)
        #expect(world.eventTypes(bob.id).contains("order.out_of_stock"))
    }

    @Test(arguments: StorageBackend.allCases)
    func aReleasedReservationFreesTheJarForTheNextCart(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let declined = try orderFor(world, session: "a", [("honey-manuka", 3)])
        let other = try orderFor(world, session: "b", [("honey-manuka", 3)])
        var declinedAnswer: Result<Order, OrderError>?
        world.orders.pay(orderId: declined.id, with: world.token(CommerceTestWorld.decliningCard)) { declinedAnswer = $0 }
        #expect(world.settle { world.orders.pay(orderId: other.id, with: world.token(), completion: $0) }?.failure == .outOfStock(productId: "honey-manuka", name: "Manuka honey"))
        #expect(declinedAnswer?.failure != nil)
        // The refused order ended; the kept cart is paid by a new one.
        let next = try world.orders.orderToPay(for: "b")
        #expect(next.id != other.id)
        let paid = world.settle { world.orders.pay(orderId: next.id, with: world.token(), completion: $0) }
        #expect(paid?.value?.state == .paid)
        #expect(world.stock("honey-manuka") == 0)
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefundPutsTheJarsBack(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try orderFor(world, session: "s", [("honey-acacia", 4)])
        _ = world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }
        #expect(world.stock("honey-acacia") == 8)
        let refunded = world.settle { world.orders.refund(orderId: order.id, completion: $0) }
        #expect(refunded?.value?.state == .refunded)
        #expect(world.stock("honey-acacia") == 12)
        #expect(try world.core.charges.refunds(of: #require(refunded?.value?.chargeId)).count == 1)
        // Asked again, the refund answers itself (its idempotency key): no second refund.
        #expect(world.settle { world.orders.refund(orderId: order.id, completion: $0) }?.value?.state == .refunded)
        #expect(try world.core.charges.refunds(of: #require(refunded?.value?.chargeId)).count == 1)
        #expect(world.stock("honey-acacia") == 12)
        #expect(world.eventTypes(order.id).last == "order.refunded")
    }

    /// The same order returned at two counters at once (or while the settler finishes its
    /// refund): both ask before either answer is written; the jars go back once.
    @Test(arguments: StorageBackend.allCases)
    func aRefundAskedTwiceAtOncePutsTheJarsBackOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try orderFor(world, session: "s", [("honey-acacia", 4)])
        _ = world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }
        #expect(world.stock("honey-acacia") == 8)
        var answers: [Result<Order, OrderError>] = []
        world.orders.refund(orderId: order.id) { answers.append($0) }
        world.orders.refund(orderId: order.id) { answers.append($0) }
        world.advance(.seconds(1))
        #expect(answers.count == 2)
        #expect(answers.allSatisfy { (try? $0.get())?.state == .refunded })
        #expect(world.stock("honey-acacia") == 12)
        #expect(world.eventTypes(order.id).filter { $0 == "order.refunded" }.count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func aCardThatInsistsOnThreeDSecureIsRefusedAndHoldsNothing(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try orderFor(world, session: "s", [("honey-clover", 1)])
        let answer = world.settle { world.orders.pay(orderId: order.id, with: world.token(CommerceTestWorld.challengeCard), completion: $0) }
        #expect(answer?.failure?.declineCode == "authentication_required")
        #expect(try world.orders.order(id: order.id)?.state == .pendingPayment, "a refused attempt; another card may pay the order")
        #expect(try world.orders.order(id: order.id)?.failureReason == "authentication_required")
        #expect(try world.core.chargeRepository.charges(status: .requiresAction).isEmpty)
        #expect(world.stock("honey-clover") == 20)
    }
}

extension OrderError {
    var declineCode: String? {
        if case .paymentDeclined(let decline) = self { return decline.code }
        return nil
    }
}

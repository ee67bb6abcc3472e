import Clocks
import Foundation
import PaymentsCore
import Testing

/// Issue 4's tables live in the core's file: seeds run once, state survives a reopen, and
/// clock-driven states (bank expiry, source consumption) are right when read after it.
@Suite struct CatalogPersistenceTests {
    @Test(arguments: StorageBackend.allCases)
    func seedsRunOnceAndStateSurvivesAReopen(_ backend: StorageBackend) throws {
        let location = try backend.freshStore().database
        let clock = ManualClock()
        let payment: BankResourceHandle
        let orderNumber: String
        do {
            let world = CommerceTestWorld(database: location, clock: clock, ids: RandomIDGenerator())
            try world.carts.add(productId: "honey-manuka", quantity: 2, for: "kiosk")
            let order = try world.orders.placeOrder(for: "kiosk")
            orderNumber = order.number
            #expect(world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }?.value?.state == .paid)
            payment = try world.bank.createPayment(amount: Money(minorUnits: 990, currency: .eur), reference: "r")
            try world.core.close()
        }
        clock.advance(by: .minutes(11)) // the app was closed meanwhile: no timers ran
        let reopened = CommerceTestWorld(database: location, clock: clock, ids: RandomIDGenerator())
        #expect(try reopened.catalog.products().count == 4, "the seed did not run twice")
        #expect(reopened.stock("honey-manuka") == 1)
        #expect(try reopened.carts.cart(for: "kiosk").isEmpty)
        let report = try reopened.bank.paymentStatus(identifier: payment.identifier, token: payment.resourceToken)
        #expect(report.status == .failed && report.failure == .paymentExpired)
        try reopened.carts.add(productId: "honey-clover", for: "kiosk")
        let next = try reopened.orders.placeOrder(for: "kiosk")
        #expect(orderNumber == "HS-000001" && next.number == "HS-000002", "order numbers continue across runs")
        try reopened.core.close()
    }
}

@Suite struct OrderReconcileTests {
    static let neverAnsweringCard = "4000000000000259"

    @Test(arguments: StorageBackend.allCases)
    func anOrderWhoseAnswerWasLostIsSettledAfterARestart(_ backend: StorageBackend) throws {
        let location = try backend.freshStore().database
        let clock = ManualClock()
        let orderId: String
        do {
            let world = CommerceTestWorld(database: location, clock: clock, ids: RandomIDGenerator())
            try world.carts.add(productId: "honey-manuka", quantity: 3, for: "kiosk")
            let order = try world.orders.placeOrder(for: "kiosk")
            orderId = order.id
            var answer: Result<Order, OrderError>?
            world.orders.pay(orderId: order.id, with: world.token(Self.neverAnsweringCard)) { answer = $0 }
            world.advance(.seconds(30))
            #expect(answer == nil, "the acquirer never answers")
            #expect(world.stock("honey-manuka") == 3)
            // The jars are reserved meanwhile: nobody else can buy them.
            try world.carts.add(productId: "honey-manuka", for: "other")
            let other = try world.orders.placeOrder(for: "other")
            #expect(world.settle { world.orders.pay(orderId: other.id, with: world.token(), completion: $0) }?.failure == .outOfStock(productId: "honey-manuka", name: "Manuka honey"))
            try world.core.close()
        }
        let reopened = CommerceTestWorld(database: location, clock: clock, ids: RandomIDGenerator())
        let settled = try reopened.commerce.reconcileAfterRestart()
        #expect(settled.map(\.id) == [orderId])
        #expect(settled.first?.state == .paid)
        #expect(reopened.stock("honey-manuka") == 0)
        #expect(try reopened.carts.cart(for: "kiosk").isEmpty)
        #expect(try reopened.commerce.reconcileAfterRestart().isEmpty, "nothing left to settle")
        try reopened.core.close()
    }

    @Test(arguments: StorageBackend.allCases)
    func aLateAnswerAfterReconcilingDoesNotSellTwice(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-acacia", quantity: 2, for: "kiosk")
        let order = try world.orders.placeOrder(for: "kiosk")
        var answer: Result<Order, OrderError>?
        world.orders.pay(orderId: order.id, with: world.token(Self.neverAnsweringCard)) { answer = $0 }
        world.advance(.seconds(30))
        _ = try world.commerce.reconcileAfterRestart() // the core also tells the waiting completion
        world.advance(.seconds(1))
        #expect(answer?.value?.state == .paid)
        #expect(world.stock("honey-acacia") == 10, "stock went down once")
        #expect(world.eventTypes(order.id).filter { $0 == "order.paid" }.count == 1)
    }
}

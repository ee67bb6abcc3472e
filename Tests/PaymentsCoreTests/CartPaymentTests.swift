import Clocks
import Foundation
@_spi(Testing) import PaymentsCore
import Testing

/// A cart paid in two commits: what the look before the intent promises, and what happens when
/// it no longer holds or the charge is refused before it is recorded (nothing is written).
@Suite struct CartPaymentTests {
    @Test(arguments: StorageBackend.allCases)
    func lookingWritesNothingAndAnEmptyCartIsRefusedThere(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        #expect(throws: OrderError.emptyCart) { try world.orders.prepareCartPayment(for: "s") }
        try world.carts.add(productId: "honey-acacia", quantity: 1, for: "s")
        let (payment, written) = try world.tablesWritten { try world.orders.prepareCartPayment(for: "s") }
        #expect(written == [])
        #expect(payment.number == "HS-000001")
        #expect(payment.total == Money(minorUnits: 650, currency: .eur))
        #expect(try world.orders.order(id: payment.orderId) == nil)
    }

    @Test(arguments: StorageBackend.allCases)
    func anOrderCarriesTheNameOfTheCounterThatTookItsPayment(_ backend: StorageBackend) throws {
        let till = try CommerceTestWorld(backend, counterName: "till-2")
        try till.carts.add(productId: "honey-acacia", quantity: 1, for: "s")
        let paid = try #require(till.settle { till.orders.pay(try! till.orders.prepareCartPayment(for: "s"), with: till.token(), completion: $0) }?.value)
        #expect(paid.counter == "till-2")
        #expect(try till.orders.order(id: paid.id)?.counter == "till-2", "read back as stored")
        #expect(till.commerce.instance.name == "till-2")

        let unnamed = try CommerceTestWorld(backend)
        try unnamed.carts.add(productId: "honey-acacia", quantity: 1, for: "s")
        let other = try #require(unnamed.settle { unnamed.orders.pay(try! unnamed.orders.prepareCartPayment(for: "s"), with: unnamed.token(), completion: $0) }?.value)
        #expect(other.counter == nil, "a counter with no name given (tapes, tests) writes none")
        #expect(unnamed.commerce.instance.name == ProcessInfo.processInfo.hostName, "its instance is known by its host")
    }

    @Test(arguments: StorageBackend.allCases)
    func anotherOrderTakingTheNumberMeanwhileIsPaidOnceUnderANumberOfItsOwn(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-acacia", quantity: 1, for: "a")
        try world.carts.add(productId: "honey-clover", quantity: 1, for: "b")
        let payment = try world.orders.prepareCartPayment(for: "a")
        // As another counter on the same file would, between the look and the intent.
        let other = try world.orders.orderToPay(for: "b")
        #expect(other.number == payment.number)
        let paid = try #require(world.settle { world.orders.pay(payment, with: world.token(), completion: $0) }?.value)
        #expect(paid.state == .paid)
        #expect(paid.number != other.number, "the number the first intent looked at is the other order's")
        #expect(world.capturedCharges().count == 1, "the refused intent charged nothing; the second one charged once")
        #expect((try world.core.chargeRepository.charges(status: .pending)).isEmpty)
        #expect(world.stock("honey-acacia") == 11)
        #expect(try world.orders.orders(for: "a").map(\.state) == [.paid], "the rolled-back intent left no order behind")
    }

    @Test(arguments: StorageBackend.allCases)
    func aChargeRefusedBeforeItIsRecordedWritesNothing(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-acacia", quantity: 1, for: "s")
        let token = world.token()
        _ = world.settle { world.orders.pay(try! world.orders.prepareCartPayment(for: "s"), with: token, completion: $0) }
        try world.carts.add(productId: "honey-acacia", quantity: 1, for: "s")
        let ((payment, refused), written) = try world.tablesWritten {
            let payment = try world.orders.prepareCartPayment(for: "s")
            return (payment, world.settle { world.orders.pay(payment, with: token, completion: $0) }) // a one-time token, used
        }
        guard case .paymentDeclined? = refused?.failure else { Issue.record("expected a refusal, got \(String(describing: refused))"); return }
        #expect(written == [])
        #expect(try world.orders.order(id: payment.orderId) == nil)
        #expect(try world.carts.cart(for: "s").quantity(of: "honey-acacia") == 1)
    }
}

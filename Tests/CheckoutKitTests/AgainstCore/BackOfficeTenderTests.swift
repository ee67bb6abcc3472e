@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// The back office on a real core offers bank and wallet orders every refund a card order has:
/// it names the tender, shows what is left to refund, and gives the money back through the bank
/// or the wallet that took it.
@Suite struct BackOfficeTenderTests {
    /// Two acacia (6.50) and one clover (5.90) in `session`: 18.90 EUR, awaiting payment.
    private func place(_ world: CoreWorld, _ session: String) throws -> Order {
        let commerce = world.services.commerce
        try commerce.carts.add(productId: "honey-acacia", quantity: 2, for: session)
        try commerce.carts.add(productId: "honey-clover", quantity: 1, for: session)
        return try commerce.orders.placeOrder(for: session)
    }

    private func paidByBank(_ world: CoreWorld) throws -> Order {
        let commerce = world.services.commerce
        let order = try place(world, "bank")
        try commerce.orders.startExternalPayment(orderId: order.id, kind: .bank)
        let handle = try commerce.bank.createPayment(amount: order.total, reference: order.number)
        let flow = world.settle(after: .seconds(5)) {
            commerce.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: "gb-albion-bank", completion: $0)
        }
        #expect((try? flow?.get()) == .authorized)
        return try #require(try commerce.orders.markPaid(orderId: order.id, reference: handle.identifier))
    }

    private func paidByWallet(_ world: CoreWorld) throws -> Order {
        let commerce = world.services.commerce
        let order = try place(world, "wallet")
        try commerce.orders.startExternalPayment(orderId: order.id, kind: .wallet)
        let source = try commerce.sources.create(SourceParams(amount: order.total, description: order.paymentDescription, type: .alipay))
        _ = try commerce.sources.startWalletAuthorization(sourceId: source.id)
        try commerce.sources.confirmWallet(sourceId: source.id)
        world.advance(.seconds(3))
        return try #require(try commerce.orders.markPaid(orderId: order.id, reference: source.id))
    }

    @Test(arguments: ControllerEngine.allCases)
    func aBankOrderIsOfferedRefundsAndGivenBackToTheBankAccount(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        let paid = try paidByBank(world)
        let office = world.services.backOffice()
        let shown = try office.order(id: paid.id).get()
        #expect(shown.payment == .bank)
        #expect(shown.canRefund && shown.hasRefundTender && shown.refundable == Money(minorUnits: 1890, currency: .eur))
        let jars = try #require(world.settle(after: .seconds(3)) { office.refund(shown, .jars(line: 0, quantity: 1), idempotencyKey: "one", completion: $0) })
        let afterJars = try jars.get()
        #expect(afterJars.refunds.map(\.state) == [.refunded] && afterJars.refundable == Money(minorUnits: 1240, currency: .eur))
        let whole = try #require(world.settle(after: .seconds(3)) { office.refund(afterJars, .whole, idempotencyKey: "two", completion: $0) })
        let done = try whole.get()
        #expect(done.state == .refunded && !done.canRefund && done.hasRefundTender)
        #expect(try world.services.commerce.bank.refundable(paymentId: #require(paid.chargeId)) == Money(minorUnits: 0, currency: .eur))
    }

    @Test(arguments: ControllerEngine.allCases)
    func aWalletOrderIsOfferedRefundsAndGivenBackThroughTheWallet(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        let paid = try paidByWallet(world)
        let office = world.services.backOffice()
        let shown = try office.order(id: paid.id).get()
        #expect(shown.payment == .wallet && shown.canRefund)
        let amount = try #require(world.settle { office.refund(shown, .amount(Money(minorUnits: 500, currency: .eur)), idempotencyKey: "one", completion: $0) })
        #expect(try amount.get().refundable == Money(minorUnits: 1390, currency: .eur))
    }

    @Test(arguments: ControllerEngine.allCases)
    func anOrderNotPaidHasNothingToRefund(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        let placed = try place(world, "placed")
        let shown = try world.services.backOffice().order(id: placed.id).get()
        #expect(shown.payment == BackOfficeOrder.Payment.none && !shown.hasRefundTender && !shown.canRefund)
    }
}

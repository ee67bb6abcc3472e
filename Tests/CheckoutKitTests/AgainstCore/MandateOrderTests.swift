@_spi(Core) import CheckoutKit
import Foundation
import PaymentsCore
import Testing

/// A mandate set up at the checkout pays that checkout's cart (issue 32, "money taken with nothing
/// bought"): the cart becomes an order (placed, jars reserved), the mandate draws the order's total
/// under its number, and the order is paid, booked with tender `mandate`, its cart emptied.
@Suite struct MandateOrderTests {
    private func authorisedMandate(_ counter: BankOrderTests.Counter, maximum: Int64) throws -> BankPaymentContext {
        let mandate = try counter.world.services.bankGateway.createMandate(
            maximumAmount: Money(minorUnits: maximum, currency: .eur), reference: "cart", redirectURL: counter.redirect,
            preferences: BankPaymentPreferences(preferredCountryCode: "GB"))
        counter.page.choose = BankPage.approve(at: "Albion Bank")
        let manager = counter.manager()
        #expect(counter.world.settle(after: .seconds(3)) { manager.processMandate(context: mandate, completion: $0) } == .success(.authorized))
        return mandate
    }

    @Test(arguments: ControllerEngine.allCases)
    func aMandateSetUpAtTheCheckoutPaysTheCartsOrder(_ engine: ControllerEngine) throws {
        let counter = try BankOrderTests.Counter(engine)
        try counter.store.add(productID: "honey-acacia", quantity: 2)
        let mandate = try authorisedMandate(counter, maximum: 1_300)

        let order = try counter.world.services.mandateOrderPayment(mandate: mandate)
        #expect(order.state == .paid)
        #expect(order.total == Money(minorUnits: 1_300, currency: .eur))
        #expect(order.lines.map(\.quantity) == [2])
        #expect(counter.store.cart.isEmpty, "the jars are the order's")
        #expect(counter.world.stock(of: "honey-acacia") == 10)

        let store = counter.world.services.commerce
        let draw = try #require(order.chargeId)
        let entries = try counter.world.core.store.read { tx in try tx.rows("SELECT tender, amount_minor, answer_id FROM ledger_entries WHERE order_id = ?", order.id) }
        #expect(try entries.map { try $0.value(String.self, "tender") } == ["mandate"])
        #expect(try entries.map { try $0.value(Int64.self, "amount_minor") } == [1_300])
        #expect(try entries.map { try $0.value(String.self, "answer_id") } == [draw])
        #expect(store.bank.paymentFromMandate(identifier: mandate.identifier, reference: order.number) == draw, "drawn under the order's number")
        counter.world.advance(.seconds(1))
        let x = try DayReports(store: counter.world.core.store, clock: counter.world.clock).current()
        #expect(x.sales == [DayReport.Total(method: "mandate", currency: "EUR", minorUnits: 1_300, count: 1)])
        #expect(try LedgerAudit(scansForCardNumbers: false).violations(in: counter.world.core.store, now: counter.world.clock.now) == [])
    }

    /// A draw the bank refuses (more than the mandate allows) takes nothing: the order fails, the
    /// jars go back and the cart is kept.
    @Test(arguments: ControllerEngine.allCases)
    func aRefusedDrawFailsTheOrderAndKeepsTheCart(_ engine: ControllerEngine) throws {
        let counter = try BankOrderTests.Counter(engine)
        try counter.store.add(productID: "honey-acacia", quantity: 2)
        let mandate = try authorisedMandate(counter, maximum: 500)

        #expect(throws: BankError.self) { try counter.world.services.mandateOrderPayment(mandate: mandate) }
        let state = try counter.world.core.store.read { tx in try tx.fetchValue(String.self, "SELECT state FROM orders") }
        #expect(state == "failed")
        #expect(counter.store.cart.lines.map(\.quantity) == [2])
        #expect(counter.world.stock(of: "honey-acacia") == 12)
        #expect(try LedgerAudit(scansForCardNumbers: false).violations(in: counter.world.core.store, now: counter.world.clock.now) == [])
    }
}

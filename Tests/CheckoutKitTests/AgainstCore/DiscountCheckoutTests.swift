@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// Discounts through the store's controller as the screens use it: the card checkout of the cart
/// and the express sheet charge the discounted total (the sheet lists the discount as a line), and
/// a discount is refused while the cart is being paid.
@Suite struct DiscountCheckoutTests {
    static let manager = StaffPerson(id: StaffID(rawValue: "operator"), name: "Operator")

    @Test(arguments: ControllerEngine.allCases)
    func theCardCheckoutOfTheCartChargesTheDiscountedTotal(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        try store.add(productID: "honey-acacia", quantity: 2)
        #expect(throws: DiscountChangeError.discount(.needsApproval(ceilingBasisPoints: 1000))) {
            try store.give(DiscountRequest(target: .order, adjustment: .percent(basisPoints: 2500), reason: .staff))
        }
        try store.give(DiscountRequest(target: .order, adjustment: .percent(basisPoints: 2500), reason: .staff, approvedBy: Self.manager))
        #expect(store.total == Money(minorUnits: 975, currency: .eur))
        let receipt = try #require(try world.settle {
            store.checkout(with: .newCardToken(world.newCard().vaultToken!), saveCard: false, authentication: nil, completion: $0)
        }?.get())
        #expect(receipt.total == Money(minorUnits: 975, currency: .eur))
        #expect(receipt.charge.amount == receipt.total, "the card was charged the discounted total")
        #expect(receipt.discounts.map(\.amount.minorUnits) == [325])
        #expect(receipt.discounts.first?.approvedBy == Self.manager)
        #expect(store.cart.isEmpty && store.cart.discounts.isEmpty, "the cart's discounts went with the sale")
    }

    @Test(arguments: ControllerEngine.allCases)
    func theExpressSheetChargesTheDiscountedTotal(_ engine: ControllerEngine) throws {
        let counter = try ExpressOrderTests.Counter(engine)
        try counter.store.add(productID: "honey-acacia", quantity: 2)
        try counter.store.give(DiscountRequest(target: .line(productId: "honey-acacia"), adjustment: .amount(Money(minorUnits: 100, currency: .eur)),
                                               reason: .loyalty))
        let (sheet, controller) = counter.openOnCart()
        sheet.authorize(token: counter.world.newCard().vaultToken!)
        counter.world.advance()
        let order = try #require(controller.order)
        #expect(order.state == .paid)
        #expect(order.lines.first?.discountMinor == 100)
        #expect(order.total == controller.charge?.amount, "the sheet charged what the order holds")
        #expect(order.total.minorUnits == 1200 + (order.lines.last?.lineTotal.minorUnits ?? 0), "the jars after their discount, and shipping")
    }
}

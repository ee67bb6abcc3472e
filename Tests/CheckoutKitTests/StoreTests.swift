import struct PaymentsCore.Money
import struct PaymentsCore.Currency
import enum PaymentsCore.MoneyError
import CheckoutKit
import Testing

/// Seed 001: the cart as a value, and a store screen's calls against a stand-in `StoreController`.
@Suite struct StoreTests {
    let gateway = ScriptedCardGateway()

    func failure(of result: Result<StoreReceipt, StoreError>?) -> StoreError? {
        guard case .failure(let error)? = result else { return nil }
        return error
    }

    func loadedStore() -> InMemoryStoreController {
        let store = InMemoryStoreController(gateway: gateway)
        store.loadProducts { _ in }
        return store
    }

    @Test func theCartTotalIsComputedFromItsLines() throws {
        var cart = Cart(currency: .eur)
        #expect(cart.total == Money(minorUnits: 0, currency: .eur))
        try cart.add(StoreFixtures.jars[0], quantity: 2)
        try cart.add(StoreFixtures.jars[1])
        try cart.add(StoreFixtures.jars[0])
        #expect(cart.lines.map(\.id) == ["acacia", "heather"])
        #expect(cart.quantity(of: "acacia") == 3)
        #expect(cart.itemCount == 4)
        #expect(cart.total == Money(minorUnits: 3 * 899 + 1_250, currency: .eur))
        try cart.setQuantity(of: StoreFixtures.jars[1], to: 0)
        #expect(cart.lines.map(\.id) == ["acacia"])
        cart.remove(productID: "acacia")
        #expect(cart.isEmpty)
    }

    @Test func theCartRefusesWhatCannotBeCharged() {
        var cart = Cart(currency: .eur)
        #expect(throws: CartError.invalidQuantity(0)) { try cart.add(StoreFixtures.jars[0], quantity: 0) }
        #expect(throws: CartError.invalidQuantity(100)) { try cart.setQuantity(of: StoreFixtures.jars[0], to: 100) }
        let dollars = Product(id: "x", name: "Imported", detail: "", price: Money(minorUnits: 100, currency: .usd))
        #expect(throws: CartError.mixedCurrencies("USD")) { try cart.add(dollars) }
        let huge = Product(id: "gold", name: "Gold", detail: "", price: Money(minorUnits: .max / 2, currency: .eur))
        #expect(throws: CartError.amountOverflow) { try cart.add(huge, quantity: 3) }
        #expect(cart.isEmpty)
    }

    @Test func fourProductsLoadAndTheScreensEditTheCart() throws {
        let store = loadedStore()
        #expect(store.products.count == 4)
        try store.add(productID: "manuka", quantity: 1)
        try store.add(productID: "acacia", quantity: 2)
        try store.changeQuantity(productID: "acacia", to: 1)
        #expect(store.total == Money(minorUnits: 3_499 + 899, currency: .eur))
        store.remove(productID: "manuka")
        #expect(store.total == Money(minorUnits: 899, currency: .eur))
        #expect(throws: StoreError.productNotFound("clover")) { try store.add(productID: "clover", quantity: 1) }
        store.emptyCart()
        #expect(store.cart.isEmpty)
    }

    @Test func checkoutWithANewCardTokenChargesTheTotalAndEmptiesTheCart() throws {
        let store = loadedStore()
        try store.add(productID: "heather", quantity: 2)
        var result: Result<StoreReceipt, StoreError>?
        store.checkout(with: .newCardToken("tok_5min")) { result = $0 }
        let receipt = try #require(try result?.get())
        #expect(receipt.total == Money(minorUnits: 2_500, currency: .eur))
        #expect(receipt.lines.map(\.quantity) == [2])
        #expect(gateway.requests.first?.source == .newCardToken("tok_5min"))
        #expect(gateway.requests.first?.amount == Money(minorUnits: 2_500, currency: .eur))
        #expect(store.cart.isEmpty)
    }

    @Test func checkoutWithASavedPaymentAndADeclineKeepsTheCart() throws {
        let store = loadedStore()
        var saved: [PaymentCard] = []
        store.savedPayments { saved = (try? $0.get()) ?? [] }
        try store.add(productID: "wildflower", quantity: 1)
        gateway.outcome = .failure(.declined)
        var result: Result<StoreReceipt, StoreError>?
        store.checkout(with: .savedPayment(identifier: saved[0].id)) { result = $0 }
        #expect(failure(of: result) == .checkoutFailed(.declined))
        #expect(gateway.requests.first?.source == .savedPayment(identifier: "pm_visa"))
        #expect(store.cart.quantity(of: "wildflower") == 1)
    }

    @Test func anEmptyCartIsNotCheckedOut() {
        let store = loadedStore()
        var result: Result<StoreReceipt, StoreError>?
        store.checkout(with: .newCardToken("tok")) { result = $0 }
        #expect(failure(of: result) == .emptyCart)
        #expect(gateway.requests.isEmpty)
    }
}

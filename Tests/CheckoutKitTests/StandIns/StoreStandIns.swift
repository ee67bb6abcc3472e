import struct PaymentsCore.Money
import struct PaymentsCore.Currency
import enum PaymentsCore.MoneyError
import CheckoutKit

/// A stand-in honey store over a stand-in acquirer: how the real controller (next round, over
/// the core's catalogue and charges) is expected to behave, written against the same protocol.
final class InMemoryStoreController: StoreController {
    private(set) var products: [Product] = []
    private(set) var cart = Cart(currency: .eur)
    var catalogue: Result<[Product], StoreError> = .success(StoreFixtures.jars)
    var saved: [PaymentCard] = [AuctionFixtures.visa]
    var customerId = "cus_bee"
    let gateway: ScriptedCardGateway
    private var orderCount = 0

    init(gateway: ScriptedCardGateway) { self.gateway = gateway }

    var total: Money { cart.total }

    func loadProducts(completion: @escaping (Result<[Product], StoreError>) -> Void) {
        if case .success(let loaded) = catalogue { products = loaded }
        completion(catalogue)
    }

    private func product(_ id: String) throws(StoreError) -> Product {
        guard let product = products.first(where: { $0.id == id }) else { throw .productNotFound(id) }
        return product
    }

    @discardableResult
    func add(productID: String, quantity: Int) throws(StoreError) -> Cart {
        let product = try product(productID)
        do { try cart.add(product, quantity: quantity) } catch { throw StoreError(error) }
        return cart
    }

    @discardableResult
    func changeQuantity(productID: String, to quantity: Int) throws(StoreError) -> Cart {
        let product = try product(productID)
        do { try cart.setQuantity(of: product, to: quantity) } catch { throw StoreError(error) }
        return cart
    }

    @discardableResult
    func remove(productID: String) -> Cart { cart.remove(productID: productID); return cart }
    @discardableResult
    func emptyCart() -> Cart { cart.empty(); return cart }

    func savedPayments(completion: @escaping (Result<[PaymentCard], StoreError>) -> Void) {
        completion(customerId.isEmpty ? .failure(.notSignedIn) : .success(saved))
    }

    func checkout(with source: CardFundingSource, saveCard: Bool, authentication: AuthenticationPresenter?,
                  completion: @escaping (Result<StoreReceipt, StoreError>) -> Void) {
        guard !cart.isEmpty else { return completion(.failure(.emptyCart)) }
        orderCount += 1
        let order = "ord_\(orderCount)"
        let request = CardChargeRequest(customerId: customerId, source: source, amount: cart.total,
                                        description: "Honey Store \(order)", idempotencyKey: order)
        gateway.charge(request) { result in
            switch result {
            case .success(.approved(let receipt)):
                let lines = self.cart.lines
                let total = self.cart.total
                self.cart.empty()
                completion(.success(StoreReceipt(orderIdentifier: order, lines: lines, total: total, charge: receipt)))
            case .success(.challengeRequired):
                completion(.failure(.checkoutFailed(.authenticationFailed))) // the store screen has no presenter in this stand-in
            case .failure(let failure):
                completion(.failure(.checkoutFailed(failure)))
            }
        }
    }
}

enum StoreFixtures {
    static func jar(_ id: String, _ name: String, _ cents: Int64) -> Product {
        Product(id: id, name: name, detail: "A 500 g jar of \(name.lowercased()).", price: Money(minorUnits: cents, currency: .eur))
    }

    static let jars = [jar("acacia", "Acacia honey", 899), jar("heather", "Heather honey", 1_250),
                       jar("manuka", "Manuka honey", 3_499), jar("wildflower", "Wildflower honey", 650)]
}

import CheckoutKit
@testable import CounterApp
import Foundation
import PaymentsCore

/// The honey jars and a `StoreClient` whose answers the test chooses, recording what the
/// reducers' effects asked for.
final class StoreWorld {
    static let acacia = Product(id: "honey-acacia", name: "Acacia honey", detail: "Pale and mild.",
                                           price: Money(minorUnits: 650, currency: .eur), stock: 12)
    static let manuka = Product(id: "honey-manuka", name: "Manuka honey", detail: "Dark and rare.",
                                           price: Money(minorUnits: 2400, currency: .eur), stock: 0)
    static let now = Date(timeIntervalSince1970: 1_795_341_600)
    /// The catalog's window over the two jars: the whole list.
    static let shelf = CatalogWindow(products: [acacia, manuka], start: 0, reachesEnd: true)

    var cart = Cart(currency: .eur)
    var checkouts: [(CardFundingSource, Bool)] = []
    var tokenized: [Card] = []
    var checkoutCompletion: ((Result<StoreReceipt, StoreError>) -> Void)?
    var scheduled: [() -> Void] = []

    static func cart(_ lines: (Product, Int)...) -> Cart {
        var cart = Cart(currency: .eur)
        for (product, quantity) in lines { try? cart.add(product, quantity: quantity) }
        return cart
    }

    var client: StoreClient {
        var client = StoreClient.unavailable
        client.now = { StoreWorld.now }
        client.schedule = { [unowned self] _, action in scheduled.append(action) }
        client.loadProducts = { $0(.success([StoreWorld.acacia, StoreWorld.manuka])) }
        // The two jars are the whole shelf: from the top, and nothing after or before them.
        client.shelf = { _, anchor, _ in .success(anchor == .first || anchor == .last ? StoreWorld.shelf.products : []) }
        client.shelfCount = { _ in .success(2) }
        client.cart = { [unowned self] in cart }
        client.add = { [unowned self] id, quantity in
            guard id == StoreWorld.acacia.id else { return .failure(.notEnoughStock(productID: id, available: 0)) }
            try? cart.add(StoreWorld.acacia, quantity: quantity)
            return .success(cart)
        }
        client.tokenize = { [unowned self] card in
            tokenized.append(card)
            return .success(PaymentCard(id: "tok_1", brand: "Visa", lastFour: card.number.lastFour, expiryMonth: 12,
                                        expiryYear: 2030, holderName: card.holder.value, vaultToken: "tok_1"))
        }
        client.checkout = { [unowned self] source, save, _, completion in
            checkouts.append((source, save))
            checkoutCompletion = completion
        }
        return client
    }

    static let receipt = StoreReceipt(
        orderIdentifier: "HS-000001", lines: [CartLine(product: acacia, quantity: 2)], total: Money(minorUnits: 1300, currency: .eur),
        charge: CardChargeReceipt(chargeIdentifier: "ch_1", amount: Money(minorUnits: 1300, currency: .eur), brand: "Visa",
                                  lastFour: "4242", paymentMethodIdentifier: nil))
}

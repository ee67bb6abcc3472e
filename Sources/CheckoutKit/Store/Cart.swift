import Localization
import PaymentsCore

/// The cart as a value: lines in the order added; the total is always computed from the lines,
/// never stored, so it cannot drift from them.
public struct Cart: Hashable, Sendable {
    public let currency: Currency
    public private(set) var lines: [CartLine] = []
    /// A cart holds at most this many of one product (a kiosk's fat-finger guard).
    public static let maximumQuantity = 99

    public init(currency: Currency) {
        self.currency = currency
    }

    public var isEmpty: Bool { lines.isEmpty }
    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }

    /// The sum of the lines (zero for an empty cart).
    public var total: Money {
        lines.reduce(Money.zero(currency)) { sum, line in
            // Lines are checked on the way in (currency, overflow), so this cannot fail.
            line.total.flatMap { try? sum.adding($0) } ?? sum
        }
    }

    public func quantity(of productID: String) -> Int {
        lines.first { $0.id == productID }?.quantity ?? 0
    }

    /// Adds `quantity` of a product (a new line, or more on its line).
    public mutating func add(_ product: Product, quantity: Int = 1) throws(StoreError) {
        guard quantity > 0 else { throw .invalidQuantity(quantity) }
        try setQuantity(of: product, to: self.quantity(of: product.id) + quantity)
    }

    /// Sets the quantity of a product in the cart; 0 removes the line.
    public mutating func setQuantity(of product: Product, to quantity: Int) throws(StoreError) {
        guard product.price.currency == currency else { throw .currencyMismatch(product.price.currency.code) }
        guard (0...Cart.maximumQuantity).contains(quantity) else { throw .invalidQuantity(quantity) }
        if quantity > 0 {
            // The new total must fit: the other lines plus this line at its new quantity.
            let others = lines.filter { $0.id != product.id }
            let newTotal = others.reduce(try? product.price.multiplied(by: quantity)) { sum, line in
                sum.flatMap { s in line.total.flatMap { try? s.adding($0) } }
            }
            guard newTotal != nil else { throw .amountTooLarge }
        }
        if let index = lines.firstIndex(where: { $0.id == product.id }) {
            if quantity == 0 { lines.remove(at: index) } else { lines[index].quantity = quantity }
        } else if quantity > 0 {
            lines.append(CartLine(product: product, quantity: quantity))
        }
    }

    public mutating func remove(productID: String) {
        lines.removeAll { $0.id == productID }
    }

    public mutating func empty() {
        lines.removeAll()
    }
}

public enum StoreError: Error, Equatable, Sendable {
    case productNotFound(String)
    case invalidQuantity(Int)
    case currencyMismatch(String)
    case amountTooLarge
    case emptyCart
    case loadFailed(String)
    case notSignedIn
    case checkoutFailed(CardChargeFailure)
    case notEnoughStock(productID: String, available: Int)
    case outOfStock(name: String)
    /// The core refused for a reason of its own, in words for the shopper.
    case refused(String)
    /// The order's payment was asked but its answer is not known yet (lost, or not recorded):
    /// the shopper may have been charged, and will not be charged twice. The cart stays tied to
    /// the order until the settler knows.
    case paymentUnknown(orderNumber: String)

    /// What the store screens print.
    public var message: String {
        switch self {
        case .productNotFound: tr("This product is no longer in the store.")
        case .invalidQuantity(let quantity): tr("{0} is not a quantity the cart takes (1 to {1}).", quantity, Cart.maximumQuantity)
        case .currencyMismatch(let code): tr("This product is priced in {0}, unlike the rest of the cart.", code)
        case .amountTooLarge: tr("That is more than one payment can take.")
        case .emptyCart: tr("The cart is empty.")
        case .loadFailed(let why): tr("The store could not load its products ({0}).", why)
        case .notSignedIn: tr("Log in first.")
        case .checkoutFailed(let failure): failure.shopperMessage
        case .notEnoughStock(_, let available): available == 0 ? tr("Sold out.") : tr("Only {0} left.", available)
        // The name is the product's own (English, from the database), shown in the current language.
        case .outOfStock(let name): tr("{0} sold out while you were paying. Your card was not charged.", tr(name))
        case .refused(let reason): reason
        case .paymentUnknown(let number):
            tr("We are checking with the bank about order {0}; you will not be charged twice. This screen updates by itself.", number)
        }
    }
}

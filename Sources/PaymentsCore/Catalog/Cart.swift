import Foundation

/// The cart as a value: lines in the order added; the total is always computed from the lines,
/// never stored, so it cannot drift from them. `Carts` keeps a session's cart in the database and
/// builds this value from its rows by the same rules, so a cart read back is one the rules allow.
public struct Cart: Hashable, Sendable {
    public let currency: Currency
    public private(set) var lines: [CartLine] = []
    /// The discounts given on its lines and on the whole (at most one each), as `Carts` read
    /// them; priced by `DiscountPricing` (`pricing`).
    public var discounts: [Discount] = []
    /// A cart holds at most this many of one product (a kiosk's fat-finger guard; it also keeps
    /// line totals far away from overflow).
    public static let maximumQuantity = 99

    public init(currency: Currency) {
        self.currency = currency
    }

    public var isEmpty: Bool { lines.isEmpty }
    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }

    /// The sum of the lines after their discounts (zero for an empty cart): what is charged.
    public var total: Money { Money(minorUnits: pricing.total, currency: currency) }

    public func quantity(of productID: String) -> Int {
        lines.first { $0.id == productID }?.quantity ?? 0
    }

    /// Adds `quantity` of a product (a new line, or more on its line).
    public mutating func add(_ product: Product, quantity: Int = 1) throws(CartError) {
        guard quantity > 0 else { throw .invalidQuantity(quantity) }
        try setQuantity(of: product, to: self.quantity(of: product.id) + quantity)
    }

    /// Sets the quantity of a product in the cart; 0 removes the line.
    public mutating func setQuantity(of product: Product, to quantity: Int) throws(CartError) {
        guard product.price.currency == currency else { throw .mixedCurrencies(product.price.currency.code) }
        guard (0...Cart.maximumQuantity).contains(quantity) else { throw .invalidQuantity(quantity) }
        if quantity > 0 {
            // The new total must fit: the other lines plus this line at its new quantity.
            let others = lines.filter { $0.id != product.id }
            let newTotal = others.reduce(try? product.price.multiplied(by: quantity)) { sum, line in
                sum.flatMap { s in line.total.flatMap { try? s.adding($0) } }
            }
            guard newTotal != nil else { throw .amountOverflow }
        }
        if let index = lines.firstIndex(where: { $0.id == product.id }) {
            if quantity == 0 { lines.remove(at: index) } else { lines[index].quantity = quantity }
        } else if quantity > 0 {
            lines.append(CartLine(product: product, quantity: quantity))
        }
    }

    public mutating func remove(productID: String) {
        lines.removeAll { $0.id == productID }
        discounts.removeAll { $0.target == .line(productId: productID) }
    }

    public mutating func empty() {
        lines.removeAll()
        discounts.removeAll()
    }
}

public enum CartError: Error, Hashable, Sendable {
    case unknownProduct(String)
    case invalidQuantity(Int)
    /// More jars in the cart than the shelf holds.
    case notEnoughStock(productId: String, available: Int)
    case amountOverflow
    /// A product priced in another currency than the cart's (its code).
    case mixedCurrencies(String)
    /// The product is in the cart at another price than this one (a priced barcode's, or the
    /// shelf's): a product has one line, at one price.
    case pricedDifferently(productId: String)
}

import PaymentsCore
/// A product of the honey store (seed 001: four jars, from the database).
public struct Product: Hashable, Identifiable, Sendable {
    public let id: String
    public var name: String
    /// The details page's text.
    public var detail: String
    public var price: Money
    /// Jars on the shelf, when the store knows (nil: not tracked).
    public var stock: Int?

    public init(id: String, name: String, detail: String, price: Money, stock: Int? = nil) {
        self.id = id
        self.name = name
        self.detail = detail
        self.price = price
        self.stock = stock
    }
}

/// One product in the cart and how many.
public struct CartLine: Hashable, Identifiable, Sendable {
    public let product: Product
    public var quantity: Int

    public init(product: Product, quantity: Int) {
        self.product = product
        self.quantity = quantity
    }

    public var id: String { product.id }
    /// Price times quantity; nil only on overflow.
    public var total: Money? { try? product.price.multiplied(by: quantity) }
}

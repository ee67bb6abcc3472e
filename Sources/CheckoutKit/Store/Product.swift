/// A product of the honey store (seed 001: four jars, from the database).
public struct Product: Hashable, Identifiable, Sendable {
    public let id: String
    public var name: String
    /// The details page's text.
    public var detail: String
    public var price: Amount

    public init(id: String, name: String, detail: String, price: Amount) {
        self.id = id
        self.name = name
        self.detail = detail
        self.price = price
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
    public var total: Amount? { product.price.multiplied(by: quantity) }
}

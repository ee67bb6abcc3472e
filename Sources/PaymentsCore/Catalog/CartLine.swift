import Foundation

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

extension CartLine {
    /// An order's line as the cart held it when the order was placed (a receipt lists these): the
    /// order keeps the name and price it was placed at, not the shelf's text or stock.
    public init(orderLine line: OrderLine) {
        self.init(product: Product(id: line.productId, name: line.name, detail: "", price: line.unitPrice), quantity: line.quantity)
    }
}

import Foundation

/// A jar on the shelf (seed 001: four jars, from the database). `image` is a few lines of text
/// art: the terminal's picture of it.
public struct Product: Hashable, Sendable, Identifiable {
    public let id: String
    public var name: String
    /// The details page's text (the table's `description`).
    public var detail: String
    public var price: Money
    /// Jars on the shelf, when the store knows (nil: not tracked, e.g. a product read back from
    /// an order line).
    public var stock: Int?
    public var image: String

    public init(id: String, name: String, detail: String, price: Money, stock: Int? = nil, image: String = "") {
        self.id = id
        self.name = name
        self.detail = detail
        self.price = price
        self.stock = stock
        self.image = image
    }
}

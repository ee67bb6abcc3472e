import Foundation

public struct CoreCartLine: Hashable, Sendable {
    public let product: CoreProduct
    public let quantity: Int
    public let lineTotal: Money
}

/// A session's cart, priced from the catalog's current prices.
public struct CoreCart: Hashable, Sendable {
    public let id: String
    public let sessionKey: String
    public let lines: [CoreCartLine]
    public let total: Money

    public var isEmpty: Bool { lines.isEmpty }
    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
}

public enum CartError: Error, Hashable, Sendable {
    case unknownProduct(String)
    case invalidQuantity(Int)
    /// More jars in the cart than the shelf holds.
    case notEnoughStock(productId: String, available: Int)
    case amountOverflow
    case mixedCurrencies
}

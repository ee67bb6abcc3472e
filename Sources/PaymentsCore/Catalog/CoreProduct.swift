import Foundation

/// A jar on the shelf. `image` is a few lines of text art: the terminal's picture of it.
public struct CoreProduct: Hashable, Sendable, Identifiable {
    public let id: String
    public let name: String
    public let description: String
    public let price: Money
    public let stock: Int
    public let image: String
}

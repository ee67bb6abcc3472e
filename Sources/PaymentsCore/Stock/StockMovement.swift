import Foundation

/// Why a product's stock moved.
public enum StockMovementKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// What the shelf held when the books of stock began, or a new product's first stock.
    case opening
    /// Delivered: +N with a note (the supplier, the delivery note).
    case received
    /// Counted: the number set, the difference booked with a reason.
    case counted
    /// Jars that left with a paid order.
    case sold
    /// Jars that came back with a refund.
    case returned
}

/// Why a count differs from what the books said.
public enum StockCountReason: String, Hashable, Sendable, Codable, CaseIterable {
    case damaged
    case lost
    case found
    case miscount
    /// Taken for the shop's own use or as a sample.
    case ownUse = "own_use"
    case other
}

/// One change of a product's stock, signed by who did it (nil: a shop without staff, or a sale,
/// whose order carries its own signature).
public struct StockMovement: Hashable, Sendable, Identifiable {
    public let id: String
    public let productId: String
    public let kind: StockMovementKind
    /// Signed: in positive, out negative.
    public let quantity: Int
    /// The stock after this movement.
    public let stockAfter: Int
    public let reason: StockCountReason?
    public let note: String
    /// The order or refund a sale or a return belongs to.
    public let reference: String?
    public let counter: String?
    public let at: Date
    public let signature: StaffSignature?

    public init(id: String, productId: String, kind: StockMovementKind, quantity: Int, stockAfter: Int, reason: StockCountReason?, note: String,
                reference: String?, counter: String?, at: Date, signature: StaffSignature?) {
        self.id = id
        self.productId = productId
        self.kind = kind
        self.quantity = quantity
        self.stockAfter = stockAfter
        self.reason = reason
        self.note = note
        self.reference = reference
        self.counter = counter
        self.at = at
        self.signature = signature
    }
}

/// A price a product had from `at` on, and who set it (nil for the opening price).
public struct PriceChange: Hashable, Sendable, Identifiable {
    public let id: String
    public let productId: String
    /// Nil for the price the product was found with, or was added at.
    public let old: Money?
    public let price: Money
    public let at: Date
    public let signature: StaffSignature?

    public init(id: String, productId: String, old: Money?, price: Money, at: Date, signature: StaffSignature?) {
        self.id = id
        self.productId = productId
        self.old = old
        self.price = price
        self.at = at
        self.signature = signature
    }
}

/// A product as the back office sees it: the shelf's product with its tax category and the
/// level at which it is low.
public struct StockedProduct: Hashable, Sendable, Identifiable {
    public let product: Product
    public let taxCategory: String
    /// At or below this many jars the product is on the low-stock list.
    public let lowStockAt: Int

    public init(product: Product, taxCategory: String, lowStockAt: Int) {
        self.product = product
        self.taxCategory = taxCategory
        self.lowStockAt = lowStockAt
    }

    public var id: String { product.id }
    public var stock: Int { product.stock ?? 0 }
    public var isLow: Bool { stock <= lowStockAt }
}

/// What a new product is made of, as typed in the back office.
public struct NewProduct: Hashable, Sendable {
    public var name: String
    public var price: Money
    public var taxCategory: String
    public var stock: Int
    public var lowStockAt: Int

    public init(name: String, price: Money, taxCategory: String, stock: Int, lowStockAt: Int = Stockroom.defaultLowStockLevel) {
        self.name = name
        self.price = price
        self.taxCategory = taxCategory
        self.stock = stock
        self.lowStockAt = lowStockAt
    }
}

/// Why the back office's catalogue could not do what was asked. The screens word it.
public enum StockroomError: Error, Hashable, Sendable {
    case nameMissing
    /// Longer than `Stockroom.maximumNameLength`.
    case nameTooLong
    /// Another product has this name already.
    case nameTaken
    /// A price of zero or less, or in another currency than the shop's.
    case invalidPrice
    /// A tax category the shop's settings do not name.
    case unknownTaxCategory(String)
    /// A quantity below zero (a count), zero or less (a delivery), or above `maximumStock`.
    case invalidQuantity(Int)
    /// The price asked is the price it has.
    case samePrice
    /// A count that changes the number needs a reason; `other` needs a note.
    case reasonMissing
    case unknownProduct(String)
    /// The person signing may not change the catalogue alone (or nobody signed at a staffed shop).
    case staff(StaffError)
    /// The database could not be read or written.
    case storage
}

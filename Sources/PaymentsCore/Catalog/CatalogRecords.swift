import Foundation
import GRDB

/// A row of `products`: a jar on the shelf.
struct ProductRecord: Codable, CoreRecord {
    static let databaseTableName = "products"

    var id: String
    var position: Int
    var name: String
    var description: String
    var priceMinor: Int64
    var currency: String
    var stock: Int
    var image: String
}

/// A row of `carts`: one a session, made empty on first use.
struct CartRecord: Codable, CoreRecord {
    static let databaseTableName = "carts"

    var id: String
    var sessionKey: String
    var createdAt: Date
}

/// A row of `cart_lines`: a jar and how many, in the order the jars were first added.
struct CartLineRecord: Codable, CoreRecord {
    static let databaseTableName = "cart_lines"

    var cartId: String
    var productId: String
    var quantity: Int
    var addedSeq: Int
    /// Each item's price when a priced barcode set it; nil: the shelf's (`BarcodeMigrations`).
    var unitPriceMinor: Int64? = nil
}

extension Product {
    init(_ record: ProductRecord) throws {
        self.init(id: record.id, name: record.name, detail: record.description,
                  price: Money(minorUnits: record.priceMinor, currency: try Currency.stored(record.currency, in: ProductRecord.databaseTableName)),
                  stock: record.stock, image: record.image)
    }
}

/// The codes products carry, and what a scanned code is: the counter's scanner and the back
/// office's catalogue both come here.
public final class Barcodes {
    private let store: any CoreStore
    private let events: EventRecording

    public init(store: any CoreStore, events: EventRecording) {
        self.store = store
        self.events = events
    }

    /// The product a scanned code names, and the price one item of it is sold at.
    /// Throws `BarcodeLookupError` for a code that is not a barcode or names no product; any
    /// other error is the storage's.
    public func lookup(_ scanned: String) throws -> ScannedProduct {
        try store.read { tx in try Self.lookup(tx, scanned) }
    }

    static func lookup(_ tx: any CoreTransaction, _ scanned: String) throws -> ScannedProduct {
        let barcode: Barcode
        do { barcode = try Barcode(scanned: scanned) } catch { throw BarcodeLookupError.invalid(scanned, error) }
        let priced = barcode.inStorePrice
        if let priced, priced.minorUnits == 0 { throw BarcodeLookupError.invalid(scanned, .noPrice) }
        guard let productId = try ProductBarcodeRecord.product(tx, code: priced?.articleCode ?? barcode.code),
              let product = try Catalog.product(tx, id: productId) else { throw BarcodeLookupError.notInCatalogue(scanned) }
        let price = priced.map { Money(minorUnits: $0.minorUnits, currency: product.price.currency) }
        return ScannedProduct(product: product, barcode: barcode, labelPrice: price)
    }

    /// The codes a product carries, in order.
    public func codes(of productId: String) throws -> [String] {
        try store.read { tx in try ProductBarcodeRecord.codes(tx, productId: productId) }
    }

    /// Gives a product one more code, checked: a barcode whose check digit holds, not carried by
    /// another product. A priced in-store code is given as its article's code (the price as
    /// zeros). Giving a product a code it has already is harmless.
    @discardableResult
    public func addCode(_ scanned: String, to productId: String) throws -> Barcode {
        try store.write { tx in try Self.addCode(tx, scanned, to: productId, events: events) }
    }

    /// The same inside the caller's transaction (the back office's "add a product" with its codes).
    @discardableResult
    static func addCode(_ tx: any CoreTransaction, _ scanned: String, to productId: String, events: EventRecording) throws -> Barcode {
        let barcode: Barcode
        do { barcode = try Barcode(scanned: scanned) } catch { throw BarcodeAssignmentError.invalid(scanned, error) }
        if let priced = barcode.inStorePrice, priced.minorUnits != 0 { throw BarcodeAssignmentError.pricedLabel(article: priced.articleCode) }
        guard try Catalog.product(tx, id: productId) != nil else { throw BarcodeAssignmentError.unknownProduct(productId) }
        if let holder = try ProductBarcodeRecord.product(tx, code: barcode.code) {
            guard holder == productId else { throw BarcodeAssignmentError.carriedByAnother(code: barcode.code, productId: holder) }
            return barcode
        }
        try tx.insert(ProductBarcodeRecord(code: barcode.code, productId: productId))
        try events.record(tx, type: "catalog.barcode_added", subject: productId, data: ["code": barcode.code])
        return barcode
    }
}

/// A scanned code's product, and what one item of it costs.
public struct ScannedProduct: Hashable, Sendable {
    public let product: Product
    public let barcode: Barcode
    /// The price a priced in-store label carries; nil: the shelf's price.
    public let labelPrice: Money?

    public init(product: Product, barcode: Barcode, labelPrice: Money?) {
        self.product = product
        self.barcode = barcode
        self.labelPrice = labelPrice
    }

    /// What the one item scanned is sold at.
    public var price: Money { labelPrice ?? product.price }
}

/// Why a scanned code adds nothing.
public enum BarcodeLookupError: Error, Hashable, Sendable {
    /// Not a barcode the counter reads (the digits as scanned, and why).
    case invalid(String, BarcodeError)
    /// A good barcode no product carries (a staff badge, or a jar the shop has not listed).
    case notInCatalogue(String)

    /// The digits as scanned.
    public var scanned: String {
        switch self {
        case .invalid(let code, _), .notInCatalogue(let code): code
        }
    }
}

/// Why a code cannot be given to a product.
public enum BarcodeAssignmentError: Error, Hashable, Sendable {
    case invalid(String, BarcodeError)
    /// A priced label is one item's: the product carries its article's code (given here).
    case pricedLabel(article: String)
    case unknownProduct(String)
    case carriedByAnother(code: String, productId: String)
}

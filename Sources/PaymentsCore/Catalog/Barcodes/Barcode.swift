/// A product code as a scanner reads it, its check digit verified: EAN-13, EAN-8, or UPC-A
/// (12 digits, which is EAN-13 with a leading 0 and is stored that way, so that one jar is one
/// code whichever of the two its label prints).
///
/// In-store codes with a price (prefix `23`, a GS1 range a shop numbers itself) are laid out
/// `23 AAAAA PPPPP C`: a five-digit article, the price of that one item in minor units (cents:
/// up to 999.99), then the EAN-13 check digit over all twelve. The article's own code is the
/// same code with the price as zeros (`articleCode`): that is what the catalogue keeps for the
/// product, as Odoo's barcode nomenclature does.
public struct Barcode: Hashable, Sendable, CustomStringConvertible {
    public enum Symbology: String, Hashable, Sendable {
        case ean13, ean8, upcA
    }

    public let symbology: Symbology
    /// The digits as kept and looked up: 13 for EAN-13 and UPC-A, 8 for EAN-8.
    public let code: String

    /// `scanned`: the digits as they came from the scanner (spaces around are not part of it).
    public init(scanned: String) throws(BarcodeError) {
        guard !scanned.isEmpty, scanned.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .notDigits }
        switch scanned.count {
        case 13: (symbology, code) = (.ean13, scanned)
        case 12: (symbology, code) = (.upcA, "0" + scanned)
        case 8: (symbology, code) = (.ean8, scanned)
        default: throw .wrongLength(scanned.count)
        }
        let digits = code.compactMap(\.wholeNumberValue)
        guard Self.checkDigit(of: digits.dropLast()) == digits.last else { throw .wrongCheckDigit }
    }

    public var description: String { code }

    /// The GS1 check digit of `payload` (every digit but the check): from the right, weights 3
    /// and 1 alternate, and the check brings the sum to a multiple of ten. The same rule for
    /// EAN-13, EAN-8 and UPC-A.
    public static func checkDigit(of payload: some BidirectionalCollection<Int>) -> Int {
        let sum = payload.reversed().enumerated().reduce(0) { sum, next in sum + next.element * (next.offset.isMultiple(of: 2) ? 3 : 1) }
        return (10 - sum % 10) % 10
    }

    /// `payload` followed by its check digit.
    public static func withCheckDigit(_ payload: String) -> String {
        payload + String(checkDigit(of: payload.compactMap(\.wholeNumberValue)))
    }

    // MARK: In-store codes with a price

    /// The prefix of in-store codes that carry the item's price.
    public static let pricedPrefix = "23"

    /// What a priced in-store code says: which article, at which price.
    public struct InStorePrice: Hashable, Sendable {
        /// The five digits after the prefix.
        public let article: String
        /// The item's price in the product's minor units.
        public let minorUnits: Int64
        /// The article's own code (the price as zeros): the one the catalogue keeps.
        public let articleCode: String
    }

    /// Set for an EAN-13 in the priced in-store range (`23`).
    public var inStorePrice: InStorePrice? {
        guard symbology == .ean13, code.hasPrefix(Self.pricedPrefix) else { return nil }
        let article = String(code.dropFirst(2).prefix(5))
        let price = Int64(code.dropFirst(7).prefix(5)) ?? 0
        return InStorePrice(article: article, minorUnits: price, articleCode: Self.inStoreArticleCode(article: article))
    }

    /// The code a shop gives an article it labels with prices: `23`, the article, zeros, check.
    public static func inStoreArticleCode(article: String) -> String {
        withCheckDigit(pricedPrefix + article + "00000")
    }

    /// A priced label for `article` at `minorUnits` (a scale's or a markdown label's code).
    public static func inStorePriced(article: String, minorUnits: Int64) -> String {
        let price = String(minorUnits)
        return withCheckDigit(pricedPrefix + article + String(repeating: "0", count: max(0, 5 - price.count)) + price)
    }
}

/// Why scanned digits are not a barcode the counter reads.
public enum BarcodeError: Error, Hashable, Sendable {
    /// Something else than the digits 0-9.
    case notDigits
    /// Not 8, 12 or 13 digits.
    case wrongLength(Int)
    /// The last digit does not check the others: a misread or damaged label.
    case wrongCheckDigit
    /// A priced in-store code whose price is zero (the article's own code is for the catalogue,
    /// never sold as it is).
    case noPrice
}

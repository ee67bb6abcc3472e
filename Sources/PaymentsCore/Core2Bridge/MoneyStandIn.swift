import Foundation

// STAND-IN until issue 3's `Money`/`Currency` land on branch `core`: when they do, delete this
// file. Everything in issue 4 only uses `Money(minorUnits:currency:)`, `.minorUnits`,
// `.currency.code`, `Currency(code:)`, `.adding(_:)` and `.multiplied(by:)`, so the swap is small.

/// An ISO 4217 currency: its code and how many minor-unit digits it has.
public struct Currency: Hashable, Sendable {
    public let code: String
    public let exponent: Int

    public init(code: String, exponent: Int) {
        self.code = code
        self.exponent = exponent
    }

    public static let eur = Currency(code: "EUR", exponent: 2)
    public static let gbp = Currency(code: "GBP", exponent: 2)
    public static let usd = Currency(code: "USD", exponent: 2)
    public static let cny = Currency(code: "CNY", exponent: 2)
    public static let jpy = Currency(code: "JPY", exponent: 0)

    /// The currencies the counter knows, by code; `nil` for an unknown code.
    public init?(code: String) {
        guard let known = [Currency.eur, .gbp, .usd, .cny, .jpy].first(where: { $0.code == code.uppercased() }) else { return nil }
        self = known
    }
}

/// Integer minor units plus a currency; never floating point.
public struct Money: Hashable, Sendable {
    public let minorUnits: Int64
    public let currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    /// `nil` when the currencies differ or the sum overflows.
    public func adding(_ other: Money) -> Money? {
        guard other.currency == currency else { return nil }
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(minorUnits: sum, currency: currency)
    }

    /// `nil` on overflow.
    public func multiplied(by factor: Int) -> Money? {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(factor))
        return overflow ? nil : Money(minorUnits: product, currency: currency)
    }
}

/// Money as the core counts it: integer minor units of an ISO 4217 currency. Never a Double.
///
/// The core has its own money type; this one is the seam's vocabulary, so that CheckoutKit's
/// protocols do not depend on the core. Controllers convert one to the other, field for field.
public struct Amount: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minor units: cents for EUR/USD, yen for JPY, fils for KWD.
    public var minorUnits: Int64
    /// ISO 4217 alphabetic code, upper case: "EUR", "JPY".
    public var currency: String

    public init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency.uppercased()
    }

    public static func zero(_ currency: String) -> Amount { Amount(minorUnits: 0, currency: currency) }

    /// The sum, or nil when the currencies differ (adding EUR to USD is a bug, not a number).
    public func adding(_ other: Amount) -> Amount? {
        guard currency == other.currency else { return nil }
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        return overflow ? nil : Amount(minorUnits: sum, currency: currency)
    }

    /// The amount times a count, or nil on overflow.
    public func multiplied(by count: Int) -> Amount? {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(count))
        return overflow ? nil : Amount(minorUnits: product, currency: currency)
    }

    public static func < (lhs: Amount, rhs: Amount) -> Bool {
        (lhs.currency, lhs.minorUnits) < (rhs.currency, rhs.minorUnits)
    }

    public var description: String { "\(minorUnits) \(currency) minor units" }
}

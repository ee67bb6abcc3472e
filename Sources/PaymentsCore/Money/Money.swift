/// An amount of money: whole minor units (cents, yen, fils) of one currency. Never floating point.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public let minorUnits: Int64
    public let currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    public var isZero: Bool { minorUnits == 0 }
    public var isPositive: Bool { minorUnits > 0 }
    /// The currency's own symbol and comma groups, for logs and tests; the screens write
    /// amounts in the shopper's language (`formatted()`, above the core).
    public var description: String { text(symbol: currency.symbol, groupingSeparator: ",") }

    public func adding(_ other: Money) throws(MoneyError) -> Money {
        try requireSameCurrency(other)
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        if overflow { throw .overflow }
        return Money(minorUnits: sum, currency: currency)
    }

    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        try requireSameCurrency(other)
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        if overflow { throw .overflow }
        return Money(minorUnits: difference, currency: currency)
    }

    /// The price of `quantity` items at this unit price.
    public func multiplied(by quantity: Int) throws(MoneyError) -> Money {
        guard quantity >= 0 else { throw .negativeQuantity }
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(quantity))
        if overflow { throw .overflow }
        return Money(minorUnits: product, currency: currency)
    }

    /// The surcharge of `basisPoints` hundredths of a percent on this amount (250 = 2.5 %).
    ///
    /// Rounding rule (the only one in the core): the exact surcharge `amount × bp / 10 000` is
    /// rounded to the currency's minor unit **half away from zero** (half-up for positive
    /// amounts): €10.10 at 2.5 % is 25.25 cents -> €0.25; €10.20 at 2.5 % is 25.5 cents -> €0.26.
    public func surcharge(basisPoints: Int) throws(MoneyError) -> Money {
        let (scaled, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(basisPoints))
        if overflow { throw .overflow }
        var (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: 10_000)
        // |remainder| >= 5 000 means the fractional part is at least one half: round away from zero.
        if remainder.magnitude >= 5_000 { quotient += scaled < 0 ? -1 : 1 }
        return Money(minorUnits: quotient, currency: currency)
    }

    /// This amount plus its surcharge of `basisPoints`.
    public func withSurcharge(basisPoints: Int) throws(MoneyError) -> Money {
        try adding(try surcharge(basisPoints: basisPoints))
    }

    /// The total of `amounts`, all in `currency`.
    public static func sum(_ amounts: [Money], currency: Currency) throws(MoneyError) -> Money {
        var total = Money.zero(currency)
        for amount in amounts { total = try total.adding(amount) }
        return total
    }

    private func requireSameCurrency(_ other: Money) throws(MoneyError) {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
    }
}

extension Money: Comparable {
    /// Compares amounts of one currency; amounts of different currencies order by code so that
    /// sorting is total, but the core never relies on that.
    public static func < (lhs: Money, rhs: Money) -> Bool {
        if lhs.currency != rhs.currency { return lhs.currency.code < rhs.currency.code }
        return lhs.minorUnits < rhs.minorUnits
    }
}

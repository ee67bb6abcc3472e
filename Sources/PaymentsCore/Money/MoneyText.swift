extension Money {
    /// The amount written with the given currency symbol (before the number) or, without one,
    /// the ISO code after it: "€12.50", "¥1,200", "12.500 KWD", "-€3.00", "€1,234,567.89".
    /// Which symbol and separator a shopper reads is the screens' choice (by language); the core
    /// only lays out the digits.
    public func text(symbol: String?, groupingSeparator: String) -> String {
        let negative = minorUnits < 0
        let magnitude = minorUnits.magnitude
        let per = UInt64(currency.minorUnitsPerMajor)
        var number = Self.grouped(String(magnitude / per), separator: groupingSeparator)
        if currency.exponent > 0 {
            let fraction = String(magnitude % per)
            number += "." + String(repeating: "0", count: currency.exponent - fraction.count) + fraction
        }
        let sign = negative ? "-" : ""
        if let symbol { return sign + symbol + number }
        return sign + number + " " + currency.code
    }

    /// Whole units in groups of three.
    private static func grouped(_ digits: String, separator: String) -> String {
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return result
    }

    /// Reads an amount a person typed: "12.50", "12,50", "12", " 1200 ". No thousands separators,
    /// no sign, at most the currency's number of decimals.
    public static func parse(_ text: String, currency: Currency) throws(MoneyParseError) -> Money {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        if trimmed.hasPrefix("-") { throw .negative }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        guard parts.count <= 2 else { throw .invalidCharacters }
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty),
              whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit) else { throw .invalidCharacters }
        guard fraction.count <= currency.exponent else { throw .tooManyDecimals(allowed: currency.exponent) }
        let paddedFraction = String(fraction) + String(repeating: "0", count: currency.exponent - fraction.count)
        let digits = (whole.isEmpty ? "0" : String(whole)) + paddedFraction
        guard digits.count <= 18, let value = Int64(digits) else { throw .tooLarge }
        return Money(minorUnits: value, currency: currency)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

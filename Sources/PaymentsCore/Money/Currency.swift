/// An ISO 4217 currency: its code and its exponent (how many minor units make a major unit,
/// as a power of ten). The exponent decides both arithmetic display and parsing: JPY has none,
/// EUR has cents, KWD has fils (three decimals).
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    public let code: String
    public let exponent: Int
    /// A symbol written before the amount ("€12.50"); currencies without one are written after
    /// with their code ("12.500 KWD").
    public let symbol: String?

    public init(code: String, exponent: Int, symbol: String? = nil) {
        self.code = code
        self.exponent = exponent
        self.symbol = symbol
    }

    public var description: String { code }

    public static let eur = Currency(code: "EUR", exponent: 2, symbol: "€")
    public static let usd = Currency(code: "USD", exponent: 2, symbol: "$")
    public static let gbp = Currency(code: "GBP", exponent: 2, symbol: "£")
    public static let jpy = Currency(code: "JPY", exponent: 0, symbol: "¥")
    public static let chf = Currency(code: "CHF", exponent: 2)
    public static let cny = Currency(code: "CNY", exponent: 2, symbol: "CN¥")
    public static let sek = Currency(code: "SEK", exponent: 2)
    public static let krw = Currency(code: "KRW", exponent: 0, symbol: "₩")
    public static let kwd = Currency(code: "KWD", exponent: 3)
    public static let bhd = Currency(code: "BHD", exponent: 3)
    public static let jod = Currency(code: "JOD", exponent: 3)

    /// The currencies the counter knows, by code.
    public static let known: [Currency] = [.eur, .usd, .gbp, .jpy, .chf, .cny, .sek, .krw, .kwd, .bhd, .jod]

    /// Looks a currency up by its ISO code (case-insensitive); nil for codes the counter does not know.
    public init?(code: String) {
        let upper = code.uppercased()
        guard let found = Currency.known.first(where: { $0.code == upper }) else { return nil }
        self = found
    }

    /// 10^exponent, the number of minor units in one major unit.
    public var minorUnitsPerMajor: Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

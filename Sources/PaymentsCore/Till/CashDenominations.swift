/// A coin or a note of a currency, in minor units: what a closing count is counted in.
public struct CashDenomination: Hashable, Sendable, Codable, Comparable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case coin, note
    }

    public let kind: Kind
    public let minorUnits: Int64

    public init(_ kind: Kind, _ minorUnits: Int64) {
        self.kind = kind
        self.minorUnits = minorUnits
    }

    /// Smallest first, a coin before a note of the same value.
    public static func < (lhs: CashDenomination, rhs: CashDenomination) -> Bool {
        (lhs.minorUnits, lhs.kind == .note ? 1 : 0) < (rhs.minorUnits, rhs.kind == .note ? 1 : 0)
    }
}

/// The coins and notes in circulation, per currency, smallest first: one line each on the
/// closing count. Only what a shop's drawer holds (no commemorative or withdrawn pieces).
public enum CashDenominations {
    /// The denominations of `currency`; empty for a currency the counter has no table for (its
    /// till is then counted as one total).
    public static func of(_ currency: Currency) -> [CashDenomination] {
        table[currency.code] ?? []
    }

    private static func pieces(coins: [Int64], notes: [Int64]) -> [CashDenomination] {
        (coins.map { CashDenomination(.coin, $0) } + notes.map { CashDenomination(.note, $0) }).sorted()
    }

    private static let table: [String: [CashDenomination]] = [
        // 1 cent to 2 euros; 5 to 500 euros (the €500 note is no longer issued but still legal tender).
        "EUR": pieces(coins: [1, 2, 5, 10, 20, 50, 100, 200], notes: [500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000]),
        "GBP": pieces(coins: [1, 2, 5, 10, 20, 50, 100, 200], notes: [500, 1_000, 2_000, 5_000]),
        // Cent to half dollar; the $1 bill (the dollar coin rarely reaches a drawer) to $100.
        "USD": pieces(coins: [1, 5, 10, 25, 50], notes: [100, 200, 500, 1_000, 2_000, 5_000, 10_000]),
        // 5 centimes to 5 francs; 10 to 1000 francs.
        "CHF": pieces(coins: [5, 10, 20, 50, 100, 200, 500], notes: [1_000, 2_000, 5_000, 10_000, 20_000, 100_000]),
        // 1 jiao, 5 jiao, 1 yuan coins; 5 to 100 yuan notes (minor unit: the fen).
        "CNY": pieces(coins: [10, 50, 100], notes: [500, 1_000, 2_000, 5_000, 10_000]),
        // The yen has no minor unit: 1 to 500 yen coins, 1000 to 10000 yen notes.
        "JPY": pieces(coins: [1, 5, 10, 50, 100, 500], notes: [1_000, 2_000, 5_000, 10_000]),
    ]
}

/// How many of one coin or note were counted.
public struct DenominationCount: Hashable, Sendable, Codable {
    public let denomination: CashDenomination
    public let quantity: Int

    public init(_ denomination: CashDenomination, quantity: Int) {
        self.denomination = denomination
        self.quantity = quantity
    }

    public var minorUnits: Int64 { denomination.minorUnits * Int64(quantity) }
}

extension Array where Element == DenominationCount {
    /// What the counted coins and notes come to, in minor units.
    public var countedMinorUnits: Int64 { reduce(0) { $0 + $1.minorUnits } }
}

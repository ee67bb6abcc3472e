/// How a till rounds what is paid in cash (a shop setting): to a multiple of `increment` minor
/// units, half up, e.g. 5 for Swiss francs (0.05) or Dutch and Finnish euros. Cards and the
/// other tenders are never rounded; the difference is a line of the order of its own, so the
/// order's total is what the till took.
public struct CashRounding: Hashable, Sendable {
    /// Minor units; 1 rounds nothing.
    public let increment: Int64

    public init(increment: Int64) {
        self.increment = max(1, increment)
    }

    public static let unrounded = CashRounding(increment: 1)

    /// `amount` rounded to the nearest multiple of the increment, halves up: 6.52 -> 6.50,
    /// 6.53 -> 6.55, 6.575 (in thousandths) likewise by its own minor units.
    public func rounded(_ minorUnits: Int64) -> Int64 {
        guard increment > 1 else { return minorUnits }
        let remainder = ((minorUnits % increment) + increment) % increment
        let down = minorUnits - remainder
        return remainder * 2 >= increment ? down + increment : down
    }

    /// What rounding adds to `minorUnits` (negative when it rounds down).
    public func adjustment(_ minorUnits: Int64) -> Int64 { rounded(minorUnits) - minorUnits }
}

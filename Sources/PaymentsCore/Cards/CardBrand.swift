/// Card networks the counter accepts, with the prefixes (IIN ranges) and lengths that identify them.
public enum CardBrand: String, CaseIterable, Sendable, Codable {
    case visa, mastercard, amex, discover, jcb, diners, unionPay, maestro

    public var displayName: String {
        switch self {
        case .visa: "Visa"
        case .mastercard: "Mastercard"
        case .amex: "American Express"
        case .discover: "Discover"
        case .jcb: "JCB"
        case .diners: "Diners Club"
        case .unionPay: "UnionPay"
        case .maestro: "Maestro"
        }
    }

    /// The valid card number lengths of this brand.
    public var lengths: ClosedRange<Int> {
        switch self {
        case .visa: 13...19
        case .mastercard: 16...16
        case .amex: 15...15
        case .discover: 16...19
        case .jcb, .unionPay: 16...19
        case .diners: 14...19
        case .maestro: 12...19
        }
    }

    /// Visa and Discover allow only some lengths inside their range.
    public func allows(length: Int) -> Bool {
        switch self {
        case .visa: [13, 16, 19].contains(length)
        case .discover: [16, 19].contains(length)
        default: lengths.contains(length)
        }
    }

    public var allowedLengths: [Int] { lengths.filter(allows(length:)) }

    /// American Express prints a 4-digit CID on the front; everyone else a 3-digit CVC on the back.
    public var cvcLength: Int { self == .amex ? 4 : 3 }

    /// The brand's prefix ranges: (first, last) inclusive, both with the same number of digits.
    var prefixRanges: [(Int, Int)] {
        switch self {
        case .visa: [(4, 4)]
        case .mastercard: [(51, 55), (2221, 2720)]
        case .amex: [(34, 34), (37, 37)]
        case .discover: [(6011, 6011), (644, 649), (65, 65)]
        case .jcb: [(3528, 3589)]
        case .diners: [(300, 305), (36, 36), (38, 39)]
        case .unionPay: [(62, 62)]
        case .maestro: [(50, 50), (56, 58), (6304, 6304), (6759, 6759), (6761, 6763)]
        }
    }

    /// The brand of a complete number: the brand whose prefix the digits start with.
    public static func of(number digits: String) -> CardBrand? {
        allCases.first { brand in brand.prefixRanges.contains { range in matches(digits, range, partial: false) } }
    }

    /// The brand of a number the shopper is still typing, once the prefix leaves only one
    /// possibility ("4" is Visa, "3" could be Amex, JCB or Diners, "37" is Amex). Spaces and
    /// dashes are ignored; nil while ambiguous or unknown.
    public static func detect(prefix text: String) -> CardBrand? {
        let digits = String(text.filter { $0.isASCIIDigit })
        guard !digits.isEmpty, digits.count == text.filter({ $0 != " " && $0 != "-" }).count else { return nil }
        let candidates = allCases.filter { brand in brand.prefixRanges.contains { matches(digits, $0, partial: true) } }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// Whether `digits` falls in `range`; with `partial`, whether typing more digits could reach it.
    private static func matches(_ digits: String, _ range: (Int, Int), partial: Bool) -> Bool {
        let width = String(range.0).count
        if digits.count >= width {
            guard let head = Int(digits.prefix(width)) else { return false }
            return head >= range.0 && head <= range.1
        }
        guard partial, let typed = Int(digits) else { return false }
        var scale = 1
        for _ in 0..<(width - digits.count) { scale *= 10 }
        let lowest = typed * scale, highest = (typed + 1) * scale - 1
        return highest >= range.0 && lowest <= range.1
    }
}

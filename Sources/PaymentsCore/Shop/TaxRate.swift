import Foundation

/// A VAT rate in basis points (1900 = 19 %, 770 = 7.7 %): whole numbers, never a fraction that
/// floating point would round on its own.
public struct TaxRate: Hashable, Sendable, Comparable, Codable {
    public let basisPoints: Int

    public init(basisPoints: Int) {
        self.basisPoints = basisPoints
    }

    /// The highest rate a settings file may give: 100 %.
    public static let maximumBasisPoints = 10_000

    public static func < (lhs: TaxRate, rhs: TaxRate) -> Bool { lhs.basisPoints < rhs.basisPoints }

    /// The rate in percent as text, without a needless fraction: "19", "7", "7.7", "2.55".
    public var percentText: String {
        let whole = basisPoints / 100
        let hundredths = basisPoints % 100
        if hundredths == 0 { return "\(whole)" }
        if hundredths % 10 == 0 { return "\(whole).\(hundredths / 10)" }
        return "\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)"
    }
}

/// The shop's named VAT rates and which rate each product tax category is taxed at.
///
/// A product names its category (`products.tax_category`: `food`, `general`...); the category
/// names a rate (`reduced`); the rate is in basis points. A category the settings do not name is
/// taxed at the standard rate, as German law taxes whatever it does not reduce. Shipping and
/// card surcharges are always at the standard rate.
public struct TaxTable: Hashable, Sendable {
    /// Rate name to rate; always holds `standard`.
    public private(set) var rates: [String: TaxRate]
    /// Product tax category to rate name.
    public private(set) var categories: [String: String]

    public static let standardRateName = "standard"

    /// The categories the seed shop's products and orders use.
    public enum Category {
        /// The honey, and food in general.
        public static let food = "food"
        /// What a product is when nobody said otherwise.
        public static let general = "general"
        /// A subscription's period (the seed shop's plans are jars of honey by post).
        public static let subscription = "subscription"
        /// A won auction bid (an upgrade of a flight).
        public static let auction = "auction"
    }

    /// Germany: 19 % standard, 7 % reduced (food, honey included).
    public static let german = TaxTable(
        rates: [standardRateName: TaxRate(basisPoints: 1900), "reduced": TaxRate(basisPoints: 700)],
        categories: [Category.food: "reduced", Category.general: standardRateName, Category.subscription: "reduced",
                     Category.auction: standardRateName])!

    /// Nil when `rates` has no `standard` rate or a category names a rate that is not there.
    public init?(rates: [String: TaxRate], categories: [String: String]) {
        guard rates[Self.standardRateName] != nil, categories.values.allSatisfy({ rates[$0] != nil }) else { return nil }
        self.rates = rates
        self.categories = categories
    }

    public var standard: TaxRate { rates[Self.standardRateName]! }

    /// What cash rounding adds or takes: not a sale of anything, so outside VAT (0 %), as a
    /// rounding line is kept apart from the goods' revenue. It still counts in the money, so a
    /// report's VAT analysis sums to its total with a 0 % row.
    public static let outsideVAT = TaxRate(basisPoints: 0)

    /// The rate a product of `category` is sold at today.
    public func rate(forCategory category: String) -> TaxRate {
        categories[category].flatMap { rates[$0] } ?? standard
    }
}

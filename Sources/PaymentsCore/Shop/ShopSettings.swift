import Foundation

/// The shop's settings, from one TOML file (`--shop FILE`; Docs/shop-settings.md names every
/// key): who the shop is on its receipts, its currency, VAT rates and product tax categories,
/// its time zone, and the cash rules the till keeps. Absent keys keep these defaults, which make
/// the seed shop a German one selling in euros.
public struct ShopSettings: Hashable, Sendable {
    /// The shop's name, at the head of every receipt.
    public var name: String
    /// Its address, one receipt line each.
    public var addressLines: [String]
    /// Its VAT identification number, printed on every receipt; nil: none printed.
    public var vatNumber: String?
    /// The currency its shelf prices and its till are in.
    public var currency: Currency
    /// VAT rates and product tax categories.
    public var tax: TaxTable
    /// The time receipts, reports and the screens show (the books keep UTC).
    public var timeZone: TimeZone
    /// Cash is rounded to a multiple of this many minor units (5: CHF 0.05); 1: not rounded.
    public var cashRoundingMinorUnits: Int64
    /// Above this difference between counted and expected cash, closing the till needs a PIN.
    public var tillDifferenceLimit: Money
    /// A staffed counter locks (asks who is serving) after this many seconds without a key;
    /// 0: never (issue 36). Only once the shop has staff.
    public var staffLockAfterSeconds = 300
    /// The discount reasons and the cashier's ceiling (issue 36).
    public var discounts: DiscountPolicy = .standard

    public init(name: String = "Honey Store", addressLines: [String] = ["Honiggasse 1", "10115 Berlin"],
                vatNumber: String? = "DE999999999", currency: Currency = .eur, tax: TaxTable = .german,
                timeZone: TimeZone = .current, cashRoundingMinorUnits: Int64 = 1,
                tillDifferenceLimit: Money = Money(minorUnits: 500, currency: .eur)) {
        self.name = name
        self.addressLines = addressLines
        self.vatNumber = vatNumber
        self.currency = currency
        self.tax = tax
        self.timeZone = timeZone
        self.cashRoundingMinorUnits = cashRoundingMinorUnits
        self.tillDifferenceLimit = tillDifferenceLimit
    }

    /// The seed shop, with the time of the machine it runs on.
    public static var defaults: ShopSettings { ShopSettings() }
}

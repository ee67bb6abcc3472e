import Testing
@testable import PaymentsCore

@Suite struct MoneyTests {
    let eur = Currency.eur

    @Test func currenciesHaveTheirExponents() {
        #expect(Currency(code: "jpy")?.exponent == 0)
        #expect(Currency(code: "EUR")?.exponent == 2)
        #expect(Currency(code: "KWD")?.exponent == 3)
        #expect(Currency(code: "BHD")?.exponent == 3)
        #expect(Currency(code: "XXX") == nil)
    }

    @Test func addsSubtractsAndMultiplies() throws {
        let a = Money(minorUnits: 1250, currency: eur)
        #expect(try a.adding(Money(minorUnits: 50, currency: eur)).minorUnits == 1300)
        #expect(try a.subtracting(Money(minorUnits: 250, currency: eur)).minorUnits == 1000)
        #expect(try a.multiplied(by: 3).minorUnits == 3750)
        #expect(try Money.sum([a, a], currency: eur).minorUnits == 2500)
    }

    @Test func refusesMixedCurrencies() {
        #expect(throws: MoneyError.currencyMismatch(.eur, .usd)) {
            try Money(minorUnits: 1, currency: .eur).adding(Money(minorUnits: 1, currency: .usd))
        }
    }

    @Test func overflowIsAnErrorNotAWrap() {
        let big = Money(minorUnits: .max, currency: eur)
        #expect(throws: MoneyError.overflow) { try big.adding(Money(minorUnits: 1, currency: eur)) }
        #expect(throws: MoneyError.overflow) { try big.multiplied(by: 2) }
        #expect(throws: MoneyError.overflow) { try Money(minorUnits: .min, currency: eur).subtracting(Money(minorUnits: 1, currency: eur)) }
        #expect(throws: MoneyError.overflow) { try big.surcharge(basisPoints: 250) }
        #expect(throws: MoneyError.negativeQuantity) { try big.multiplied(by: -1) }
    }

    @Test func surchargeRoundsHalfAwayFromZero() throws {
        // 1010 × 2.5 % = 25.25 -> 25; 1020 × 2.5 % = 25.5 -> 26; 1 × 50 % = 0.5 -> 1.
        #expect(try Money(minorUnits: 1010, currency: eur).surcharge(basisPoints: 250).minorUnits == 25)
        #expect(try Money(minorUnits: 1020, currency: eur).surcharge(basisPoints: 250).minorUnits == 26)
        #expect(try Money(minorUnits: 1, currency: eur).surcharge(basisPoints: 5_000).minorUnits == 1)
        #expect(try Money(minorUnits: -1020, currency: eur).surcharge(basisPoints: 250).minorUnits == -26)
        #expect(try Money(minorUnits: 1200, currency: .jpy).withSurcharge(basisPoints: 300).minorUnits == 1236)
    }

    @Test func formatsByExponent() {
        #expect(Money(minorUnits: 1250, currency: .eur).description == "€12.50")
        #expect(Money(minorUnits: 5, currency: .usd).description == "$0.05")
        #expect(Money(minorUnits: 1200, currency: .jpy).description == "¥1,200")
        #expect(Money(minorUnits: 999, currency: .jpy).description == "¥999")
        #expect(Money(minorUnits: 123_456_789, currency: .eur).description == "€1,234,567.89")
        #expect(Money(minorUnits: -100_000, currency: .eur).description == "-€1,000.00")
        #expect(Money(minorUnits: 1_234_567, currency: .kwd).description == "1,234.567 KWD")
        #expect(Money(minorUnits: .max, currency: .eur).description == "€92,233,720,368,547,758.07")
        #expect(Money(minorUnits: 12500, currency: .kwd).description == "12.500 KWD")
        #expect(Money(minorUnits: 1250, currency: .chf).description == "12.50 CHF")
        #expect(Money(minorUnits: -300, currency: .eur).description == "-€3.00")
    }

    @Test func parsesTypedAmounts() throws {
        #expect(try Money.parse("12.50", currency: eur).minorUnits == 1250)
        #expect(try Money.parse(" 12,5 ", currency: eur).minorUnits == 1250)
        #expect(try Money.parse("12", currency: eur).minorUnits == 1200)
        #expect(try Money.parse(".5", currency: eur).minorUnits == 50)
        #expect(try Money.parse("1200", currency: .jpy).minorUnits == 1200)
        #expect(try Money.parse("1.5", currency: .kwd).minorUnits == 1500)
        #expect(throws: MoneyParseError.empty) { try Money.parse("  ", currency: eur) }
        #expect(throws: MoneyParseError.invalidCharacters) { try Money.parse("12a", currency: eur) }
        #expect(throws: MoneyParseError.invalidCharacters) { try Money.parse("1.2.3", currency: eur) }
        #expect(throws: MoneyParseError.tooManyDecimals(allowed: 2)) { try Money.parse("1.234", currency: eur) }
        #expect(throws: MoneyParseError.tooManyDecimals(allowed: 0)) { try Money.parse("12.5", currency: .jpy) }
        #expect(throws: MoneyParseError.negative) { try Money.parse("-1", currency: eur) }
        #expect(throws: MoneyParseError.tooLarge) { try Money.parse("99999999999999999999", currency: eur) }
    }
}

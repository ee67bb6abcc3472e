import CheckoutKit
import Localization

extension Money {
    /// The display form in the current language: "€12.50", "¥1,200", "12.500 KWD", "-€3.00",
    /// "€1,234,567.89"; in Chinese the dollar is "US$12.50" and the yuan "¥12.50". Symbol
    /// currencies put the symbol first; the others put the ISO code after the number.
    public func formatted() -> String {
        text(symbol: CurrencyText.symbol(forCode: currency.code, fallback: currency.symbol),
             groupingSeparator: CurrencyText.groupingSeparator)
    }
}

/// How the current language writes a currency before an amount.
public enum CurrencyText {
    /// The symbol for `code` in the current language, or `fallback` (the currency's own symbol,
    /// nil for a currency written with its code after the number).
    ///
    /// Chinese writes its own yuan as plain "¥", and tells the dollar and the yen apart from it
    /// ("US$", "JP¥"), as CLDR's zh-Hans data does; English writes the yuan "CN¥".
    public static func symbol(forCode code: String, fallback: String?) -> String? {
        switch Language.current {
        case .english: return fallback
        case .simplifiedChinese: return chineseSymbols[code] ?? fallback
        }
    }

    /// Between groups of three digits of whole units: "1,234,567" in English and in Chinese.
    public static var groupingSeparator: String {
        switch Language.current {
        case .english, .simplifiedChinese: ","
        }
    }

    private static let chineseSymbols = ["USD": "US$", "JPY": "JP¥", "CNY": "¥"]
}

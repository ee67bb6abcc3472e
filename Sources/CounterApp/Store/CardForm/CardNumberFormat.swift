import CheckoutKit

/// How a card number is shown while typed: in the groups printed on the card (4-6-5 for
/// American Express, fours for the rest).
enum CardNumberFormat {
    static func grouped(_ digits: String) -> String {
        grouped(digits, brand: CardBrand.detect(prefix: digits))
    }

    /// `grouped(_:)` for a form that has told the brand already (`CardFormFeature.State.brand`).
    static func grouped(_ digits: String, brand: CardBrand?) -> String {
        let groups = brand == .amex ? [4, 6, 5] : [4, 4, 4, 4, 3]
        var result = "", rest = Substring(digits)
        for size in groups where !rest.isEmpty {
            if !result.isEmpty { result += " " }
            result += rest.prefix(size)
            rest = rest.dropFirst(size)
        }
        if !rest.isEmpty { result += " " + rest }
        return result
    }
}

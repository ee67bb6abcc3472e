import CheckoutKit

/// How a card number is shown while typed: in the groups printed on the card (4-6-5 for
/// American Express, fours for the rest).
enum CardNumberFormat {
    static func grouped(_ digits: String) -> String {
        let groups = CardBrand.detect(prefix: digits) == .amex ? [4, 6, 5] : [4, 4, 4, 4, 3]
        var result = "", rest = Substring(digits)
        for size in groups where !rest.isEmpty {
            if !result.isEmpty { result += " " }
            result += rest.prefix(size)
            rest = rest.dropFirst(size)
        }
        if !rest.isEmpty { result += " " + rest }
        return result
    }

    /// The brand as soon as the first digits tell it ("Visa"), or nil.
    static func brandName(_ digits: String) -> String? {
        digits.isEmpty ? nil : CardBrand.detect(prefix: digits)?.displayName
    }
}

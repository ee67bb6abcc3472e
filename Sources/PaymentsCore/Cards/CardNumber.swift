/// A validated card number (PAN): digits only, a known brand, a length that brand allows and a
/// correct Luhn check digit. Its `description` is masked, so printing one never leaks it.
public struct CardNumber: Hashable, Sendable, CustomStringConvertible {
    /// The full number. Handle with care: only the vault and the acquirer need it.
    public let digits: String
    public let brand: CardBrand

    /// Accepts the number as typed: spaces and dashes are ignored, anything else is refused.
    public init(_ text: String) throws(CardNumberError) {
        let stripped = text.filter { $0 != " " && $0 != "-" }
        if stripped.isEmpty { throw .empty }
        guard stripped.allSatisfy(\.isASCIIDigit) else { throw .invalidCharacters }
        guard let brand = CardBrand.of(number: stripped) else { throw .unknownBrand }
        if stripped.count < brand.lengths.lowerBound { throw .tooShort(brand: brand) }
        if stripped.count > brand.lengths.upperBound { throw .tooLong(brand: brand) }
        if !brand.allows(length: stripped.count) { throw .wrongLength(brand: brand) }
        guard CardNumber.passesLuhn(stripped) else { throw .failedChecksum }
        self.digits = stripped
        self.brand = brand
    }

    public var lastFour: String { String(digits.suffix(4)) }

    /// "•••• 4242", safe to show and to log.
    public var masked: String { "•••• " + lastFour }
    public var description: String { "\(brand.displayName) \(masked)" }

    /// The Luhn (mod 10) check: double every second digit from the right.
    public static func passesLuhn(_ digits: String) -> Bool {
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            if index % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }
}

/// A card security code. It lives only as long as the one-time token that carries it to the
/// acquirer: it is never stored, logged, or shown. Its `description` is masked.
public struct CVC: Hashable, Sendable, CustomStringConvertible {
    let digits: String

    /// 3 digits, or 4 for American Express.
    public init(_ text: String, brand: CardBrand?) throws(CVCError) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.allSatisfy(\.isASCIIDigit) else { throw .invalidCharacters }
        let expected = brand?.cvcLength ?? 3
        // Without a known brand, accept either length: the number's own error will be shown.
        if brand == nil ? !(3...4).contains(trimmed.count) : trimmed.count != expected {
            throw .wrongLength(expected: expected)
        }
        digits = trimmed
    }

    public var description: String { String(repeating: "•", count: digits.count) }
}

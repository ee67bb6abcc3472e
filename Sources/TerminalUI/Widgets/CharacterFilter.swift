/// Which characters a text field accepts, typed or pasted.
public struct CharacterFilter: Sendable {
    private let accepts: @Sendable (Character) -> Bool

    public init(_ accepts: @escaping @Sendable (Character) -> Bool) {
        self.accepts = accepts
    }

    public func allows(_ character: Character) -> Bool {
        accepts(character)
    }

    /// Any printable character.
    public static let any = CharacterFilter { _ in true }
    /// 0-9 only: card numbers, CVCs, PINs, amounts in minor units.
    public static let digits = CharacterFilter { $0.isASCII && $0.isNumber }
    /// Digits and spaces: a card number as people group it.
    public static let digitsAndSpaces = CharacterFilter { ($0.isASCII && $0.isNumber) || $0 == " " }
    /// Letters (any script), spaces, and the punctuation of names: hyphen, apostrophe, full stop.
    public static let name = CharacterFilter { $0.isLetter || $0 == " " || $0 == "-" || $0 == "'" || $0 == "." }
    /// Characters in `set`.
    public static func only(_ set: Set<Character>) -> CharacterFilter {
        CharacterFilter { set.contains($0) }
    }
}

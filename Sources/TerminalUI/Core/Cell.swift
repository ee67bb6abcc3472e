/// One character cell of the screen.
///
/// A double-width character (CJK, most emoji) occupies two cells: the first holds the character,
/// the second is a `continuation` cell that surfaces skip when they output.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: Style
    public var isContinuation: Bool

    public init(_ character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
}

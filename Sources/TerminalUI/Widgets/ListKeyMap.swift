/// The keys a list of lines shares with every other list (DESIGN.md's keys): ↑ and ↓ move,
/// Enter opens the selected line, and in a numbered list a digit 1-9 picks its line. A screen
/// says what each means in its own actions and asks the map first; its own keys come after.
///
///     static let listKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown, enter: .open)
///     listKeys.action(for: key) ?? ...the screen's own keys
public struct ListKeyMap<Action> {
    public var up: Action
    public var down: Action
    public var enter: Action?
    /// The line a digit picks, from 0 (digit 1); nil when the lines are not numbered.
    public var pick: (@Sendable (Int) -> Action)?
    /// Tab moves down as ↓ does (a screen whose only focus is the list).
    public var tabMovesDown: Bool
    /// Shift+Tab moves up as ↑ does.
    public var backTabMovesUp: Bool

    public init(up: Action, down: Action, enter: Action? = nil, pick: (@Sendable (Int) -> Action)? = nil,
                tabMovesDown: Bool = false, backTabMovesUp: Bool = false) {
        self.up = up
        self.down = down
        self.enter = enter
        self.pick = pick
        self.tabMovesDown = tabMovesDown
        self.backTabMovesUp = backTabMovesUp
    }

    /// What `key` means in the list, or nil when the list has no use for it.
    public func action(for key: Key) -> Action? {
        switch key {
        case .up: up
        case .down: down
        case .tab where tabMovesDown: down
        case .backTab where backTabMovesUp: up
        case .enter: enter
        case let .character(c):
            // 0 picks nothing: the lines count from 1.
            c.wholeNumberValue.flatMap { digit in digit >= 1 ? pick?(digit - 1) : nil }
        default: nil
        }
    }
}

// A screen keeps its map in a `static let`: a value of its actions, shared by every call.
extension ListKeyMap: Sendable where Action: Sendable {}

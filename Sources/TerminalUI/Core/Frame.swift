/// A full screen of cells: what a screen draws into, and what a surface shows.
///
/// A screen is a function of its state drawn into a `Frame`; a `Surface` then presents the
/// frame. Drawing never touches the terminal, so every widget is testable without one.
public struct Frame: Sendable, Equatable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should blink (a focused text field), or nil to hide it.
    public var cursor: Point?
    /// Where the focus is when no cursor blinks: the selected line of a focused list, a focused
    /// button. The terminal's cursor is left there, hidden, because a braille display or a
    /// screen magnifier follows the cursor, not the highlight.
    public var focus: Point?
    /// How many times the application has asked for the terminal's bell since it started (a
    /// count, not a flag, so that drawing stays a function of the state): a surface rings once
    /// for each it has not rung yet.
    public var bells = 0

    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.columns * size.rows)
    }

    public var bounds: Rect { Rect(size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.columns, y < size.rows else { return .blank }
            return cells[y * size.columns + x]
        }
        set {
            guard x >= 0, y >= 0, x < size.columns, y < size.rows else { return }
            cells[y * size.columns + x] = newValue
        }
    }

    /// The screen as plain text, one line a row, trailing spaces removed: what tapes `Expect`
    /// against and what snapshots store.
    public var text: String {
        var lines: [String] = []
        lines.reserveCapacity(size.rows)
        for y in 0..<size.rows {
            var line = ""
            for x in 0..<size.columns {
                let cell = self[x, y]
                if !cell.isContinuation { line.append(cell.character) }
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

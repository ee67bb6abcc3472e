/// A figure three rows high in box-drawing strokes, for what must be read from a step away: the
/// change a cashier counts out. Digits, `.` and `,`; any other character (a currency symbol) is
/// written as it is on the middle row. A figure wider than its rect is written small instead.
public struct BigDigits: Sendable {
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    public static let height = 3

    private static let glyphs: [Character: [String]] = [
        "0": ["┌─┐", "│ │", "└─┘"], "1": ["  ╷", "  │", "  ╵"], "2": ["╶─┐", "┌─┘", "└─╴"],
        "3": ["╶─┐", " ─┤", "╶─┘"], "4": ["╷ ╷", "└─┤", "  ╵"], "5": ["┌─╴", "└─┐", "╶─┘"],
        "6": ["┌─╴", "├─┐", "└─┘"], "7": ["╶─┐", "  │", "  ╵"], "8": ["┌─┐", "├─┤", "└─┘"],
        "9": ["┌─┐", "└─┤", "╶─┘"], ".": [" ", " ", "."], ",": [" ", " ", ","],
    ]

    /// The three rows of the figure.
    public var rows: [String] {
        var rows = ["", "", ""]
        for character in text {
            if let glyph = Self.glyphs[character] {
                for index in 0..<3 { rows[index] += glyph[index] + (glyph[index].count > 1 ? " " : "") }
            } else {
                let blank = String(repeating: " ", count: String(character).displayWidth)
                rows[0] += blank + " "
                rows[1] += String(character) + " "
                rows[2] += blank + " "
            }
        }
        return rows
    }

    /// Draws at the start of `rect`, three rows if they fit, else the text on one row. Returns
    /// the columns used.
    @discardableResult
    public func draw(into frame: inout Frame, in rect: Rect, style: Style) -> Int {
        guard !rect.isEmpty else { return 0 }
        let rows = self.rows
        let width = rows.map(\.displayWidth).max() ?? 0
        guard rect.height >= Self.height, width <= rect.width else {
            return frame.write(text, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), style: style)
        }
        for (index, row) in rows.enumerated() {
            frame.write(row, in: Rect(x: rect.x, y: rect.y + index, width: rect.width, height: 1), style: style)
        }
        return width
    }
}

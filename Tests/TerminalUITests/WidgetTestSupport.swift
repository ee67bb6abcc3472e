@testable import TerminalUI

/// A frame of `columns` x `rows` filled with `fill`, so that tests can see every cell a helper
/// touched (or must not have touched).
func widgetTestFrame(_ columns: Int, _ rows: Int, fill: Character = " ") -> Frame {
    Frame(size: Size(columns: columns, rows: rows), fill: Cell(fill))
}

/// Lines of a frame's text, for exact comparisons that read like the screen.
func screenLines(_ frame: Frame) -> [String] {
    frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// Every cell outside `rect` is still `fill` with the plain style.
func untouchedOutside(_ frame: Frame, _ rect: Rect, fill: Character = ".") -> Bool {
    for y in 0..<frame.size.rows {
        for x in 0..<frame.size.columns where !rect.contains(Point(x: x, y: y)) {
            if frame[x, y] != Cell(fill) { return false }
        }
    }
    return true
}

/// The frame's continuation cells all follow a wide character, and every wide character has one.
func wideCharactersWellFormed(_ frame: Frame) -> Bool {
    for y in 0..<frame.size.rows {
        for x in 0..<frame.size.columns {
            let cell = frame[x, y]
            if cell.isContinuation {
                let lead = frame[x - 1, y]
                if x == 0 || lead.isContinuation || lead.character.displayWidth != 2 { return false }
            } else if cell.character.displayWidth == 2 {
                if x + 1 >= frame.size.columns || !frame[x + 1, y].isContinuation { return false }
            }
        }
    }
    return true
}

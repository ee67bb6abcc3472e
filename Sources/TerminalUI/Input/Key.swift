/// A key as the counter understands it, whatever terminal it came from.
public enum Key: Hashable, Sendable {
    /// A printable character, including space and any UTF-8 character.
    case character(Character)
    /// Ctrl plus a letter, lowercase (`.control("c")` is Ctrl+C).
    case control(Character)
    case enter, tab, backTab, escape, backspace, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1 to F12.
    case function(Int)
}

public enum MouseButton: Hashable, Sendable {
    case left, middle, right, scrollUp, scrollDown
}

/// Everything the loop can be told: keys, pasted text, mouse clicks and resizes.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    /// Text that arrived all at once (a bracketed paste, or a tape's `Type`), delivered whole so
    /// that a field can take it in one go.
    case paste(String)
    case mouse(MouseButton, at: Point)
    case resize(Size)
    /// A barcode scanner's burst: its digits, whose Enter is spent (`ScanDetector`).
    case scan(String)
}

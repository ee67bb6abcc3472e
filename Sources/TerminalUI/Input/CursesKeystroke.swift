/// What the terminal delivered: a character (assembled from its UTF-8 bytes) or a key code (an
/// escape sequence curses recognised). The raw material of key decoding, kept apart from curses
/// so that decoding is a pure function.
public enum CursesKeystroke: Hashable, Sendable {
    case character(UInt32)
    case keyCode(Int32)
}

/// A mouse event as curses' `getmouse` reports it: where, and the button-state bits.
public struct CursesMouseReport: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var buttonState: UInt32

    public init(x: Int, y: Int, buttonState: UInt32) {
        self.x = x
        self.y = y
        self.buttonState = buttonState
    }
}

/// A surface that keeps frames in memory: the headless twin of the curses surface, for tapes,
/// tests and snapshots. It shows exactly what the terminal would, as text.
public final class MemorySurface: Surface {
    /// The size frames are drawn at. Setting it is a terminal resize; the loop (or
    /// `HeadlessTerminal.resize(to:)`) tells the application and draws again.
    public var size: Size

    /// The frame presented last, or nil before the first.
    public private(set) var lastFrame: Frame?

    /// How many frames have been presented: lets tests see that a redraw happened.
    public private(set) var framesPresented = 0

    /// How many times the bell has rung (the frames' `bells`, as the curses surface rings them).
    public private(set) var bellsRung = 0

    public init(size: Size = Size(columns: 80, rows: 24)) {
        self.size = size
    }

    public func present(_ frame: Frame) {
        lastFrame = frame
        framesPresented += 1
        bellsRung = max(bellsRung, frame.bells)
    }

    /// The last frame as text (one line a row, trailing spaces removed); empty before the first.
    public var text: String { lastFrame?.text ?? "" }

    /// Where the last frame put the terminal cursor, if anywhere.
    public var cursor: Point? { lastFrame?.cursor }
}

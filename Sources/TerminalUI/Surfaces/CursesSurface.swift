import CNcurses

/// The real terminal, through ncurses: a `Surface` that sends only the cells that changed.
///
/// The cells that differ from the frame presented before are written to curses' virtual screen
/// (`stdscr`), which keeps the rest as they were; `doupdate` then compares the lines written with
/// what the terminal shows and sends the difference. So the screen is never cleared per frame,
/// only after something else may have disturbed it (a resize, a suspend).
/// Curses must be running (`TerminalSession`), and this is used from the main thread only.
public final class CursesSurface: Surface {
    private let window: UnsafeMutablePointer<WINDOW>
    private var palette: CursesSurfacePalette
    private let tier: ColorTier
    private let defaultColorsAvailable: Bool
    private var cursorShown: Bool?
    private let output: Int32
    private let synchronizedOutput: Bool
    /// The frame `stdscr` holds: a cell equal to its cell there is not written again. Nil when
    /// `stdscr` must be written whole (see `invalidate`).
    private var written: Frame?
    /// The frames' bell count rung so far (a too-small screen's frame asks for none: not a reset).
    private var bellsRung = 0
    private var scalars = [wchar_t](repeating: 0, count: CursesSurface.maxScalarsPerCell + 1)
    /// The widest character curses keeps in one cell: a base character plus combining marks.
    private static let maxScalarsPerCell = 5

    /// - Parameters:
    ///   - theme: the colours of each role.
    ///   - tier: which of the theme's looks this terminal can show.
    ///   - defaultColorsAvailable: whether `use_default_colors` succeeded.
    ///   - output: the terminal's descriptor, for what curses does not send itself.
    ///   - synchronizedOutput: whether to send each frame inside DEC mode 2026.
    init(theme: Theme, tier: ColorTier, defaultColorsAvailable: Bool, output: Int32, synchronizedOutput: Bool) {
        window = shim_stdscr()
        self.output = output
        self.synchronizedOutput = synchronizedOutput
        self.tier = tier
        self.defaultColorsAvailable = defaultColorsAvailable
        palette = CursesSurfacePalette(theme: theme, tier: tier, defaultColorsAvailable: defaultColorsAvailable)
    }

    /// Switches to another theme at runtime, in the same tier: the colour pairs are redefined and
    /// the next `present` repaints every cell (curses would otherwise send only changed characters).
    public func apply(theme: Theme) {
        palette = CursesSurfacePalette(theme: theme, tier: tier, defaultColorsAvailable: defaultColorsAvailable)
        invalidate()
    }

    public var size: Size {
        Size(columns: Int(shim_getmaxx(window)), rows: Int(shim_getmaxy(window)))
    }

    public func present(_ frame: Frame) {
        let visible = Size(columns: min(frame.size.columns, size.columns), rows: min(frame.size.rows, size.rows))
        let before = written.flatMap { $0.size == frame.size && visible == frame.size ? $0.cells : nil }
        var character = cchar_t()
        for y in 0..<visible.rows {
            for x in 0..<visible.columns {
                let cell = frame[x, y]
                if cell.isContinuation { continue }
                if let before, before[y * frame.size.columns + x] == cell { continue }
                Self.fill(&scalars, with: cell.character)
                let rendition = palette.rendition(for: cell.style)
                setcchar(&character, scalars, rendition.attributes, rendition.pair, nil)
                // Writing the bottom-right cell reports ERR (the cursor cannot move past it),
                // yet the cell is written.
                mvwadd_wch(window, Int32(y), Int32(x), &character)
            }
        }
        written = frame
        if frame.bells > bellsRung {
            bellsRung = frame.bells
            beep()
        }
        placeCursor(frame.cursor, focus: frame.focus, within: visible)
        wnoutrefresh(window)
        // Curses has flushed everything before (each update ends flushed), so the marks written
        // straight to the terminal fall exactly around this frame's bytes.
        if synchronizedOutput { send(TerminalSequences.beginSynchronizedUpdate) }
        doupdate()
        if synchronizedOutput { send(TerminalSequences.endSynchronizedUpdate) }
    }

    /// Makes the next `present` repaint the whole terminal rather than the difference, for when
    /// what the terminal shows is no longer what curses believes (after a resize or a suspend).
    /// `stdscr` is written whole too: after a resize it has lost cells, and after a new theme
    /// an unchanged cell may have another rendition.
    public func invalidate() {
        written = nil
        clearok(shim_curscr(), true)
    }

    /// A text field's cursor is shown where it edits; otherwise the cursor rests, hidden, on the
    /// focus (curses leaves it where the window's cursor is after an update).
    private func placeCursor(_ cursor: Point?, focus: Point?, within visible: Size) {
        func isVisible(_ point: Point) -> Bool {
            point.x >= 0 && point.y >= 0 && point.x < visible.columns && point.y < visible.rows
        }
        let shown: Bool
        if let cursor, isVisible(cursor) {
            wmove(window, Int32(cursor.y), Int32(cursor.x))
            shown = true
        } else {
            if let focus, isVisible(focus) { wmove(window, Int32(focus.y), Int32(focus.x)) }
            shown = false
        }
        if shown != cursorShown {
            curs_set(shown ? 1 : 0)
            cursorShown = shown
        }
    }

    private func send(_ sequence: String) {
        let bytes = Array(sequence.utf8)
        _ = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
    }

    /// Puts the character's scalars, NUL-terminated, into `buffer`. Control characters would
    /// show as `^X` and shift the row, so they become spaces.
    private static func fill(_ buffer: inout [wchar_t], with character: Character) {
        var count = 0
        for scalar in character.unicodeScalars where count < maxScalarsPerCell {
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            buffer[count] = wchar_t(bitPattern: isControl ? 0x20 : value)
            count += 1
        }
        buffer[count] = 0
    }
}

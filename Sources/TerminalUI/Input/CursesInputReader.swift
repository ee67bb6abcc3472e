import CNcurses

/// Reads every key curses has waiting, without blocking, and decodes it.
///
/// The loop calls this when `poll` says stdin (or the signal pipe) is ready. Curses may already
/// hold several keys from one `read`, so the reader drains until `wgetch` reports ERR, which
/// also picks up a `KEY_RESIZE` that curses queued itself.
///
/// Curses turns escape sequences into key codes; characters arrive as bytes, which the reader
/// assembles into UTF-8 itself (`UTF8Assembler`), so that garbage never takes the next key with it.
/// Mouse reports are SGR's (mode 1006): curses recognises their prefix as the key code
/// `CursesKeyCodes.sgrMouse` (see `TerminalSession`), and the reader reads the rest itself,
/// across calls when the report arrives in pieces.
final class CursesInputReader {
    private let window: UnsafeMutablePointer<WINDOW>
    private let currentSize: () -> Size
    private var utf8 = UTF8Assembler()
    private var mouseReport: SGRMouseReport?
    /// The text of a bracketed paste so far, while one is arriving.
    private var paste: BracketedPaste?

    init(window: UnsafeMutablePointer<WINDOW>, currentSize: @escaping () -> Size) {
        self.window = window
        self.currentSize = currentSize
        nodelay(window, true)
    }

    /// The next event waiting, or nil when curses has nothing more right now.
    func next() -> InputEvent? {
        while let keystroke = readKeystroke() {
            if keystroke == .keyCode(CursesKeyCodes.pasteStart) {
                paste = BracketedPaste()
                continue
            }
            if var text = paste {
                guard keystroke != .keyCode(CursesKeyCodes.pasteEnd) else {
                    paste = nil
                    return text.event
                }
                text.take(keystroke)
                paste = text
                continue
            }
            if keystroke == .keyCode(CursesKeyCodes.pasteEnd) { continue }
            if keystroke == .keyCode(CursesKeyCodes.sgrMouse) {
                mouseReport = SGRMouseReport()
                continue
            }
            if var report = mouseReport, case .character(let scalar) = keystroke {
                switch report.take(scalar) {
                case .more:
                    mouseReport = report
                    continue
                case .done(let event):
                    mouseReport = nil
                    if let event { return event }
                    continue
                case .abandoned:
                    mouseReport = nil
                }
            }
            mouseReport = nil
            if let event = decode(keystroke) { return event }
        }
        return nil
    }

    /// The next character or key code; nil when curses has nothing more right now. A byte that
    /// only begins a character is held until the rest arrives.
    private func readKeystroke() -> CursesKeystroke? {
        while true {
            let value = wgetch(window)
            if value == shim_ERR() { return nil }
            guard (0...0xFF).contains(value) else {
                utf8.reset()
                return .keyCode(value)
            }
            if let scalar = utf8.take(UInt8(value)) { return .character(scalar.value) }
        }
    }

    private func decode(_ keystroke: CursesKeystroke) -> InputEvent? {
        guard case .keyCode(let code) = keystroke else { return KeyDecoder.decode(keystroke) }
        switch code {
        case CursesKeyCodes.mouse:
            var event = MEVENT()
            guard getmouse(&event) == shim_OK() else { return nil }
            let report = CursesMouseReport(x: Int(event.x), y: Int(event.y), buttonState: event.bstate)
            return KeyDecoder.decode(keystroke, mouse: report)
        case CursesKeyCodes.resize:
            return KeyDecoder.decode(keystroke, screenSize: currentSize())
        default:
            return KeyDecoder.decode(keystroke)
        }
    }
}

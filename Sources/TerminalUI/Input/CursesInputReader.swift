import CNcurses

/// Reads every key curses has waiting, without blocking, and decodes it.
///
/// The loop calls this when `poll` says stdin (or the signal pipe) is ready. Curses may already
/// hold several keys from one `read`, so the reader drains until `wgetch` reports ERR, which
/// also picks up a `KEY_RESIZE` that curses queued itself.
///
/// Curses turns the escape sequences its terminfo entry names into key codes; characters arrive
/// as bytes, which the reader assembles into UTF-8 itself (`UTF8Assembler`), so that garbage
/// never takes the next key with it. What curses leaves in pieces is put together by
/// `InputEventAssembler`: a bracketed paste, an SGR mouse report (mode 1006: curses recognises
/// its prefix as `CursesKeyCodes.sgrMouse`, see `TerminalSession`), and every escape sequence
/// curses did not know, across calls when it arrives in pieces.
final class CursesInputReader {
    private let window: UnsafeMutablePointer<WINDOW>
    private let currentSize: () -> Size
    private var utf8 = UTF8Assembler()
    private var assembler = InputEventAssembler()

    init(window: UnsafeMutablePointer<WINDOW>, currentSize: @escaping () -> Size) {
        self.window = window
        self.currentSize = currentSize
        nodelay(window, true)
    }

    /// The next event waiting, or nil when curses has nothing more right now.
    func next() -> InputEvent? {
        assembler.next(from: readKeystroke, decodeKeyCode: decode)
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

    private func decode(_ code: Int32) -> InputEvent? {
        let keystroke = CursesKeystroke.keyCode(code)
        switch code {
        case CursesKeyCodes.mouse:
            var event = MEVENT()
            guard getmouse(&event) == shim_OK() else { return nil }
            let report = CursesMouseReport(x: Int(event.x), y: Int(event.y), buttonState: event.bstate)
            return KeyDecoder.decode(keystroke, mouse: report)
        case CursesKeyCodes.resize:
            return KeyDecoder.decode(keystroke, screenSize: currentSize())
        default:
            if let event = KeyDecoder.decode(keystroke) { return event }
            // A moving key with a modifier (Ctrl+Home is `kHOM5`): curses knows it by name only.
            guard let name = keyname(code) else { return nil }
            return CursesKeyNames.key(named: String(cString: name)).map(InputEvent.key)
        }
    }
}

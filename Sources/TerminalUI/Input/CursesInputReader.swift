import CNcurses

/// Reads every key curses has waiting, without blocking, and decodes it.
///
/// The loop calls this when `poll` says stdin (or the signal pipe) is ready. Curses may already
/// hold several keys from one `read`, so the reader drains until `wget_wch` reports ERR, which
/// also picks up a `KEY_RESIZE` that curses queued itself.
final class CursesInputReader {
    private let window: UnsafeMutablePointer<WINDOW>
    private let currentSize: () -> Size

    init(window: UnsafeMutablePointer<WINDOW>, currentSize: @escaping () -> Size) {
        self.window = window
        self.currentSize = currentSize
        nodelay(window, true)
    }

    /// The next event waiting, or nil when curses has nothing more right now.
    func next() -> InputEvent? {
        while let keystroke = readKeystroke() {
            if let event = decode(keystroke) { return event }
        }
        return nil
    }

    private func readKeystroke() -> CursesKeystroke? {
        var value: wint_t = 0
        switch wget_wch(window, &value) {
        case shim_KEY_CODE_YES(): return .keyCode(Int32(bitPattern: value))
        case shim_OK(): return .character(value)
        default: return nil
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

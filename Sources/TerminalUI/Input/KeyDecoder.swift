/// Turns what curses read into the counter's `InputEvent`s. Pure: no terminal needed.
public enum KeyDecoder {
    /// - Parameters:
    ///   - keystroke: what the reader took from curses.
    ///   - mouse: for `KEY_MOUSE`, what `getmouse` then reported.
    ///   - screenSize: for `KEY_RESIZE`, the terminal's new size.
    /// - Returns: the event, or nil for input the counter has no use for (a mouse release, an
    ///   unknown key code, a control character with no meaning).
    public static func decode(_ keystroke: CursesKeystroke, mouse: CursesMouseReport? = nil, screenSize: Size? = nil) -> InputEvent? {
        switch keystroke {
        case .character(let value): decodeCharacter(value).map(InputEvent.key)
        case .keyCode(let code): decodeKeyCode(code, mouse: mouse, screenSize: screenSize)
        }
    }

    private static func decodeCharacter(_ value: UInt32) -> Key? {
        switch value {
        case 13, 10: return .enter  // nonl() gives \r; a Ctrl+J or a pasted newline gives \n
        case 9: return .tab
        case 27: return .escape
        case 127, 8: return .backspace  // DEL from most terminals, ^H from some
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        case 28: return .control("\\")
        case 29: return .control("]")
        case 30: return .control("^")
        case 31: return .control("_")
        case 0, 0x80...0x9F: return nil  // Ctrl+Space and C1 controls mean nothing here
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    private static func decodeKeyCode(_ code: Int32, mouse: CursesMouseReport?, screenSize: Size?) -> InputEvent? {
        typealias Codes = CursesKeyCodes
        switch code {
        case Codes.resize: return screenSize.map(InputEvent.resize)
        case Codes.mouse: return mouse.flatMap(decodeMouse)
        case Codes.enter: return .key(.enter)
        case Codes.backspace: return .key(.backspace)
        case Codes.delete: return .key(.delete)
        case Codes.insert: return .key(.insert)
        case Codes.backTab: return .key(.backTab)
        case Codes.up: return .key(.up)
        case Codes.down: return .key(.down)
        case Codes.left: return .key(.left)
        case Codes.right: return .key(.right)
        case Codes.home: return .key(.home)
        case Codes.end: return .key(.end)
        case Codes.pageUp: return .key(.pageUp)
        case Codes.pageDown: return .key(.pageDown)
        default:
            guard let index = Codes.functionKeys.firstIndex(of: code) else { return nil }
            return .key(.function(index + 1))
        }
    }

    private static func decodeMouse(_ report: CursesMouseReport) -> InputEvent? {
        let state = report.buttonState
        let buttons: [(bits: UInt32, button: MouseButton)] = [
            (CursesMouseBits.left, .left), (CursesMouseBits.middle, .middle), (CursesMouseBits.right, .right),
            (CursesMouseBits.scrollUp, .scrollUp), (CursesMouseBits.scrollDown, .scrollDown),
        ]
        guard let match = buttons.first(where: { state & $0.bits != 0 }) else { return nil }
        return .mouse(match.button, at: Point(x: report.x, y: report.y))
    }
}

import CNcurses

/// The ncurses key codes and mouse bits the decoder knows, read from the C header through the
/// shim (they are macros, which Swift cannot import).
enum CursesKeyCodes {
    static let down = shim_KEY_DOWN()
    static let up = shim_KEY_UP()
    static let left = shim_KEY_LEFT()
    static let right = shim_KEY_RIGHT()
    static let home = shim_KEY_HOME()
    static let end = shim_KEY_END()
    static let pageUp = shim_KEY_PPAGE()
    static let pageDown = shim_KEY_NPAGE()
    static let backspace = shim_KEY_BACKSPACE()
    static let delete = shim_KEY_DC()
    static let insert = shim_KEY_IC()
    static let enter = shim_KEY_ENTER()
    static let backTab = shim_KEY_BTAB()
    static let mouse = shim_KEY_MOUSE()
    static let resize = shim_KEY_RESIZE()
    /// Our own code for the prefix of an SGR mouse report, `ESC [ <` (bound with `define_key`):
    /// past every code curses defines.
    static let sgrMouse = shim_KEY_MAX() + 1
    /// Our own codes for the marks around a bracketed paste.
    static let pasteStart = shim_KEY_MAX() + 2
    static let pasteEnd = shim_KEY_MAX() + 3
    /// F1...F12, in order.
    static let functionKeys = (1...12).map { shim_KEY_F($0) }
}

enum CursesMouseBits {
    static let left = shim_BUTTON1_PRESSED() | shim_BUTTON1_CLICKED() | shim_BUTTON1_DOUBLE_CLICKED()
    static let middle = shim_BUTTON2_PRESSED() | shim_BUTTON2_CLICKED() | shim_BUTTON2_DOUBLE_CLICKED()
    static let right = shim_BUTTON3_PRESSED() | shim_BUTTON3_CLICKED() | shim_BUTTON3_DOUBLE_CLICKED()
    static let scrollUp = shim_BUTTON4_PRESSED()
    static let scrollDown = shim_BUTTON5_PRESSED()
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A line typed at the terminal without being shown: a password, a PIN, a card's security code
/// or a bank's code must not appear on the screen or a braille line. The terminal's echo is
/// turned off for that one line and always turned back on, also when Ctrl+C ends the counter
/// meanwhile. Not a terminal (a pipe, a test's script): read as any line.
enum SecretLine {
    /// The settings to put back; kept where a signal handler may reach them.
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var isHidden = false

    static func read() -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return Swift.readLine(strippingNewline: true) }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return Swift.readLine(strippingNewline: true) }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ECHO)
        let previous = signal(SIGINT) { signal in
            // tcsetattr is async-signal-safe: the terminal is given back before the counter ends.
            if SecretLine.isHidden { tcsetattr(STDIN_FILENO, TCSANOW, &SecretLine.saved) }
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
        }
        isHidden = tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0
        defer {
            if isHidden { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
            isHidden = false
            signal(SIGINT, previous)
            // The Enter that ended the line was not shown either.
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
        return Swift.readLine(strippingNewline: true)
    }
}

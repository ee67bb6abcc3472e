import Foundation

/// Which terminal description curses is opened with.
///
/// Curses can send 24-bit colours only through a description that says the terminal takes
/// them (terminfo's `RGB`, as `xterm-direct` does). Terminals that do mostly keep
/// `TERM=xterm-256color` and announce truecolor with `COLORTERM=truecolor` instead; for them the
/// counter opens the direct-colour description of the same family (`xterm-direct`,
/// `tmux-direct`, ...), where the machine has one (Debian's ncurses-term), and otherwise stays
/// with `$TERM` and its 256 colours.
public enum TerminalType {
    /// `COLORTERM=truecolor` or `24bit`: the terminal says it shows 24-bit colour.
    public static func asksForTruecolor(_ environment: [String: String]) -> Bool {
        ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
    }

    /// The description to open instead of `$TERM`, or nil to keep `$TERM`.
    /// - Parameter hasDescription: whether the terminfo database has an entry of that name.
    public static func choose(environment: [String: String], hasDescription: (String) -> Bool = TerminalType.hasDescription) -> String? {
        guard asksForTruecolor(environment),
              (environment["NO_COLOR"] ?? "").isEmpty,
              let term = environment["TERM"], !term.isEmpty,
              !term.hasSuffix("-direct"), !["dumb", "linux"].contains(term),
              let family = term.split(separator: "-").first
        else { return nil }
        let direct = String(family) + "-direct"
        return hasDescription(direct) ? direct : nil
    }

    /// Whether a compiled terminfo entry `name` exists where ncurses looks for one.
    public static func hasDescription(_ name: String) -> Bool {
        guard let initial = name.first else { return false }
        let environment = ProcessInfo.processInfo.environment
        var directories: [String] = []
        if let own = environment["TERMINFO"] { directories.append(own) }
        if let home = environment["HOME"] { directories.append(home + "/.terminfo") }
        if let list = environment["TERMINFO_DIRS"] { directories += list.split(separator: ":").map(String.init) }
        directories += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        let hex = String(format: "%02x", Int(initial.asciiValue ?? 0))
        return directories.contains { directory in
            FileManager.default.fileExists(atPath: "\(directory)/\(initial)/\(name)")
                || FileManager.default.fileExists(atPath: "\(directory)/\(hex)/\(name)")
        }
    }
}

/// What the terminal does beyond what curses drives from terminfo, decided once at start.
public struct TerminalFeatures: Equatable, Sendable {
    /// Frames are sent inside DEC mode 2026 (synchronized output), so none is seen half drawn.
    public var synchronizedOutput: Bool
    /// The window title is set (OSC 2) and put back on exit (the title stack).
    public var windowTitle: Bool

    public init(synchronizedOutput: Bool = false, windowTitle: Bool = false) {
        self.synchronizedOutput = synchronizedOutput
        self.windowTitle = windowTitle
    }

    /// - Parameters:
    ///   - term: `$TERM`.
    ///   - terminfoHasSync: whether the description has the `Sync` capability (tmux's name for
    ///     mode 2026 support).
    ///   - terminfoHasStatusLine: whether it has `tsl` (it can set a title its own way).
    ///   - replies: what the terminal answered at start, if it was asked.
    public static func detect(term: String, terminfoHasSync: Bool, terminfoHasStatusLine: Bool, replies: TerminalReplies?) -> TerminalFeatures {
        let family = term.split(separator: "-").first.map(String.init) ?? term
        return TerminalFeatures(
            synchronizedOutput: terminfoHasSync || replies?.synchronizedOutputKnown == true,
            windowTitle: terminfoHasStatusLine || titledFamilies.contains(family)
        )
    }

    /// Terminal families that take OSC 2. Not the Linux console, which would print the title as
    /// text, nor `dumb`, `vt100` and the like.
    static let titledFamilies: Set<String> = [
        "xterm", "tmux", "screen", "rxvt", "alacritty", "foot", "kitty", "wezterm", "contour",
        "st", "konsole", "gnome", "vte", "putty", "iterm", "iterm2", "mintty", "ghostty",
    ]
}

/// What a terminal answered to the start-up queries (`TerminalProbe`), parsed from its bytes.
public struct TerminalReplies: Equatable, Sendable {
    /// The DECRQM answer for mode 2026: 1 set, 2 reset (both mean the terminal knows it),
    /// 0 not recognised, 4 permanently reset; nil when it did not answer.
    public var synchronizedOutputState: Int?
    /// Whether the device-attributes answer came, which ends the answers.
    public var sawDeviceAttributes = false

    public var synchronizedOutputKnown: Bool { synchronizedOutputState == 1 || synchronizedOutputState == 2 }

    /// Reads the answers out of `bytes` (anything else in them is ignored).
    public init(parsing bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            // CSI ? <parameters> [$] <final>
            var end = index + 3
            while end < bytes.count, (0x30...0x3F).contains(bytes[end]) || bytes[end] == UInt8(ascii: "$") { end += 1 }
            guard end < bytes.count else { break }
            let body = String(decoding: bytes[(index + 3)..<end], as: UTF8.self)
            switch bytes[end] {
            case UInt8(ascii: "y") where body.hasSuffix("$"):
                let numbers = body.dropLast().split(separator: ";").compactMap { Int($0) }
                if numbers.count == 2, numbers[0] == 2026 { synchronizedOutputState = numbers[1] }
            case UInt8(ascii: "c"):
                sawDeviceAttributes = true
            default:
                break
            }
            index = end + 1
        }
    }
}

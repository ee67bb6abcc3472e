/// What a terminal can show, from most to least.
public enum ColorTier: String, CaseIterable, Hashable, Sendable {
    /// 24-bit colour: each role in the exact colour the theme means, whatever the palette.
    case truecolor = "truecolor"
    case colors256 = "colors-256"
    case colors8 = "colors-8"
    case monochrome = "mono"

    /// The number of colours curses reports for a direct-colour terminal (terminfo `RGB`, such as
    /// `xterm-direct`): every 24-bit value is a colour.
    public static let directColorCount = 1 << 24

    /// The tier for a terminal that reports `colors` colours (curses' `COLORS`, 0 when it has
    /// none), in the given environment. `NO_COLOR` (set and non-empty, see no-color.org) and
    /// `TERM=dumb` ask for no colour whatever the terminal can do. Truecolor needs a terminal
    /// description that speaks it (`TerminalType.choose` opens one when `COLORTERM` asks).
    public static func detect(colors: Int, environment: [String: String]) -> ColorTier {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        if environment["TERM"] == "dumb" { return .monochrome }
        if colors >= directColorCount { return .truecolor }
        if colors >= 256 { return .colors256 }
        if colors >= 8 { return .colors8 }
        return .monochrome
    }
}

import Localization

/// One key and what it does here: `Enter Select`.
///
/// The label is the catalogue's English text; the footer and the help overlay show it in the
/// current language (`shownLabel`), so a screen can keep its hints in a constant. Key names
/// (Enter, Esc, Tab) are the same in every language, as they are printed on the keys.
public struct KeyHint: Hashable, Sendable {
    public var key: String
    public var label: String

    /// The label in the current language.
    public var shownLabel: String { tr(label) }

    public init(_ key: String, _ label: String) {
        self.key = key
        self.label = label
    }

    public static let select = KeyHint("Enter", "Select")
    public static let back = KeyHint("Esc", "Back")
    public static let help = KeyHint("?", "Keys")
    public static let quit = KeyHint("q", "Quit")
    public static let focus = KeyHint("Tab", "Next field")
}

/// The bottom line of a screen: the keys that do something here.
///
///     Enter Select  Esc Back  ? Keys  q Quit
///
/// When they do not all fit, whole hints are dropped from the end and `…` says so.
public struct Footer: Sendable {
    public var hints: [KeyHint]

    public init(_ hints: [KeyHint]) {
        self.hints = hints
    }

    private static let separator = 2
    private static func width(of hint: KeyHint) -> Int { hint.key.displayWidth + 1 + hint.shownLabel.displayWidth }

    /// How many hints fit in `width` columns, with room for `  …` when some are left out.
    public func fittingCount(width: Int) -> Int {
        var used = 0
        var fitted = 0
        for (index, hint) in hints.enumerated() {
            let next = used + (index > 0 ? Self.separator : 0) + Self.width(of: hint)
            let isLast = index == hints.count - 1
            let ellipsis = isLast ? 0 : (Self.separator + 1)
            if next + ellipsis > width {
                // The last hint may still fit without an ellipsis after it.
                if isLast && next <= width { fitted += 1 }
                break
            }
            used = next
            fitted += 1
        }
        return fitted
    }

    /// Draws on `rect`'s first row, in the footer role with keys in the accent.
    public func draw(into frame: inout Frame, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let line = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        let labelStyle = Style(.footer), keyStyle = Style(.accent, .bold)
        frame.fill(line, style: labelStyle)
        let count = fittingCount(width: line.width)
        guard count > 0 else {
            // Not even one hint fits whole: show the first, cut.
            if let first = hints.first {
                frame.write("\(first.key) \(first.shownLabel)", in: line, style: labelStyle)
            }
            return
        }
        var x = line.x
        for (index, hint) in hints.prefix(count).enumerated() {
            if index > 0 { x += Self.separator }
            x += frame.write(hint.key, at: Point(x: x, y: line.y), style: keyStyle, clip: line)
            x += frame.write(" " + hint.shownLabel, at: Point(x: x, y: line.y), style: labelStyle, clip: line)
        }
        if count < hints.count {
            frame.write("…", at: Point(x: x + Self.separator, y: line.y), style: labelStyle, clip: line)
        }
    }
}

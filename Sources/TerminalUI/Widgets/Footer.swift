import Localization

/// One key and what it does here: `Enter Select`.
///
/// The label is the catalogue's English text; the footer and the help overlay show it in the
/// current language (`shownLabel`), so a screen can keep its hints in a constant. Key names
/// (Enter, Esc, Tab) are the same in every language, as they are printed on the keys.
public struct KeyHint: Hashable, Sendable {
    public var key: String
    public var label: String
    /// The screen's main action, which the footer keeps whatever the width (`Footer.mustStay`).
    public var isPrimary = false

    /// The label in the current language.
    public var shownLabel: String { tr(label) }

    public init(_ key: String, _ label: String) {
        self.key = key
        self.label = label
    }

    /// The number keys of a list of `count` lines ("1-4", "1", or none for an empty list),
    /// as far as a single digit picks.
    public static func numbers(_ count: Int, _ label: String) -> [KeyHint] {
        switch count {
        case ..<1: []
        case 1: [KeyHint("1", label)]
        default: [KeyHint("1-\(min(count, 9))", label)]
        }
    }

    /// "↑↓ Move" for a list of `count` rows: nothing, when there is no other row to move to.
    public static func move(_ count: Int, _ label: String = "Move") -> [KeyHint] {
        count > 1 ? [KeyHint("↑↓", label)] : []
    }

    /// This hint as the screen's primary action: the footer keeps it when others yield.
    public var primary: KeyHint {
        var hint = self
        hint.isPrimary = true
        return hint
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
/// When they do not all fit, the screen's own hints give way from the end and `…` says so;
/// `? Keys` (which lists every key) and `q Quit` always stay, so a shopper can always learn the
/// rest and leave.
public struct Footer: Sendable {
    public var hints: [KeyHint]

    public init(_ hints: [KeyHint]) {
        self.hints = hints
    }

    /// What the footer line holds, left to right.
    public enum Item: Equatable, Sendable {
        case hint(KeyHint)
        /// Some hints were left out (`?` lists them).
        case more
    }

    private static let separator = 2
    private static func width(of item: Item) -> Int {
        switch item {
        case .hint(let hint): hint.key.displayWidth + 1 + hint.shownLabel.displayWidth
        case .more: 1
        }
    }

    private static func width(of items: [Item]) -> Int {
        items.reduce(0) { $0 + width(of: $1) } + max(0, items.count - 1) * separator
    }

    /// The hints that stay whatever the width.
    static func isKept(_ hint: KeyHint) -> Bool { hint == .help || hint == .quit }

    /// The priority rule: the hints a shopper must always see, so they can go back, learn the
    /// rest and leave, and do what the screen is for: `Esc`, `?`, `q` and the primary action (the
    /// hint marked `primary`, else the first `Enter`). The others yield, from the end.
    public var mustStay: [KeyHint] {
        let primary = hints.first(where: \.isPrimary) ?? hints.first { $0.key == "Enter" }
        return hints.filter { $0.key == "Esc" || $0.key == "?" || $0.key == "q" || $0 == primary }
    }

    /// The items that fit in `width` columns: every hint when they fit; otherwise the priority
    /// rule: the screen's other hints yield from the end, and what must stay (`mustStay`) stays,
    /// in the screen's order, with `…` before `?` and `q`. When not even those fit (narrower than
    /// any screen the counter draws), the older rule: as many of the screen's own as fit from the
    /// start, `…`, `?` and `q`; and when not even `?` and `q` fit, as many hints as fit from the
    /// start, then `…`. Empty when not even one fits whole.
    public func items(width: Int) -> [Item] {
        let all = hints.map(Item.hint)
        if Self.width(of: all) <= width { return all }
        let staying = mustStay
        let yielding = hints.filter { !staying.contains($0) }
        for count in stride(from: yielding.count - 1, through: 0, by: -1) {
            let candidate = arranged(staying + yielding.prefix(count))
            if Self.width(of: candidate) <= width { return candidate }
        }
        let kept = hints.filter(Self.isKept).map(Item.hint)
        let own = hints.filter { !Self.isKept($0) }.map(Item.hint)
        if !kept.isEmpty {
            for count in stride(from: own.count - 1, through: 0, by: -1) {
                let candidate = Array(own.prefix(count)) + [.more] + kept
                if Self.width(of: candidate) <= width { return candidate }
            }
        }
        for count in stride(from: hints.count - 1, through: 1, by: -1) {
            let candidate = Array(all.prefix(count)) + [.more]
            if Self.width(of: candidate) <= width { return candidate }
        }
        return []
    }

    /// `shown` in the screen's order, with `…` (some hints yielded) before `?` and `q`.
    private func arranged(_ shown: [KeyHint]) -> [Item] {
        let ordered = hints.filter(shown.contains)
        let last = ordered.filter(Self.isKept), first = ordered.filter { !Self.isKept($0) }
        return first.map(Item.hint) + [.more] + last.map(Item.hint)
    }

    /// Draws on `rect`'s first row, in the footer role with keys in the accent.
    public func draw(into frame: inout Frame, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let line = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        let labelStyle = Style(.footer), keyStyle = Style(.accent, .bold)
        frame.fill(line, style: labelStyle)
        let items = items(width: line.width)
        guard !items.isEmpty else {
            // Not even one hint fits whole: show the first, cut.
            if let first = hints.first {
                frame.write("\(first.key) \(first.shownLabel)", in: line, style: labelStyle)
            }
            return
        }
        var x = line.x
        for (index, item) in items.enumerated() {
            if index > 0 { x += Self.separator }
            switch item {
            case .hint(let hint):
                x += frame.write(hint.key, at: Point(x: x, y: line.y), style: keyStyle, clip: line)
                x += frame.write(" " + hint.shownLabel, at: Point(x: x, y: line.y), style: labelStyle, clip: line)
            case .more:
                x += frame.write("…", at: Point(x: x, y: line.y), style: labelStyle, clip: line)
            }
        }
    }
}

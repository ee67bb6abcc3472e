import Localization

/// Whether the `?` overlay is up. While it is, it takes every key (but Ctrl+C); Esc, `?`, `q`
/// or Enter close it.
public struct HelpOverlayState: KeyHandling, Equatable, Sendable {
    public private(set) var isShown: Bool

    public init(isShown: Bool = false) {
        self.isShown = isShown
    }

    public mutating func show() { isShown = true }
    public mutating func hide() { isShown = false }
    public mutating func toggle() { isShown.toggle() }

    /// Declines everything while hidden: opening it on `?` is the screen's call, since `?` is
    /// ordinary text in a focused field.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        guard isShown, key != .control("c") else { return false }
        switch key {
        case .escape, .enter, .character("?"), .character("q"): isShown = false
        default: break
        }
        return true
    }
}

/// The `?` overlay: the keys of the current screen, in a centred box.
///
///     ╭─ Keys ──────────────────╮
///     │                         │
///     │  ↑ ↓     Move           │
///     │  Enter   Select         │
///     │  Esc     Back           │
///     │                         │
///     │  Esc or ? closes        │
///     ╰─────────────────────────╯
///
/// The title is a catalogue text, shown in the current language like the hints.
public struct HelpOverlay: Sendable {
    public var title: String
    public var hints: [KeyHint]

    public init(title: String = "Keys", hints: [KeyHint]) {
        self.title = title
        self.hints = hints
    }

    private static var closingLine: String { tr("Esc or ? closes") }
    private var shownTitle: String { tr(title) }

    /// Where the box goes within `area`.
    public func layout(in area: Rect) -> Rect {
        let keyColumn = hints.map(\.key.displayWidth).max() ?? 0
        let labelColumn = hints.map(\.shownLabel.displayWidth).max() ?? 0
        let inner = max(keyColumn + 3 + labelColumn, Self.closingLine.displayWidth, shownTitle.displayWidth + 2) + 4
        // Border, blank, hints, blank, closing line, border.
        return area.centered(width: inner + 2, height: hints.count + 5)
    }

    public func draw(into frame: inout Frame) {
        draw(into: &frame, in: frame.bounds)
    }

    public func draw(into frame: inout Frame, in area: Rect) {
        let box = layout(in: area)
        guard !box.isEmpty else { return }
        frame.clear(box)
        frame.cursor = nil
        frame.focus = nil
        let inside = frame.drawBox(box, title: shownTitle, border: .rounded, style: WidgetLook.focusedBorder, titleStyle: Style(.focus, .bold))
        let content = inside.inset(top: 1, left: 2, bottom: 0, right: 1)
        let keyColumn = (hints.map(\.key.displayWidth).max() ?? 0) + 3
        let (list, closing) = content.splitBottom(2)
        for (row, hint) in hints.enumerated() where row < list.height {
            let y = list.y + row
            frame.write(hint.key, in: Rect(x: list.x, y: y, width: min(keyColumn, list.width), height: 1), style: WidgetLook.accent)
            frame.write(hint.shownLabel, in: Rect(x: list.x + keyColumn, y: y, width: max(0, list.width - keyColumn), height: 1), style: WidgetLook.text)
        }
        frame.write(Self.closingLine, in: closing.splitBottom(1).bottom, style: WidgetLook.muted)
    }
}

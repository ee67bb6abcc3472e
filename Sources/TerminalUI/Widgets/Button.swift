/// A push button: `[ Pay £12.00 ]`. Focused, it takes the focus look; disabled, it is muted
/// and ignores keys.
public struct Button: Sendable {
    public var title: String
    public var isDisabled: Bool

    public init(_ title: String, isDisabled: Bool = false) {
        self.title = title
        self.isDisabled = isDisabled
    }

    /// The text drawn, brackets included.
    public var label: String { "[ \(title) ]" }

    /// Columns the button takes.
    public var width: Int { label.displayWidth }

    /// Whether `key` presses the button (Enter or Space, and only when enabled).
    public func handle(_ key: Key) -> Bool {
        !isDisabled && key.isActivation
    }

    /// Draws the button at the start of `rect`'s first row. Returns the columns used. Focused,
    /// it is where the terminal's (hidden) cursor rests (`Frame.focus`).
    @discardableResult
    public func draw(into frame: inout Frame, in rect: Rect, focused: Bool) -> Int {
        let style = isDisabled ? WidgetLook.disabled : (focused ? WidgetLook.focused : WidgetLook.text)
        if focused, !rect.isEmpty { frame.focus = Point(x: rect.x, y: rect.y) }
        return frame.write(label, in: Rect(x: rect.x, y: rect.y, width: min(width, rect.width), height: min(1, rect.height)),
                           style: style)
    }
}

/// Buttons side by side, two columns apart (a dialog's OK/Cancel row).
public enum ButtonRow {
    /// Columns the row takes.
    public static func width(of buttons: [Button]) -> Int {
        buttons.reduce(0) { $0 + $1.width } + max(0, buttons.count - 1) * 2
    }

    /// Draws `buttons` on the first row of `rect`, aligned, with `focusedIndex` focused.
    public static func draw(
        _ buttons: [Button], into frame: inout Frame, in rect: Rect, focusedIndex: Int?, alignment: TextAlignment = .center
    ) {
        guard !rect.isEmpty else { return }
        let total = width(of: buttons)
        var x: Int
        switch alignment {
        case .leading: x = rect.x
        case .center: x = rect.x + max(0, (rect.width - total) / 2)
        case .trailing: x = rect.x + max(0, rect.width - total)
        }
        for (index, button) in buttons.enumerated() {
            let area = Rect(x: x, y: rect.y, width: max(0, rect.maxX - x), height: 1)
            x += button.draw(into: &frame, in: area, focused: index == focusedIndex) + 2
            if x >= rect.maxX { break }
        }
    }
}

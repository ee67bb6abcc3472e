import Localization

/// What a key did to a dialog.
public enum DialogEvent: Equatable, Sendable {
    /// Enter (or Space) on a button, by index.
    case chose(Int)
    /// Esc, when the dialog may be dismissed.
    case dismissed
}

/// A modal dialog's state: which button has focus.
///
/// A modal takes every key while it is shown (that is what modal means), except Ctrl+C, which
/// quits from anywhere.
public struct ModalDialogState: KeyHandling, Equatable, Sendable {
    public var buttonCount: Int
    public private(set) var focusedButton: Int
    /// Whether Esc closes it (a confirmation may insist on an answer).
    public var isDismissible: Bool

    public init(buttonCount: Int, focusedButton: Int = 0, isDismissible: Bool = true) {
        self.buttonCount = max(0, buttonCount)
        self.focusedButton = min(max(0, focusedButton), max(0, buttonCount - 1))
        self.isDismissible = isDismissible
    }

    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        _ = update(key)
        return key != .control("c")
    }

    /// Left/Right and Tab/Shift+Tab move between buttons; Enter or Space chooses; Esc dismisses.
    public mutating func update(_ key: Key) -> DialogEvent? {
        switch key {
        case .left, .backTab:
            if buttonCount > 0 { focusedButton = (focusedButton - 1 + buttonCount) % buttonCount }
        case .right, .tab:
            if buttonCount > 0 { focusedButton = (focusedButton + 1) % buttonCount }
        case _ where key.isActivation:
            return buttonCount > 0 ? .chose(focusedButton) : (isDismissible ? .dismissed : nil)
        case .escape:
            return isDismissible ? .dismissed : nil
        default:
            break
        }
        return nil
    }
}

/// A centred box over the screen with a title, a message and a row of buttons. Whatever was
/// drawn under it is cleared first.
///
///     ╭─ Remove item ──────────────────╮
///     │                                │
///     │ Remove Heather honey from the  │
///     │ cart?                          │
///     │                                │
///     │      [ Remove ]  [ Keep ]      │
///     ╰────────────────────────────────╯
public struct ModalDialog: Sendable {
    public var title: String
    public var message: String
    public var buttons: [String]
    /// The widest the box grows, border included.
    public var maxWidth: Int
    /// The border's role: `.border`, or `.error`/`.warning` for bad news.
    public var tone: ColorRole

    public init(title: String, message: String, buttons: [String] = [tr("OK")], maxWidth: Int = 60, tone: ColorRole = .border) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.maxWidth = maxWidth
        self.tone = tone
    }

    /// Where the box goes within `area` (usually the whole frame).
    public func layout(in area: Rect) -> Rect {
        let buttonRow = ButtonRow.width(of: buttons.map { Button($0) })
        let widest = max(title.displayWidth + 4, buttonRow, message.split(separator: "\n").map(\.displayWidth).max() ?? 0)
        let width = min(widest + 4, maxWidth, area.width)
        let lines = message.wrapped(toWidth: max(1, width - 4)).count
        // Border, padding, message, blank, buttons, border.
        let height = min(lines + (buttons.isEmpty ? 4 : 5), area.height)
        return area.centered(width: width, height: height)
    }

    /// Draws centred on the whole frame.
    public func draw(into frame: inout Frame, state: ModalDialogState) {
        draw(into: &frame, in: frame.bounds, state: state)
    }

    /// Draws centred in `area`.
    public func draw(into frame: inout Frame, in area: Rect, state: ModalDialogState) {
        let box = layout(in: area)
        guard !box.isEmpty else { return }
        frame.clear(box)
        frame.cursor = nil // a field under the dialog no longer has the keys
        frame.focus = nil
        let inside = frame.drawBox(box, title: title, border: .rounded, style: Style(tone), titleStyle: Style(tone == .border ? .title : tone, .bold))
        let content = inside.inset(top: 1, left: 1, bottom: 0, right: 1)
        let (body, buttonArea) = content.splitBottom(buttons.isEmpty ? 0 : 2)
        TextBlock(message).draw(into: &frame, in: body)
        if !buttons.isEmpty {
            ButtonRow.draw(buttons.map { Button($0) }, into: &frame,
                           in: buttonArea.splitBottom(1).bottom,
                           focusedIndex: state.focusedButton)
        }
    }
}

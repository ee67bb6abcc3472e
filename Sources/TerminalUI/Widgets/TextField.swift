/// A labelled one-line text input, drawn from a `TextFieldState`.
///
///     Card number  4242 4242 4242 4242
///                  Card number is incomplete
///
/// The value sits in an underlined area; a placeholder shows while it is empty; the validation
/// message goes on the row below when there is one, otherwise after the field. When focused, the
/// terminal cursor is put at the edit point (`frame.cursor`).
public struct TextField {
    public var label: String
    public var placeholder: String
    /// Columns kept for the label, so fields in a form line up; nil for the label's own width.
    public var labelWidth: Int?
    /// Columns of the input area; nil for the rest of the row.
    public var fieldWidth: Int?

    public init(label: String = "", placeholder: String = "", labelWidth: Int? = nil, fieldWidth: Int? = nil) {
        self.label = label
        self.placeholder = placeholder
        self.labelWidth = labelWidth
        self.fieldWidth = fieldWidth
    }

    public func draw(into frame: inout Frame, in rect: Rect, state: inout TextFieldState, focused: Bool) {
        guard !rect.isEmpty else { return }
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        var valueX = rect.x
        if !label.isEmpty {
            let columns = max(0, labelWidth ?? label.displayWidth)
            frame.write(label, in: Rect(x: rect.x, y: rect.y, width: min(columns, rect.width), height: 1),
                        style: focused ? WidgetLook.accent : WidgetLook.text)
            valueX = rect.x + columns + 2
        }
        let available = max(0, row.maxX - valueX)
        let width = min(fieldWidth ?? available, available)
        let area = Rect(x: valueX, y: rect.y, width: width, height: 1)
        drawValue(into: &frame, in: area, state: &state, focused: focused)

        if let message = state.validationMessage, !message.isEmpty {
            let messageArea: Rect
            if rect.height >= 2 {
                messageArea = Rect(x: valueX, y: rect.y + 1, width: max(0, rect.maxX - valueX), height: 1)
            } else {
                messageArea = Rect(x: area.maxX + 1, y: rect.y, width: max(0, rect.maxX - area.maxX - 1), height: 1)
            }
            frame.write(message, in: messageArea, style: WidgetLook.error)
        }
    }

    private func drawValue(into frame: inout Frame, in area: Rect, state: inout TextFieldState, focused: Bool) {
        guard !area.isEmpty else { return }
        frame.fill(area, style: WidgetLook.field)
        if state.isEmpty {
            if !placeholder.isEmpty {
                frame.write(placeholder, in: area, style: WidgetLook.placeholder)
            }
            if focused { frame.cursor = Point(x: area.x, y: area.y) }
            return
        }
        state.scrollToCursor(width: area.width)
        let shown = state.displayedCharacters
        var x = area.x
        var cursorX = area.x
        for index in state.scrollOffset..<shown.count {
            if index == state.cursor { cursorX = x }
            let used = frame.write(String(shown[index]), at: Point(x: x, y: area.y), style: WidgetLook.field, clip: area)
            if used == 0 { break }
            x += used
        }
        if state.cursor >= shown.count { cursorX = x }
        if focused, area.contains(Point(x: cursorX, y: area.y)) {
            frame.cursor = Point(x: cursorX, y: area.y)
        }
    }
}

/// A bordered frame with an optional title: `┌─ Payment ───┐`. Focused, its border takes the
/// focus role, so the user sees which panel keys go to.
public struct Box: Sendable {
    public var title: String?
    public var border: BorderStyle

    public init(title: String? = nil, border: BorderStyle = .rounded) {
        self.title = title
        self.border = border
    }

    /// Draws the border and title around `rect` and returns the inside, for the content.
    @discardableResult
    public func draw(into frame: inout Frame, in rect: Rect, focused: Bool = false) -> Rect {
        frame.drawBox(rect, title: title, border: border,
                      style: focused ? WidgetLook.focusedBorder : WidgetLook.border,
                      titleStyle: focused ? Style(.focus, .bold) : WidgetLook.title)
    }
}

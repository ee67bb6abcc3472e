/// A checkbox's state. Space or Enter ticks and unticks it.
public struct CheckboxState: KeyHandling, Equatable, Sendable {
    public var isChecked: Bool
    public var isDisabled: Bool

    public init(isChecked: Bool = false, isDisabled: Bool = false) {
        self.isChecked = isChecked
        self.isDisabled = isDisabled
    }

    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        guard !isDisabled, key.isActivation else { return false }
        isChecked.toggle()
        return true
    }
}

/// `[x] Save this card` / `[ ] Save this card`.
public struct Checkbox: Sendable {
    public var label: String

    public init(_ label: String) {
        self.label = label
    }

    /// Draws on `rect`'s first row. Returns the columns used.
    @discardableResult
    public func draw(into frame: inout Frame, in rect: Rect, state: CheckboxState, focused: Bool) -> Int {
        guard !rect.isEmpty else { return 0 }
        let box = state.isChecked ? "[x]" : "[ ]"
        let boxStyle = state.isDisabled ? WidgetLook.disabled : (focused ? WidgetLook.focused : WidgetLook.accent)
        let labelStyle = state.isDisabled ? WidgetLook.disabled : WidgetLook.text
        let line = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        var used = frame.write(box, at: Point(x: rect.x, y: rect.y), style: boxStyle, clip: line)
        if !label.isEmpty, used < rect.width {
            let labelArea = Rect(x: rect.x + used + 1, y: rect.y, width: rect.width - used - 1, height: 1)
            used += 1 + frame.write(label, in: labelArea, style: labelStyle)
        }
        return used
    }
}

/// A widget's state that reacts to keys (the Bubble Tea `Update` half of a widget).
///
/// `handle` returns whether the widget used the event; a screen offers a key to its focused
/// widget first and acts on it itself only when the widget declines (Esc, q, ?...).
public protocol KeyHandling {
    @discardableResult
    mutating func handle(_ key: Key) -> Bool
    /// Any input event. By default keys go to `handle(_: Key)` and everything else is declined;
    /// a widget that takes pastes or clicks overrides it.
    @discardableResult
    mutating func handle(_ event: InputEvent) -> Bool
}

extension KeyHandling {
    @discardableResult
    public mutating func handle(_ event: InputEvent) -> Bool {
        if case .key(let key) = event { return handle(key) }
        return false
    }
}

extension Key {
    /// Enter or Space: what presses a button or ticks a box.
    public var isActivation: Bool {
        self == .enter || self == .character(" ")
    }
}

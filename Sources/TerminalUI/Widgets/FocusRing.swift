/// Which of a screen's N controls has focus. Tab moves to the next enabled control and Shift+Tab
/// to the previous one, wrapping around; disabled controls are skipped.
public struct FocusRing: KeyHandling, Equatable, Sendable {
    /// How many controls take part, indexed 0..<count in Tab order.
    public var count: Int {
        didSet { revalidate() }
    }
    public var disabled: Set<Int> {
        didSet { revalidate() }
    }
    /// The focused control, or nil when every control is disabled.
    public private(set) var focused: Int?

    public init(count: Int, focused: Int? = nil, disabled: Set<Int> = []) {
        self.count = max(0, count)
        self.disabled = disabled
        self.focused = focused
        revalidate()
    }

    public func isFocused(_ index: Int) -> Bool { focused == index }

    public func isEnabled(_ index: Int) -> Bool {
        index >= 0 && index < count && !disabled.contains(index)
    }

    /// Focuses `index` if it is an enabled control. Returns whether it did.
    @discardableResult
    public mutating func focus(_ index: Int) -> Bool {
        guard isEnabled(index) else { return false }
        focused = index
        return true
    }

    /// Moves to the next enabled control, wrapping. Returns whether focus moved.
    @discardableResult
    public mutating func next() -> Bool { move(by: 1) }

    /// Moves to the previous enabled control, wrapping. Returns whether focus moved.
    @discardableResult
    public mutating func previous() -> Bool { move(by: -1) }

    /// Tab and Shift+Tab; declined when there is nowhere else to go.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .tab: next()
        case .backTab: previous()
        default: false
        }
    }

    private mutating func move(by step: Int) -> Bool {
        guard count > 0 else { return false }
        let start = focused ?? (step > 0 ? count - 1 : 0)
        var index = start
        for _ in 0..<count {
            index = ((index + step) % count + count) % count
            if isEnabled(index) {
                let moved = index != focused
                focused = index
                return moved
            }
        }
        return false
    }

    private mutating func revalidate() {
        if let current = focused, isEnabled(current) { return }
        let start = focused.map { min($0, count) - 1 } ?? -1
        focused = nil
        // The next enabled control after the one that went away, wrapping.
        for offset in 1...max(1, count) where count > 0 {
            let index = (((start + offset) % count) + count) % count
            if isEnabled(index) {
                focused = index
                return
            }
        }
    }
}

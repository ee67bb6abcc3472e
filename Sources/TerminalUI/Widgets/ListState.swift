/// What a key did to a list, for the screen that owns it.
public enum ListEvent: Equatable, Sendable {
    /// The selection moved (arrows, pages, Home/End, the wheel).
    case moved(to: Int)
    /// A row was picked directly: its number key, or a click on it.
    case picked(Int)
    /// Enter on the selected row.
    case activated(Int)
}

/// A scrolling list's state: how many rows, which are disabled, which is selected, and which
/// row is at the top of the view. Rows themselves live with the screen (see `ListView`).
public struct ListState: KeyHandling, Equatable, Sendable {
    /// How many rows the list has. Changing it keeps the selection on an enabled row if it can.
    public var itemCount: Int {
        didSet { revalidate() }
    }
    /// Rows shown muted and skipped by the selection (sold out, unavailable).
    public var disabled: Set<Int> {
        didSet { revalidate() }
    }
    /// Show "1".."9" before the first nine rows, and let those keys pick them.
    public var showsNumbers: Bool

    /// The selection, kept by the toolkit's `ListSelection` (its bounds check and clamp); nil
    /// when no row is enabled. Unlike a `ListSelection` list, this one does not wrap around:
    /// Up on the first row is declined, so a screen may move focus instead.
    private var selection: ListSelection?
    public var selected: Int? { selection?.index }
    /// The first row in view.
    public private(set) var offset = 0
    /// Rows in view at the last draw (PgUp/PgDn move by this). A guess until the first draw.
    public private(set) var viewportHeight: Int
    /// Where the rows were drawn last, so a click can find its row.
    public private(set) var lastArea: Rect?

    public init(itemCount: Int, selected: Int? = nil, disabled: Set<Int> = [], showsNumbers: Bool = false, viewportHeight: Int = 10) {
        self.itemCount = max(0, itemCount)
        self.disabled = disabled
        self.showsNumbers = showsNumbers
        self.viewportHeight = max(1, viewportHeight)
        self.selection = selected.map { ListSelection($0) }
        revalidate()
    }

    public func isEnabled(_ index: Int) -> Bool {
        index >= 0 && index < itemCount && !disabled.contains(index)
    }

    /// Selects `index` if it is an enabled row and scrolls it into view. Returns whether it did.
    @discardableResult
    public mutating func select(_ index: Int) -> Bool {
        guard isEnabled(index) else { return false }
        var selection = self.selection ?? ListSelection()
        selection.select(index, count: itemCount)
        self.selection = selection
        scrollToSelection()
        return true
    }

    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        update(.key(key)) != nil
    }

    @discardableResult
    public mutating func handle(_ event: InputEvent) -> Bool {
        update(event) != nil
    }

    /// Applies an event and says what happened, or nil when the list did not use it (Up on the
    /// first row is declined, so a screen may move focus instead).
    public mutating func update(_ event: InputEvent) -> ListEvent? {
        switch event {
        case .key(let key): return update(key)
        case .mouse(.left, let point):
            guard let area = lastArea, area.contains(point) else { return nil }
            let index = offset + (point.y - area.y)
            return select(index) ? .picked(index) : nil
        case .mouse(.scrollUp, _): return update(.up)
        case .mouse(.scrollDown, _): return update(.down)
        default: return nil
        }
    }

    public mutating func update(_ key: Key) -> ListEvent? {
        let page = max(1, viewportHeight - 1)
        let current = selected ?? -1
        let target: Int?
        switch key {
        case .up: target = selected.flatMap { enabled(searching: $0 - 1, step: -1) }
        case .down: target = enabled(searching: current + 1, step: 1)
        case .pageUp:
            target = enabled(searching: max(0, current - page), step: -1) ?? enabled(searching: max(0, current - page), step: 1)
        case .pageDown:
            let goal = min(itemCount - 1, current + page)
            target = enabled(searching: goal, step: 1) ?? enabled(searching: goal, step: -1)
        case .home: target = enabled(searching: 0, step: 1)
        case .end: target = enabled(searching: itemCount - 1, step: -1)
        case .enter:
            return selected.map { .activated($0) }
        case .character(let c) where showsNumbers:
            guard let digit = c.wholeNumberValue, (1...9).contains(digit), c.isASCII else { return nil }
            return select(digit - 1) ? .picked(digit - 1) : nil
        default: return nil
        }
        guard let target, target != selected else { return nil }
        select(target)
        return .moved(to: target)
    }

    /// Records the view's size from a draw and keeps the selection in it.
    mutating func record(area: Rect) {
        lastArea = area
        viewportHeight = max(1, area.height)
        scrollToSelection()
    }

    private mutating func scrollToSelection() {
        if let selected {
            if selected < offset { offset = selected }
            if selected >= offset + viewportHeight { offset = selected - viewportHeight + 1 }
        }
        offset = max(0, min(offset, itemCount - viewportHeight))
    }

    /// The first enabled row from `start` stepping by `step`, staying in range.
    private func enabled(searching start: Int, step: Int) -> Int? {
        var index = start
        while index >= 0 && index < itemCount {
            if !disabled.contains(index) { return index }
            index += step
        }
        return nil
    }

    private mutating func revalidate() {
        if let current = selected, isEnabled(current) {
            // still fine
        } else if var clamped = selection {
            // Onto the list first (the last row when it shrank), then the nearest enabled row.
            clamped.clamp(count: itemCount)
            let start = itemCount > 0 ? clamped.index : -1
            selection = (enabled(searching: start, step: 1) ?? enabled(searching: start, step: -1)).map { ListSelection($0) }
        } else {
            selection = enabled(searching: 0, step: 1).map { ListSelection($0) }
        }
        scrollToSelection()
    }
}

/// Where a scrolled text block is: the first line shown, and what the last draw saw.
public struct TextBlockState: KeyHandling, Equatable, Sendable {
    /// The first wrapped line shown.
    public var offset: Int
    /// Lines of wrapped text at the last draw's width.
    public private(set) var lineCount = 0
    /// Rows shown at the last draw.
    public private(set) var viewportHeight = 0

    public init(offset: Int = 0) {
        self.offset = max(0, offset)
    }

    /// The largest offset that still fills the view.
    public var maxOffset: Int { max(0, lineCount - viewportHeight) }

    /// Up/Down scroll a line, PgUp/PgDn a page, Home/End to either end. Declines keys that would
    /// not move it, so a screen can use them itself.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        let page = max(1, viewportHeight - 1)
        let target: Int
        switch key {
        case .up: target = offset - 1
        case .down: target = offset + 1
        case .pageUp: target = offset - page
        case .pageDown: target = offset + page
        case .home: target = 0
        case .end: target = maxOffset
        default: return false
        }
        let clamped = min(max(0, target), maxOffset)
        guard clamped != offset else { return false }
        offset = clamped
        return true
    }

    mutating func record(lineCount: Int, viewportHeight: Int) {
        self.lineCount = lineCount
        self.viewportHeight = viewportHeight
        offset = min(max(0, offset), maxOffset)
    }
}

/// A paragraph: text wrapped to the width it is given, optionally scrolled.
public struct TextBlock {
    public var text: String
    public var style: Style
    public var alignment: TextAlignment

    public init(_ text: String, style: Style = WidgetLook.text, alignment: TextAlignment = .leading) {
        self.text = text
        self.style = style
        self.alignment = alignment
    }

    /// The wrapped lines at `width`.
    public func lines(width: Int) -> [String] {
        text.wrapped(toWidth: width)
    }

    /// Draws from the top, without scrolling. Returns the rows used.
    @discardableResult
    public func draw(into frame: inout Frame, in rect: Rect) -> Int {
        var state = TextBlockState()
        return draw(into: &frame, in: rect, state: &state)
    }

    /// Draws from `state.offset`, recording the line count and view height so the state can
    /// scroll by pages and stop at the end. Returns the rows used.
    @discardableResult
    public func draw(into frame: inout Frame, in rect: Rect, state: inout TextBlockState) -> Int {
        guard !rect.isEmpty else { return 0 }
        let wrapped = lines(width: rect.width)
        state.record(lineCount: wrapped.count, viewportHeight: rect.height)
        let visible = wrapped.dropFirst(state.offset).prefix(rect.height)
        for (row, line) in visible.enumerated() {
            frame.write(line, in: Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1),
                        alignment: alignment, style: style)
        }
        return visible.count
    }
}

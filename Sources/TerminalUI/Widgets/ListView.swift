import Localization

/// One row of a list as the screen describes it: its text, and an optional detail shown at the
/// right edge (a price, a status).
public struct ListRow: Sendable {
    public var text: String
    public var detail: String?

    public init(_ text: String, detail: String? = nil) {
        self.text = text
        self.detail = detail
    }
}

/// A scrolling list with a selection, drawn from a `ListState`.
///
/// Rows come from a closure called only for the rows in view, so a list of 100,000 items costs
/// the same to draw as a list of ten: nothing builds every row.
///
///     › 1 Wildflower honey          £8.50
///       2 Heather honey (sold out)  £9.75
public struct ListView {
    private let row: (Int) -> ListRow
    /// What an empty list shows.
    public var emptyText: String
    /// Show `▲`/`▼` in the last column when rows are hidden above or below. The column is kept
    /// free only while the list does not fit.
    public var showsScrollIndicators = true

    /// Rows by index. `row` is called only for visible indices.
    public init(emptyText: String = tr("Nothing here"), row: @escaping (Int) -> ListRow) {
        self.row = row
        self.emptyText = emptyText
    }

    /// Rows from a random-access collection (an array, a slice, a lazy map), indexed from its start.
    public init<Items: RandomAccessCollection>(
        _ items: Items, emptyText: String = tr("Nothing here"), row: @escaping (Items.Element) -> ListRow
    ) {
        self.init(emptyText: emptyText) { index in
            row(items[items.index(items.startIndex, offsetBy: index)])
        }
    }

    /// Plain text rows.
    public init(_ items: [String], emptyText: String = tr("Nothing here")) {
        self.init(items, emptyText: emptyText) { ListRow($0) }
    }

    /// Draws the rows in view. The selected row carries a `›` marker (so a tape can see it) and
    /// the focus look when the list has focus, and is then the frame's `focus`; disabled rows
    /// are muted.
    public func draw(into frame: inout Frame, in rect: Rect, state: inout ListState, focused: Bool) {
        guard !rect.isEmpty else { return }
        state.record(area: rect)
        if state.itemCount == 0 {
            frame.write(emptyText, in: rect, style: WidgetLook.muted)
            return
        }
        let scrolls = showsScrollIndicators && state.itemCount > rect.height && rect.width >= 3
        let rowWidth = scrolls ? rect.width - 1 : rect.width
        let last = min(state.itemCount, state.offset + rect.height)
        for index in state.offset..<last {
            let line = Rect(x: rect.x, y: rect.y + index - state.offset, width: rowWidth, height: 1)
            drawRow(index, in: line, into: &frame, state: state, focused: focused)
        }
        if scrolls {
            let column = rect.maxX - 1
            frame.clear(Rect(x: column, y: rect.y, width: 1, height: rect.height))
            if state.offset > 0 {
                frame.write("▲", at: Point(x: column, y: rect.y), style: WidgetLook.muted, clip: rect)
            }
            if state.offset + rect.height < state.itemCount {
                frame.write("▼", at: Point(x: column, y: rect.maxY - 1), style: WidgetLook.muted, clip: rect)
            }
        }
    }

    private func drawRow(_ index: Int, in line: Rect, into frame: inout Frame, state: ListState, focused: Bool) {
        let item = row(index)
        let isSelected = state.selected == index
        let style: Style
        if !state.isEnabled(index) {
            style = WidgetLook.disabled
        } else if isSelected {
            style = focused ? WidgetLook.focused : WidgetLook.selectedUnfocused
        } else {
            style = WidgetLook.text
        }
        if isSelected { frame.fill(line, style: style) }
        // The terminal's cursor rests on the line the list has selected, for whatever follows it.
        if isSelected, focused { frame.focus = Point(x: line.x, y: line.y) }
        var prefix = isSelected ? "› " : "  "
        if state.showsNumbers {
            prefix += index < 9 ? "\(index + 1) " : "  "
        }
        let x = line.x + frame.write(prefix, at: Point(x: line.x, y: line.y), style: style, clip: line)
        var textArea = Rect(x: x, y: line.y, width: line.maxX - x, height: 1)
        if let detail = item.detail, !detail.isEmpty {
            // The detail keeps its place at the right; the text gives way (truncated) before it.
            let detailWidth = min(detail.displayWidth, textArea.width)
            let detailArea = Rect(x: line.maxX - detailWidth, y: line.y, width: detailWidth, height: 1)
            frame.write(detail, in: detailArea, alignment: .trailing, style: style)
            textArea.width = max(0, detailArea.x - 1 - textArea.x)
        }
        frame.write(item.text, in: textArea, style: style)
    }
}

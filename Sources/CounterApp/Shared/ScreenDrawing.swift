import TerminalUI

/// Small drawing helpers the store's screens share (the toolkit has the pieces; these are the
/// counter's own arrangements of them).
enum ScreenDrawing {
    /// One row of `area`, or an empty rect when the area has fewer rows.
    static func row(_ area: Rect, _ index: Int) -> Rect {
        guard index >= 0, index < area.height else { return Rect(x: area.x, y: area.y, width: 0, height: 0) }
        return Rect(x: area.x, y: area.y + index, width: area.width, height: 1)
    }

    /// The screen's title on its first row, in the title role.
    static func title(_ text: String, into frame: inout Frame, in area: Rect) {
        frame.write(text, in: row(area, 0), style: Style(.title, .bold))
    }

    /// Text in a role, left-aligned, clipped to the row.
    static func text(_ text: String, into frame: inout Frame, in rect: Rect, role: ColorRole = .text, attributes: TextAttributes = []) {
        frame.write(text, in: rect, style: Style(role, attributes))
    }

    /// A selectable row: `›` marks the selection (so a tape sees it), disabled rows are muted,
    /// `detail` is right-aligned. The selected row is the frame's focus: the terminal's hidden
    /// cursor rests there for a braille display or magnifier.
    static func selectableRow(_ text: String, detail: String = "", selected: Bool, enabled: Bool = true,
                              into frame: inout Frame, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let style: Style = selected ? Style(.selection, .reverse) : (enabled ? Style(.text) : Style(.muted))
        if selected { frame.focus = Point(x: rect.x, y: rect.y) }
        frame.fill(rect, style: style)
        // The detail keeps its place at the right; a text too long for both gives way with an
        // ellipsis and a space between them, never written over by the detail.
        let detailWidth = detail.isEmpty ? 0 : detail.displayWidth + 2
        let marker = "\(selected ? "›" : " ") "
        frame.write(marker + fitted(text, width: max(0, rect.width - detailWidth - marker.displayWidth)), in: rect, style: style)
        if !detail.isEmpty {
            frame.write(detail + " ", in: rect, alignment: .trailing, style: style)
        }
    }

    /// `line` cut to `width`: a line of columns (two spaces apart) loses whole columns from the
    /// end, so that a figure in it (a card's last four, an order number, an amount) is shown
    /// whole or not at all, never cut (issue 34's explorer); a last column of words only (a
    /// reason, a name) is cut instead, when a useful part of it fits; a line of one column is cut.
    static func fitted(_ line: String, width: Int) -> String {
        guard line.displayWidth > width else { return line }
        var columns = line.components(separatedBy: "  ")
        while columns.count > 1 {
            let last = columns.removeLast()
            let head = columns.joined(separator: "  ") + "  "
            let room = width - head.displayWidth
            if !last.contains(where: \.isNumber), room >= minimumWords { return head + last.truncated(toWidth: room) }
            let candidate = head + "…"
            if candidate.displayWidth <= width { return candidate }
        }
        return line.truncated(toWidth: width)
    }

    /// The fewest columns of a cut text column worth showing (else the column goes whole).
    private static let minimumWords = 8

    /// The first row of a window of `height` rows that keeps `selected` in view.
    static func scrollOffset(selected: Int, count: Int, height: Int) -> Int {
        guard height > 0, count > height else { return 0 }
        return min(max(0, selected - height + 1), count - height)
    }

    /// A labelled text field with its problem worded on the row below (the toolkit's `TextField`).
    static func field(_ label: String, _ field: FormField, focused: Bool, labelWidth: Int, placeholder: String = "",
                      into frame: inout Frame, in rect: Rect) {
        var input = field.input
        input.validationMessage = field.problem?.message
        TextField(label: label, placeholder: placeholder, labelWidth: labelWidth, fieldWidth: min(32, max(0, rect.width - labelWidth - 2)))
            .draw(into: &frame, in: rect, state: &input, focused: focused)
    }
}

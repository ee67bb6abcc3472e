/// Where text sits in the width it is given.
public enum TextAlignment: Sendable {
    case leading, center, trailing
}

/// The lines a box is drawn with.
public enum BorderStyle: Sendable {
    case single, rounded, double, heavy

    /// Top-left, top-right, bottom-left, bottom-right, horizontal, vertical.
    var pieces: (tl: Character, tr: Character, bl: Character, br: Character, h: Character, v: Character) {
        switch self {
        case .single: ("┌", "┐", "└", "┘", "─", "│")
        case .rounded: ("╭", "╮", "╰", "╯", "─", "│")
        case .double: ("╔", "╗", "╚", "╝", "═", "║")
        case .heavy: ("┏", "┓", "┗", "┛", "━", "┃")
        }
    }
}

/// Drawing on a frame. Every helper clips to the frame and to an optional `clip` rectangle:
/// nothing is ever written outside either, whatever coordinates a caller passes.
///
/// The frame is kept well formed: a wide character always has its continuation cell, and when a
/// write lands on half of an existing wide character the other half becomes a space (otherwise a
/// terminal would draw the old glyph across the new cell).
extension Frame {
    /// The area a helper may touch: the clip rectangle within the frame.
    func drawableArea(_ clip: Rect?) -> Rect {
        guard let clip else { return bounds }
        return clip.intersection(bounds)
    }

    /// Writes `text` on one row from `point`, clipped. Control characters are skipped; a wide
    /// character that would straddle the clip edge is drawn as a space.
    ///
    /// Returns the columns used from `point.x`: the text's width, or less when the clip's right
    /// edge cut it short. Callers lay out what follows with it.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        // Plain text (see `DisplayWidth.widthOfPlainText`) is one character a scalar, of the
        // scalar's width: it is not split into characters, the costly part of drawing a line.
        if DisplayWidth.widthOfPlainText(text) != nil {
            let characters = text.unicodeScalars.lazy.map { (Character($0), DisplayWidth.isControl($0) ? 0 : 1) }
            return write(characters, at: point, style: style, clip: clip)
        }
        return write(text.lazy.map { ($0, $0.displayWidth) }, at: point, style: style, clip: clip)
    }

    /// `write(_:at:style:clip:)` of characters with their widths.
    private mutating func write(
        _ characters: some Sequence<(Character, Int)>, at point: Point, style: Style, clip: Rect?
    ) -> Int {
        let area = drawableArea(clip)
        let rowVisible = point.y >= area.y && point.y < area.maxY
        var x = point.x
        for (character, width) in characters {
            if x >= area.maxX { break }
            guard width > 0 else { continue } // controls and lone marks are never drawn raw
            defer { x += width }
            guard rowVisible else { continue }
            if width == 1 {
                if x >= area.x { place(Cell(character, style: style), x: x, y: point.y) }
                continue
            }
            // Wide: both halves must be inside, or the visible half becomes a space.
            let leadInside = x >= area.x, tailInside = x + 1 >= area.x && x + 1 < area.maxX
            if leadInside && tailInside {
                place(Cell(character, style: style), x: x, y: point.y)
                placeContinuation(style: style, x: x + 1, y: point.y)
            } else if leadInside {
                place(Cell(" ", style: style), x: x, y: point.y)
            } else if tailInside {
                place(Cell(" ", style: style), x: x + 1, y: point.y)
            }
        }
        return Swift.min(x, Swift.max(area.maxX, point.x)) - point.x
    }

    /// Writes `text` on the first row of `rect`, truncated with `…` to its width and aligned in it.
    /// Returns the columns used.
    @discardableResult
    public mutating func write(
        _ text: String, in rect: Rect, alignment: TextAlignment = .leading, style: Style = .plain, clip: Rect? = nil
    ) -> Int {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        let fitted = text.truncated(toWidth: rect.width)
        let width = fitted.displayWidth
        let x: Int
        switch alignment {
        case .leading: x = rect.x
        case .center: x = rect.x + (rect.width - width) / 2
        case .trailing: x = rect.maxX - width
        }
        let area = clip.map { $0.intersection(rect) } ?? rect
        return write(fitted, at: Point(x: x, y: rect.y), style: style, clip: area)
    }

    /// Fills `rect` with `character` (one column wide) in `style`, clipped.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain, clip: Rect? = nil) {
        let area = rect.intersection(drawableArea(clip))
        guard !area.isEmpty else { return }
        let cell = Cell(character.displayWidth == 1 ? character : " ", style: style)
        for y in area.y..<area.maxY {
            // Only the row's two ends can cut a wide character in half (the cells between are
            // all overwritten): they are placed first, with their repairs, then the rest.
            place(cell, x: area.x, y: y)
            guard area.width > 1 else { continue }
            place(cell, x: area.maxX - 1, y: y)
            for x in (area.x + 1)..<(area.maxX - 1) { self[x, y] = cell }
        }
    }

    /// Blanks `rect`: what a dialog does to whatever lay under it.
    public mutating func clear(_ rect: Rect, style: Style = .plain, clip: Rect? = nil) {
        fill(rect, with: " ", style: style, clip: clip)
    }

    /// A horizontal line `width` columns long from `point`, clipped.
    public mutating func drawHorizontalRule(
        at point: Point, width: Int, character: Character = "─", style: Style = Style(.border), clip: Rect? = nil
    ) {
        fill(Rect(x: point.x, y: point.y, width: width, height: 1), with: character, style: style, clip: clip)
    }

    /// A vertical line `height` rows long from `point`, clipped.
    public mutating func drawVerticalRule(
        at point: Point, height: Int, character: Character = "│", style: Style = Style(.border), clip: Rect? = nil
    ) {
        fill(Rect(x: point.x, y: point.y, width: 1, height: height), with: character, style: style, clip: clip)
    }

    /// A box around the edge of `rect` with an optional title in its top border, clipped.
    /// Returns the inside of the box (what is left for content). A rect smaller than 2x2 gets
    /// no border, and all of it is returned as the inside.
    @discardableResult
    public mutating func drawBox(
        _ rect: Rect,
        title: String? = nil,
        border: BorderStyle = .single,
        style: Style = Style(.border),
        titleStyle: Style = Style(.title, .bold),
        clip: Rect? = nil
    ) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return rect }
        let p = border.pieces
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        drawHorizontalRule(at: Point(x: rect.x + 1, y: rect.y), width: rect.width - 2, character: p.h, style: style, clip: clip)
        drawHorizontalRule(at: Point(x: rect.x + 1, y: bottom), width: rect.width - 2, character: p.h, style: style, clip: clip)
        drawVerticalRule(at: Point(x: rect.x, y: rect.y + 1), height: rect.height - 2, character: p.v, style: style, clip: clip)
        drawVerticalRule(at: Point(x: right, y: rect.y + 1), height: rect.height - 2, character: p.v, style: style, clip: clip)
        let area = drawableArea(clip)
        for (character, x, y) in [(p.tl, rect.x, rect.y), (p.tr, right, rect.y), (p.bl, rect.x, bottom), (p.br, right, bottom)]
        where area.contains(Point(x: x, y: y)) {
            place(Cell(character, style: style), x: x, y: y)
        }
        // "┌─ Title ───┐": one rule column, a space either side of the title.
        if let title, !title.isEmpty, rect.width >= 6 {
            let titleArea = Rect(x: rect.x + 2, y: rect.y, width: rect.width - 4, height: 1)
            let label = " " + title.truncated(toWidth: titleArea.width - 2) + " "
            let clipArea = clip.map { $0.intersection(titleArea) } ?? titleArea
            write(label, at: Point(x: titleArea.x, y: rect.y), style: titleStyle, clip: clipArea)
        }
        return rect.inset(by: 1)
    }

    // MARK: - Keeping wide characters whole

    /// Puts a one-column cell (or the lead half of a wide one) at (x, y), repairing any wide
    /// character it cuts in half. (x, y) must be inside the frame.
    mutating func place(_ cell: Cell, x: Int, y: Int) {
        let old = self[x, y]
        if old.isContinuation {
            // We are overwriting the right half of a wide character: its left half goes blank.
            let lead = self[x - 1, y]
            if x > 0, !lead.isContinuation { self[x - 1, y] = Cell(" ", style: lead.style) }
        } else if x + 1 < size.columns, self[x + 1, y].isContinuation {
            // We are overwriting the left half: its orphaned right half becomes a plain space.
            self[x + 1, y] = Cell(" ", style: self[x + 1, y].style)
        }
        self[x, y] = cell
    }

    /// Puts the right half of a wide character whose left half was just placed at x - 1.
    mutating func placeContinuation(style: Style, x: Int, y: Int) {
        let old = self[x, y]
        if !old.isContinuation, x + 1 < size.columns, self[x + 1, y].isContinuation {
            self[x + 1, y] = Cell(" ", style: self[x + 1, y].style)
        }
        self[x, y] = Cell(" ", style: style, isContinuation: true)
    }
}

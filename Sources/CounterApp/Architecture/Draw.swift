import TerminalUI

// Temporary drawing shims until the toolkit's drawing helpers land; replaced at merge.
enum Draw {
    static func text(_ string: String, at point: Point, width: Int, style: Style, into frame: inout Frame) {
        var x = point.x
        for character in string where x < point.x + width {
            frame[x, point.y] = Cell(character, style: style)
            x += 1
        }
    }

    static func centered(_ string: String, in rect: Rect, style: Style, into frame: inout Frame) {
        let count = min(string.count, rect.width)
        text(string, at: Point(x: rect.x + (rect.width - count) / 2, y: rect.y), width: rect.width, style: style, into: &frame)
    }

    static func fill(_ rect: Rect, style: Style, into frame: inout Frame) {
        for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { frame[x, y] = Cell(" ", style: style) } }
    }
}

import Localization

/// What the counter shows when the terminal is smaller than its screens need: a centred
/// request for room. Lines that do not fit are cut with `…` or left out, down to a 1x1 terminal
/// (or none at all), without ever drawing outside the frame.
public struct TooSmallScreen {
    public let minimum: Size

    public init(minimum: Size) {
        self.minimum = minimum
    }

    public func draw(into frame: inout Frame) {
        let size = frame.size
        frame.cursor = nil
        frame.focus = nil
        guard size.columns > 0, size.rows > 0 else { return }
        let lines: [(String, Style)] = [
            (tr("Terminal too small"), Style(.warning, .bold)),
            (tr("{0}x{1}, need {2}x{3}", size.columns, size.rows, minimum.columns, minimum.rows), Style(.text)),
            (tr("Enlarge the window"), Style(.muted)),
        ]
        let shown = lines.prefix(size.rows)
        let area = frame.bounds.centered(width: size.columns, height: shown.count)
        for (offset, (text, style)) in shown.enumerated() {
            frame.write(text, in: Rect(x: area.x, y: area.y + offset, width: area.width, height: 1),
                        alignment: .center, style: style)
        }
    }
}

/// What the counter shows when the terminal is smaller than its screens need.
public struct TooSmallScreen {
    public let minimum: Size

    public init(minimum: Size) {
        self.minimum = minimum
    }

    public func draw(into frame: inout Frame) {
        let lines = [
            "Terminal too small",
            "\(frame.size.columns)x\(frame.size.rows), need \(minimum.columns)x\(minimum.rows)",
            "Enlarge the window",
        ]
        let top = max(0, (frame.size.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < frame.size.rows {
            let characters = Array(line.prefix(frame.size.columns))
            let left = max(0, (frame.size.columns - characters.count) / 2)
            for (index, character) in characters.enumerated() {
                frame[left + index, top + offset] = Cell(character, style: Style(offset == 0 ? .warning : .text, offset == 0 ? .bold : []))
            }
        }
        frame.cursor = nil
    }
}

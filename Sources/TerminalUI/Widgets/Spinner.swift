import Foundation

/// A busy indicator whose frame is a function of the clock's time, not of how often it was
/// drawn: under a tape's manual clock the same moment always shows the same frame.
public struct Spinner: Sendable {
    public var frames: [Character]
    /// How long each frame shows.
    public var interval: Duration

    /// Braille dots, one column wide.
    public static let dots: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// For terminals without Unicode.
    public static let line: [Character] = ["|", "/", "-", "\\"]

    public init(frames: [Character] = Spinner.dots, interval: Duration = .milliseconds(100)) {
        self.frames = frames.isEmpty ? ["*"] : frames
        self.interval = interval > .zero ? interval : .milliseconds(100)
    }

    /// The frame shown at `time`. Counted in whole milliseconds since 1970 (rounded, so that
    /// 0.3s stored as 0.29999… still counts as 300ms), so a tape's moment always picks the same frame.
    public func frame(at time: Date) -> Character {
        let milliseconds = Int64((time.timeIntervalSince1970 * 1000).rounded())
        let step = max(1, Int64(interval.timeInterval * 1000))
        let index = Int(((milliseconds / step) % Int64(frames.count) + Int64(frames.count)) % Int64(frames.count))
        return frames[index]
    }

    /// Draws the frame, then a space and `label` if given, at the start of `rect`'s first row.
    /// Returns the columns used.
    @discardableResult
    public func draw(into frame: inout Frame, in rect: Rect, time: Date, label: String = "") -> Int {
        guard !rect.isEmpty else { return 0 }
        let text = label.isEmpty ? String(self.frame(at: time)) : "\(self.frame(at: time)) \(label)"
        return frame.write(text, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), style: WidgetLook.accent)
    }
}

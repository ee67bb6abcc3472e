/// Turns an application's state into a frame, the same way for the real terminal and for tapes.
///
/// Below the minimum size the application is not asked to draw at all: a cramped screen that
/// overlaps itself is worse than a clear request for room.
public enum FrameRenderer {
    /// The smallest terminal the counter's screens are laid out for.
    public static let minimumSize = Size(columns: 60, rows: 18)

    /// Whether `event` reaches the application on a terminal of `size`. Below the minimum the
    /// screen shows only the request for room, so a key, a paste or a click would act where
    /// nobody can see (an Enter could pay): they are dropped. A resize, and the keys that only
    /// leave or explain (Ctrl+C, `q`, `?`), always pass.
    public static func delivers(_ event: InputEvent, at size: Size, minimum: Size = minimumSize) -> Bool {
        switch event {
        case .resize, .key(.control("c")), .key(.character("q")), .key(.character("?")): return true
        default: return size.columns >= minimum.columns && size.rows >= minimum.rows
        }
    }

    public static func render(_ application: Application, size: Size, minimum: Size = minimumSize) -> Frame {
        var frame = Frame(size: size)
        if size.columns < minimum.columns || size.rows < minimum.rows {
            TooSmallScreen(minimum: minimum).draw(into: &frame)
        } else {
            application.draw(into: &frame)
        }
        return frame
    }
}

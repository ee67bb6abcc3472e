/// The looks widgets share, by colour role only (themes map roles to colours later), so that a
/// focused control or a disabled row looks the same on every screen.
public enum WidgetLook {
    public static let text = Style(.text)
    public static let muted = Style(.muted)
    public static let disabled = Style(.muted, .dim)
    public static let focused = Style(.focus, [.reverse, .bold])
    /// The selected row of a list that does not have focus: still visible, but quieter.
    public static let selectedUnfocused = Style(.selection)
    public static let error = Style(.error)
    public static let accent = Style(.accent, .bold)
    public static let border = Style(.border)
    public static let focusedBorder = Style(.focus)
    public static let title = Style(.title, .bold)
    public static let field = Style(.text, .underline)
    public static let placeholder = Style(.muted, .underline)
}

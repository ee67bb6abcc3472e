/// What a cell means, not what colour it is. Themes map roles to colours; code names only roles.
public enum ColorRole: String, CaseIterable, Hashable, Sendable {
    case background
    case text
    case muted
    case accent
    case title
    case border
    case focus
    case selection
    case success
    case warning
    case error
    case footer
}

/// Attributes that every terminal, even a monochrome one, can show.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let underline = TextAttributes(rawValue: 1 << 1)
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    public static let dim = TextAttributes(rawValue: 1 << 3)
}

/// A cell's look: a colour role and attributes.
public struct Style: Hashable, Sendable {
    public var role: ColorRole
    public var attributes: TextAttributes

    public init(_ role: ColorRole = .text, _ attributes: TextAttributes = []) {
        self.role = role
        self.attributes = attributes
    }

    public static let plain = Style()
}

/// A colour a theme can name: the terminal's own default, or an index into its palette
/// (0-7 on an 8-colour terminal, 0-255 on a 256-colour one).
public enum ThemeColor: Hashable, Sendable {
    case terminalDefault
    case indexed(Int)
}

/// How one colour role looks on one kind of terminal.
public struct RoleLook: Hashable, Sendable {
    public var foreground: ThemeColor
    public var background: ThemeColor
    public var attributes: TextAttributes

    public init(foreground: ThemeColor = .terminalDefault, background: ThemeColor = .terminalDefault, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = RoleLook()
}

/// A theme: for every colour role, a look in each of the three tiers a terminal may offer.
///
/// Code names roles only (`Style.role`); the theme decides the colours, and the terminal's
/// capabilities decide which tier of the theme is shown.
public struct Theme: Hashable, Sendable {
    public var name: String
    public var summary: String
    private var looks: [ColorTier: [ColorRole: RoleLook]]

    public init(name: String, summary: String = "", looks: [ColorTier: [ColorRole: RoleLook]]) {
        self.name = name
        self.summary = summary
        self.looks = looks
    }

    /// The look of `role` in `tier`. A role the theme leaves out looks like `text` in that tier,
    /// so that a role added to the toolkit later never breaks an existing theme file.
    public func look(for role: ColorRole, in tier: ColorTier) -> RoleLook {
        let tierLooks = looks[tier] ?? [:]
        return tierLooks[role] ?? tierLooks[.text] ?? .plain
    }

    /// Whether the theme spells out `role` in `tier` itself rather than borrowing `text`'s look.
    public func defines(_ role: ColorRole, in tier: ColorTier) -> Bool {
        looks[tier]?[role] != nil
    }
}

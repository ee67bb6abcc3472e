/// A colour a theme can name: the terminal's own default, an index into its palette (0-7 on an
/// 8-colour terminal, 0-255 on a 256-colour one), or, for truecolor, 0xRRGGBB.
public enum ThemeColor: Hashable, Sendable {
    case terminalDefault
    case indexed(Int)
    case rgb(UInt32)
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

    /// This look (from the 256-colour tier) in truecolor: the palette's colours as xterm shows
    /// them by default, so the theme looks as its author saw it whatever the user's palette.
    /// Indices 0-7 stay palette colours: a theme that names "red" means the terminal's red.
    var inTruecolor: RoleLook {
        func convert(_ color: ThemeColor) -> ThemeColor {
            guard case .indexed(let index) = color, index >= 8 else { return color }
            return .rgb(XtermPalette.rgb(index))
        }
        return RoleLook(foreground: convert(foreground), background: convert(background), attributes: attributes)
    }
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
    /// A theme without a `[truecolor]` table shows its 256-colour looks there (`inTruecolor`).
    public func look(for role: ColorRole, in tier: ColorTier) -> RoleLook {
        if tier == .truecolor && looks[.truecolor] == nil {
            return look(for: role, in: .colors256).inTruecolor
        }
        let tierLooks = looks[tier] ?? [:]
        return tierLooks[role] ?? tierLooks[.text] ?? .plain
    }

    /// Whether the theme spells out `role` in `tier` itself rather than borrowing `text`'s look.
    public func defines(_ role: ColorRole, in tier: ColorTier) -> Bool {
        looks[tier]?[role] != nil
    }
}

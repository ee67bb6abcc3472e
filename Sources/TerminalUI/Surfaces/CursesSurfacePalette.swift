import CNcurses

/// The curses rendition of each colour role: one colour pair per role (pair = role's index + 1)
/// plus the theme's attributes for that role in the terminal's tier.
struct CursesSurfacePalette {
    struct Rendition {
        var attributes: attr_t
        var pair: Int16
    }

    private var renditions: [ColorRole: Rendition] = [:]

    /// Defines the colour pairs in curses, so it must run after `start_color`.
    /// - Parameter defaultColorsAvailable: whether `use_default_colors` succeeded, i.e. whether
    ///   -1 means "the terminal's own colour"; otherwise white on black stands in for it.
    init(theme: Theme, tier: ColorTier, defaultColorsAvailable: Bool) {
        for (index, role) in ColorRole.allCases.enumerated() {
            let look = theme.look(for: role, in: tier)
            var pair: Int16 = 0
            if tier != .monochrome, index + 1 < shim_COLOR_PAIRS() {
                pair = Int16(index + 1)
                let foreground = Self.cursesColor(look.foreground, standIn: 7, tier: tier, defaultColorsAvailable)
                let background = Self.cursesColor(look.background, standIn: 0, tier: tier, defaultColorsAvailable)
                // The extended call takes colours as ints: a direct-colour terminal's 0xRRGGBB.
                init_extended_pair(Int32(pair), foreground, background)
            }
            renditions[role] = Rendition(attributes: Self.cursesAttributes(look.attributes), pair: pair)
        }
    }

    /// The role's rendition with the cell's own attributes added.
    func rendition(for style: Style) -> Rendition {
        var rendition = renditions[style.role] ?? Rendition(attributes: shim_A_NORMAL(), pair: 0)
        rendition.attributes |= Self.cursesAttributes(style.attributes)
        return rendition
    }

    /// The colour number curses takes. On a direct-colour terminal (the truecolor tier) a number
    /// is 0xRRGGBB, except that 0-7 still mean the palette's eight colours (terminfo sends those
    /// as `ESC [ 3n m`): an RGB value that small, a near-black blue, is nudged to 8 to stay RGB.
    static func cursesColor(_ color: ThemeColor, standIn: Int32, tier: ColorTier, _ defaultColorsAvailable: Bool) -> Int32 {
        switch color {
        case .indexed(let index): Int32(index)
        case .rgb(let value): tier == .truecolor ? Int32(max(value, 8)) : standIn
        case .terminalDefault: defaultColorsAvailable ? -1 : standIn
        }
    }

    static func cursesAttributes(_ attributes: TextAttributes) -> attr_t {
        var result = shim_A_NORMAL()
        if attributes.contains(.bold) { result |= shim_A_BOLD() }
        if attributes.contains(.underline) { result |= shim_A_UNDERLINE() }
        if attributes.contains(.reverse) { result |= shim_A_REVERSE() }
        if attributes.contains(.dim) { result |= shim_A_DIM() }
        return result
    }
}

import CNcurses

/// The curses rendition of each colour role: one colour pair per role (pair = role's index + 1)
/// plus the theme's attributes for that role in the terminal's tier.
///
/// Every rendition (each role with each combination of a cell's own attributes) is worked out
/// once, when the theme is applied: the surface asks for one per changed cell, so a look-up is
/// an index into an array, not a hash of the role.
struct CursesSurfacePalette {
    struct Rendition: Equatable {
        var attributes: attr_t
        var pair: Int16
    }

    /// A cell's own attributes are four bits (`TextAttributes`); other bits are ignored.
    private static let attributeCombinations = 16
    private var renditions: [Rendition] = []

    /// Defines the colour pairs in curses, so it must run after `start_color`.
    /// - Parameter defaultColorsAvailable: whether `use_default_colors` succeeded, i.e. whether
    ///   -1 means "the terminal's own colour"; otherwise white on black stands in for it.
    init(theme: Theme, tier: ColorTier, defaultColorsAvailable: Bool) {
        let roles = ColorRole.allCases
        let pairs = Int(shim_COLOR_PAIRS())
        renditions.reserveCapacity(roles.count * Self.attributeCombinations)
        for (index, role) in roles.enumerated() {
            let look = theme.look(for: role, in: tier)
            var colors: (foreground: Int32, background: Int32)?
            var pair: Int16 = 0, swappedPair: Int16 = 0
            if tier != .monochrome, index + 1 < pairs {
                pair = Int16(index + 1)
                let foreground = Self.cursesColor(look.foreground, standIn: 7, tier: tier, defaultColorsAvailable)
                let background = Self.cursesColor(look.background, standIn: 0, tier: tier, defaultColorsAvailable)
                // The extended call takes colours as ints: a direct-colour terminal's 0xRRGGBB.
                init_extended_pair(Int32(pair), foreground, background)
                colors = (foreground, background)
                let swapped = roles.count + index + 1
                if swapped < pairs, foreground >= 0, background >= 0 {
                    swappedPair = Int16(swapped)
                    init_extended_pair(Int32(swappedPair), background, foreground)
                }
            }
            for combination in 0..<Self.attributeCombinations {
                let attributes = look.attributes.union(TextAttributes(rawValue: UInt8(combination)))
                if swappedPair != 0, let colors, Self.reverseIsSwap(attributes, colors) {
                    renditions.append(Rendition(attributes: Self.cursesAttributes(attributes.subtracting(.reverse)), pair: swappedPair))
                } else {
                    renditions.append(Rendition(attributes: Self.cursesAttributes(attributes), pair: pair))
                }
            }
        }
    }

    /// The role's rendition with the cell's own attributes added.
    func rendition(for style: Style) -> Rendition {
        let combination = Int(style.attributes.rawValue) & (Self.attributeCombinations - 1)
        return renditions[style.role.paletteIndex * Self.attributeCombinations + combination]
    }

    /// Whether reverse video can be sent as the role's two colours swapped instead: it looks the
    /// same, and it saves bytes on every highlighted line. Curses resets every attribute to turn
    /// one off (`sgr`, which also drops the colours: both sent again) and, having no blank to
    /// erase with in reverse, sends a reversed line's spaces one by one; swapped colours are a
    /// colour change, and their spaces are erased (`ECH`) like any other line's. Only when both
    /// colours are explicit (the terminal's own foreground is not a background colour), and not
    /// with dim or underline, nor with bold over one of the 16 colours a terminal may brighten
    /// for bold, whose reverse some terminals draw otherwise.
    static func reverseIsSwap(_ attributes: TextAttributes, _ colors: (foreground: Int32, background: Int32)) -> Bool {
        guard attributes.contains(.reverse), attributes.isDisjoint(with: [.dim, .underline]) else { return false }
        return !attributes.contains(.bold) || (colors.foreground >= 16 && colors.background >= 16)
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

extension ColorRole {
    /// The role's place in `allCases` (`CursesSurfacePaletteTests` holds them equal), without
    /// hashing its name.
    var paletteIndex: Int {
        switch self {
        case .background: 0
        case .text: 1
        case .muted: 2
        case .accent: 3
        case .title: 4
        case .border: 5
        case .focus: 6
        case .selection: 7
        case .success: 8
        case .warning: 9
        case .error: 10
        case .footer: 11
        }
    }
}

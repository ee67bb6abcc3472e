import Foundation
import TerminalUI
import Testing

/// Every theme is legible in every tier: headless snapshots hold text only, so the colours are
/// checked here, role by role. In 256 colours the foreground must stand out from the background
/// by WCAG's contrast ratio (3:1, large-text level; 2:1 for muted text and borders, which are
/// meant to recede); in 8 colours foreground and background must differ; in monochrome the roles
/// that carry meaning (focus, selection, footer, title, error) must differ from plain text by
/// their attributes, since there is nothing else.
@Suite struct ThemePaletteTests {
    static let library = ThemeLibrary(directories: [KioskTapeWorld.root.appendingPathComponent("Themes").path])
    static let names = library.availableThemeNames()

    @Test func theFourThemesAreThere() {
        #expect(Set(["honey", "mono", "midnight", "high-contrast"]).isSubset(of: Set(Self.names)))
    }

    @Test(arguments: names)
    func legibleIn256Colours(_ name: String) throws {
        let theme = try Self.library.load(name)
        let screen = theme.look(for: .text, in: .colors256).background
        for role in ColorRole.allCases {
            let look = theme.look(for: role, in: .colors256)
            guard case let .indexed(fg) = look.foreground else { continue }
            let background = look.background == .terminalDefault ? screen : look.background
            guard case let .indexed(bg) = background else { continue }
            let ratio = XtermPalette.contrast(fg, bg)
            let needed = [.muted, .border].contains(role) ? 2.0 : 3.0
            #expect(ratio >= needed, "\(name) \(role): \(fg) on \(bg) has contrast \(ratio)")
        }
    }

    @Test(arguments: names)
    func legibleIn8Colours(_ name: String) throws {
        let theme = try Self.library.load(name)
        for role in ColorRole.allCases {
            let look = theme.look(for: role, in: .colors8)
            if look.foreground != .terminalDefault || look.background != .terminalDefault {
                #expect(look.foreground != look.background, "\(name) \(role): foreground and background are the same colour")
            }
        }
    }

    @Test(arguments: names)
    func rolesThatMatterStandOutInMonochrome(_ name: String) throws {
        let theme = try Self.library.load(name)
        let text = theme.look(for: .text, in: .monochrome).attributes
        for role in [ColorRole.focus, .selection, .footer, .title, .error] {
            let look = theme.look(for: role, in: .monochrome)
            #expect(look.attributes != text, "\(name) \(role) looks like plain text in monochrome")
            #expect(look.foreground == .terminalDefault && look.background == .terminalDefault, "\(name) \(role): mono has no colours")
        }
        // The cursor line and the selection must not look the same as each other either.
        #expect(theme.look(for: .focus, in: .monochrome) != theme.look(for: .text, in: .monochrome))
    }
}

/// xterm's 256-colour palette as RGB, and WCAG 2 contrast between two of its colours.
enum XtermPalette {
    static let system: [(Double, Double, Double)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func rgb(_ index: Int) -> (Double, Double, Double) {
        if index < 16 { return system[index] }
        if index >= 232 { let level = Double(8 + 10 * (index - 232)); return (level, level, level) }
        let cube = index - 16
        let steps: [Double] = [0, 95, 135, 175, 215, 255]
        return (steps[cube / 36], steps[(cube / 6) % 6], steps[cube % 6])
    }

    static func luminance(_ index: Int) -> Double {
        let (r, g, b) = rgb(index)
        func channel(_ value: Double) -> Double {
            let c = value / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    static func contrast(_ a: Int, _ b: Int) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}

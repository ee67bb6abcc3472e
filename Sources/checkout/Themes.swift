import ArgumentParser
import Foundation
import Localization
import TerminalUI

/// `checkout themes`: what themes there are, whether each one loads, and how it looks.
struct Themes: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the themes, each with a preview.",
        discussion: """
        Themes are TOML files in Themes/ (or $CHECKOUT_THEMES); pick one with --theme NAME, or \
        give a path to your own. F2 steps through them while the counter runs. The preview is \
        drawn in the richest tier this terminal shows (truecolor, 256 colours, 8 colours, or attributes \
        only when NO_COLOR is set or TERM=dumb), and as plain text when standard output is not \
        a terminal.
        """
    )

    @Option(help: ArgumentHelp("Preview in this tier instead of the terminal's: truecolor, colors-256, colors-8 or mono.", valueName: "tier"))
    var tier: String?

    @OptionGroup var language: LanguageOption

    func run() throws {
        try language.speaking(listThemes)
    }

    private func listThemes() throws {
        let library = ThemeLibrary.standard()
        let names = library.availableThemeNames()
        if names.isEmpty {
            print(tr("No theme files found; the built-in {0} theme is used.", ThemeLibrary.defaultThemeName))
        }
        let environment = ProcessInfo.processInfo.environment
        let isTerminal = isatty(STDOUT_FILENO) == 1
        let previewTier: ColorTier? = try tier.map { name in
            guard let tier = ColorTier(rawValue: name) else { throw ValidationError(tr("--tier is truecolor, colors-256, colors-8 or mono")) }
            return tier
        } ?? (isTerminal ? ThemePreview.terminalTier(environment: environment) : nil)
        for name in names {
            let marker = name == ThemeLibrary.defaultThemeName ? "*" : " "
            do {
                let theme = try library.load(name)
                print("\(marker) \(name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(ThemePreview.summary(of: theme))")
                for line in ThemePreview.lines(theme, tier: previewTier) { print("    " + line) }
            } catch {
                print("\(marker) \(name.padding(toLength: 16, withPad: " ", startingAt: 0)) " + tr("broken: {0}", "\(error)"))
            }
        }
        print("\n" + tr("* the default. Use one with: checkout --theme NAME (or a path); F2 changes it while the counter runs."))
    }
}

/// A few sample lines of a theme, as ANSI-coloured text (or plain, with no tier).
enum ThemePreview {
    /// What the terminal is likely to show, without starting curses: `NO_COLOR`/`TERM=dumb` mono,
    /// a truecolor COLORTERM or a `-direct` TERM truecolor, a `256color` TERM 256 colours, else 8.
    static func terminalTier(environment: [String: String]) -> ColorTier {
        let term = environment["TERM"] ?? ""
        let colors = if TerminalType.asksForTruecolor(environment) || term.hasSuffix("-direct") { ColorTier.directColorCount }
            else if term.contains("256color") { 256 } else { 8 }
        return ColorTier.detect(colors: colors, environment: environment)
    }

    /// A theme's one-line description: the catalogue has those of the themes that ship with the
    /// counter; a user's own shows as written in its file.
    static func summary(of theme: Theme) -> String { tr(theme.summary) }

    static func lines(_ theme: Theme, tier: ColorTier?) -> [String] {
        let samples: [[(ColorRole, String)]] = [
            [(.title, " \(tr("Checkout Counter")) "), (.text, " \(tr("Heather honey"))  €8.50 "), (.muted, " \(tr("{0} on the shelf", 12)) ")],
            [(.focus, " › \(tr("Pay")) €17.00 "), (.selection, " \(tr("Saved card")) ••4242 "), (.accent, " \(tr("Total")) €17.00 ")],
            [(.success, " \(tr("Payment approved")) "), (.warning, " \(tr("Are you still there?")) "), (.error, " \(tr("Card declined")) ")],
            [(.border, " ╭──╮ "), (.footer, " Enter \(tr("Pay"))  Esc \(tr("Back"))  ? \(tr("Keys")) ")],
        ]
        return samples.map { segments in
            segments.map { role, text in
                guard let tier else { return text }
                return sgr(theme.look(for: role, in: tier), tier: tier) + text + "\u{1B}[0m"
            }.joined(separator: " ")
        }
    }

    /// The Select Graphic Rendition sequence for a look.
    static func sgr(_ look: RoleLook, tier: ColorTier) -> String {
        var codes: [String] = ["0"]
        if look.attributes.contains(.bold) { codes.append("1") }
        if look.attributes.contains(.dim) { codes.append("2") }
        if look.attributes.contains(.underline) { codes.append("4") }
        if look.attributes.contains(.reverse) { codes.append("7") }
        if tier != .monochrome {
            if let code = colorCode(look.foreground, layer: 3, tier: tier) { codes.append(code) }
            if let code = colorCode(look.background, layer: 4, tier: tier) { codes.append(code) }
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// `layer` 3 for the foreground, 4 for the background.
    private static func colorCode(_ color: ThemeColor, layer: Int, tier: ColorTier) -> String? {
        switch (color, tier) {
        case (.terminalDefault, _): nil
        case let (.rgb(value), .truecolor): "\(layer)8;2;\(value >> 16 & 0xFF);\(value >> 8 & 0xFF);\(value & 0xFF)"
        case (.rgb, _): nil
        case let (.indexed(n), .colors8): "\(layer)\(n % 8)"
        case let (.indexed(n), _): "\(layer)8;5;\(n)"
        }
    }
}

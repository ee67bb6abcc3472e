import ArgumentParser
import TerminalUI

/// `checkout themes`: what themes there are, and whether each one loads.
struct Themes: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the themes, with a line about each.",
        discussion: "Themes are TOML files in Themes/ (or $CHECKOUT_THEMES); pick one with --theme NAME, or give a path to your own."
    )

    func run() throws {
        let library = ThemeLibrary.standard()
        let names = library.availableThemeNames()
        if names.isEmpty {
            print("No theme files found; the built-in \(ThemeLibrary.defaultThemeName) theme is used.")
        }
        for name in names {
            let marker = name == ThemeLibrary.defaultThemeName ? "*" : " "
            do {
                let theme = try library.load(name)
                print("\(marker) \(name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(theme.summary)")
            } catch {
                print("\(marker) \(name.padding(toLength: 16, withPad: " ", startingAt: 0)) broken: \(error)")
            }
        }
        print("\n* the default. Use one with: checkout --theme NAME")
    }
}

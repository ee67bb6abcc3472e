import Localization
import TerminalUI

/// The themes F2 steps through: every theme file found, plus the one the counter started with
/// (a user's `--theme ./my.toml` too), starting at that one.
public struct ThemeCycle: Sendable {
    public private(set) var themes: [Theme]
    public private(set) var index: Int

    public init(themes: [Theme], current: Theme) {
        var list = themes
        if let found = list.firstIndex(where: { $0.name == current.name }) {
            list[found] = current
            index = found
        } else {
            list.append(current)
            index = list.count - 1
        }
        self.themes = list
    }

    /// The library's themes (those that load) around `current`.
    public static func standard(library: ThemeLibrary = .standard(), current: Theme) -> ThemeCycle {
        let loaded = library.availableThemeNames().compactMap { try? library.load($0) }
        return ThemeCycle(themes: loaded, current: current)
    }

    public var current: Theme { themes[index] }

    @discardableResult
    public mutating func next() -> Theme {
        index = (index + 1) % themes.count
        return current
    }

    /// A theme's name as the kiosk's notices show it: the catalogue has the names of the themes
    /// that ship with the counter; any other (a user's own file) shows as it is named.
    public static func displayName(of name: String) -> String { tr(name) }
}

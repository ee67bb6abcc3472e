import Localization
import TerminalUI

/// The themes F2 steps through: every theme file found, plus the one the counter started with
/// (a user's `--theme ./my.toml` too), starting at that one.
///
/// Only the current theme is needed to draw, so the library's other files are read at the first
/// step, not at start: reading them all was a fifth of the time to the first frame.
public struct ThemeCycle: Sendable {
    private var steps: Steps
    public private(set) var current: Theme

    private enum Steps: Sendable {
        /// Not read yet: the library to read at the first step.
        case unread(ThemeLibrary)
        case read(themes: [Theme], index: Int)
    }

    public init(themes: [Theme], current: Theme) {
        self.current = current
        steps = Self.arrange(themes, around: current)
    }

    private init(library: ThemeLibrary, current: Theme) {
        self.current = current
        steps = .unread(library)
    }

    /// The library's themes (those that load) around `current`, read at the first step.
    public static func standard(library: ThemeLibrary = .standard(), current: Theme) -> ThemeCycle {
        ThemeCycle(library: library, current: current)
    }

    /// Every theme in the cycle, in F2's order (reads the library if no step has yet).
    public var themes: [Theme] {
        mutating get { readThemes().themes }
    }

    @discardableResult
    public mutating func next() -> Theme {
        let (themes, index) = readThemes()
        let nextIndex = (index + 1) % themes.count
        steps = .read(themes: themes, index: nextIndex)
        current = themes[nextIndex]
        return current
    }

    private mutating func readThemes() -> (themes: [Theme], index: Int) {
        switch steps {
        case let .read(themes, index):
            return (themes, index)
        case let .unread(library):
            let loaded = library.availableThemeNames().compactMap { try? library.load($0) }
            steps = Self.arrange(loaded, around: current)
            return readThemes()
        }
    }

    /// `current` in place of the theme of the same name, or at the end when none has its name.
    private static func arrange(_ themes: [Theme], around current: Theme) -> Steps {
        var list = themes
        if let found = list.firstIndex(where: { $0.name == current.name }) {
            list[found] = current
            return .read(themes: list, index: found)
        }
        list.append(current)
        return .read(themes: list, index: list.count - 1)
    }

    /// A theme's name as the kiosk's notices show it: the catalogue has the names of the themes
    /// that ship with the counter; any other (a user's own file) shows as it is named.
    public static func displayName(of name: String) -> String { tr(name) }
}

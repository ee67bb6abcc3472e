import Foundation
import Localization

/// A theme to use, and, when it is not the one asked for, why.
public struct ThemeResolution: Sendable {
    public let theme: Theme
    /// Set when the requested theme could not be used and `theme` is the built-in default:
    /// show it to the user (it names the file, line and key).
    public let problem: ThemeError?
}

/// Where theme files are found, and how a `--theme NAME|PATH` argument becomes a `Theme`.
public struct ThemeLibrary: Sendable {
    public static let defaultThemeName = "honey"

    /// Searched in order; the first directory holding `NAME.toml` wins.
    public let directories: [String]

    public init(directories: [String]) {
        var seen = Set<String>()
        self.directories = directories
            .map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            .filter { seen.insert($0).inserted }
    }

    /// The usual places, in order: a directory given explicitly, `$CHECKOUT_THEMES`, `./Themes`
    /// in the current directory, the `Themes/` beside or above the executable (the repository's,
    /// so that `.build/debug/checkout` finds the themes of the checkout it was built from, or an
    /// installation's `PREFIX/share/checkout-counter/Themes` beside `PREFIX/bin/checkout`), and
    /// `checkout-counter/Themes` in each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`).
    public static func standard(
        explicitDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = currentExecutablePath()
    ) -> ThemeLibrary {
        var directories: [String] = []
        if let explicitDirectory { directories.append(explicitDirectory) }
        if let fromEnvironment = environment["CHECKOUT_THEMES"], !fromEnvironment.isEmpty {
            directories.append(fromEnvironment)
        }
        directories.append((currentDirectory as NSString).appendingPathComponent("Themes"))
        if let executablePath, let repositoryThemes = themesDirectory(above: executablePath) {
            directories.append(repositoryThemes)
        }
        let dataDirectories = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for dataDirectory in dataDirectories.split(separator: ":") {
            directories.append((String(dataDirectory) as NSString).appendingPathComponent(installedThemesPath))
        }
        return ThemeLibrary(directories: directories.filter(isDirectory))
    }

    /// The names of every theme file found, each once, sorted.
    public func availableThemeNames() -> [String] {
        let names = directories.flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasSuffix(".toml") }
                .map { String($0.dropLast(5)) }
        }
        return Array(Set(names)).sorted()
    }

    /// The file for `nameOrPath`: taken as a path when it contains `/` or ends with `.toml`,
    /// otherwise looked up as `NAME.toml` in the directories. Nil when there is none.
    public func file(for nameOrPath: String) -> String? {
        if Self.isPath(nameOrPath) {
            return FileManager.default.fileExists(atPath: nameOrPath) ? nameOrPath : nil
        }
        return directories
            .map { ($0 as NSString).appendingPathComponent(nameOrPath + ".toml") }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Loads the theme `nameOrPath` names, or throws what is wrong with it.
    public func load(_ nameOrPath: String) throws(ThemeError) -> Theme {
        guard let path = file(for: nameOrPath) else {
            if Self.isPath(nameOrPath) {
                throw ThemeError(.unreadable, file: nameOrPath, detail: tr("no such theme file"))
            }
            let searched = directories.isEmpty ? "no theme directory found" : "looked in " + directories.joined(separator: ", ")
            throw ThemeError(.notFound, file: nameOrPath + ".toml", detail: tr("no theme named \"{0}\" ({1})", nameOrPath, searched))
        }
        return try Self.loadFile(path)
    }

    /// The theme to run with, never failing: `nameOrPath` (the default theme when nil), or the
    /// built-in default together with the reason the requested one could not be used.
    public func resolve(_ nameOrPath: String?) -> ThemeResolution {
        let requested = nameOrPath ?? Self.defaultThemeName
        do {
            return ThemeResolution(theme: try load(requested), problem: nil)
        } catch {
            // Without a file for the default theme the built-in copy is the default theme itself.
            let isMissingDefault = nameOrPath == nil && error.kind == .notFound
            return ThemeResolution(theme: .builtIn, problem: isMissingDefault ? nil : error)
        }
    }

    /// Reads and parses one theme file; errors name `path` as given.
    public static func loadFile(_ path: String) throws(ThemeError) -> Theme {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ThemeError(.unreadable, file: path, detail: tr("cannot read the file ({0})", error.localizedDescription))
        }
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return try ThemeParser.parse(text, file: path, defaultName: stem)
    }

    /// The running executable, symlinks resolved (`/proc/self/exe` on Linux).
    public static func currentExecutablePath() -> String? {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return resolved
        }
        return Bundle.main.executablePath ?? CommandLine.arguments.first
    }

    /// Where an installation keeps the themes, under its data directory (`PREFIX/share`); the
    /// kiosk's demo tapes sit beside them (`.../checkout-counter/Tapes/demo`).
    public static let installedThemesPath = "checkout-counter/Themes"

    /// The nearest `Themes` directory among the executable's ancestors (a build sits a few
    /// levels below the repository root: `.build/<triple>/debug/checkout`), or an installation's
    /// `share/checkout-counter/Themes` (the binary in `PREFIX/bin`).
    public static func themesDirectory(above executablePath: String) -> String? {
        var directory = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("Themes").path
            if isDirectory(candidate) { return candidate }
            let installed = directory.appendingPathComponent("share").appendingPathComponent(installedThemesPath).path
            if isDirectory(installed) { return installed }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        return nil
    }

    private static func isPath(_ nameOrPath: String) -> Bool {
        nameOrPath.contains("/") || nameOrPath.hasSuffix(".toml")
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

extension Theme {
    /// The `honey` theme as compiled into the binary: the counter's colours when no theme file
    /// can be used.
    public static let builtIn: Theme = {
        do {
            return try ThemeParser.parse(BuiltInTheme.honeySource, file: "built-in " + BuiltInTheme.fileName, defaultName: "honey")
        } catch {
            // A test parses the same text; reaching this means the binary was built broken.
            fatalError("the built-in theme does not parse: \(error)")
        }
    }()
}

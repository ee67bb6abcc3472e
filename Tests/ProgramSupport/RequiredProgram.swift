import Foundation

/// A program a test runs that does not come with Swift: found on PATH, or an error that says
/// which Debian package brings it.
///
/// The README's prerequisites name every one of these packages in one `apt-get install` line,
/// and `.ci/run` installs the same list. A test that needs one of them fails with this error when
/// it is missing, rather than passing without having checked anything; only programs the README
/// calls optional (`systemd-analyze`) are skipped instead, with the same words.
public struct RequiredProgram: Sendable {
    public let name: String
    public let package: String

    public init(name: String, package: String) {
        self.init(name, package: package)
    }

    public init(_ name: String, package: String) {
        self.name = name
        self.package = package
    }

    public static let tmux = RequiredProgram("tmux", package: "tmux")
    public static let zbarimg = RequiredProgram("zbarimg", package: "zbar-tools")
    public static let msgfmt = RequiredProgram("msgfmt", package: "gettext")
    public static let systemdAnalyze = RequiredProgram("systemd-analyze", package: "systemd")

    /// The executable, if installed.
    public var path: String? {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = searchPath.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
        return directories
            .map { ($0 as NSString).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public var isInstalled: Bool { path != nil }

    /// What to do about it, for a failure or a skip.
    public var missingMessage: String {
        "\(name) is not installed: install the Debian package \(package) (sudo apt-get install \(package)), as README's Prerequisites say"
    }

    /// The executable, or the error that names the package.
    public func require() throws -> String {
        guard let path else { throw MissingProgram(message: missingMessage) }
        return path
    }
}

/// A program a test needs is not installed; the message names its package.
public struct MissingProgram: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

import Foundation
import PostgresClient

/// Where the core keeps its data.
public enum DatabaseLocation: Equatable, Sendable {
    /// A SQLite file (WAL, synchronous=FULL). The vault key file sits next to it.
    case file(String)
    /// A private in-memory database, for tests and tapes; the vault key lives in memory too.
    case inMemory
    /// A PostgreSQL server shared by a fleet of counters (`postgres://...`, `postgresql://...`,
    /// or `postgres:` for libpq's environment). The vault key is found as for a file, never beside it.
    case server(url: String)

    /// `--db PATH` / `:memory:` / a server URL, as given on the command line.
    public init(argument: String) {
        if argument == ":memory:" {
            self = .inMemory
        } else if PostgresConnection.conninfo(argument) != nil {
            self = .server(url: argument)
        } else {
            self = .file(argument)
        }
    }

    /// How messages name the database: the path, or the URL without its password.
    public var displayName: String {
        switch self {
        case let .file(path): path
        case .inMemory: ":memory:"
        case let .server(url): Self.withoutPassword(url)
        }
    }

    /// `postgres://till:secret@host/shop` -> `postgres://till@host/shop`: a password typed into
    /// `--db` must not reach the screen or a log. (A `password=` query parameter is cut the same way.)
    static func withoutPassword(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.password = nil
        components.queryItems = components.queryItems?.filter { $0.name != "password" }
        if components.queryItems?.isEmpty == true { components.queryItems = nil }
        return components.string ?? url
    }

    /// `$XDG_DATA_HOME/checkout-counter/counter.sqlite`, falling back to
    /// `~/.local/share/checkout-counter/counter.sqlite` when XDG_DATA_HOME is unset or not absolute
    /// (as the XDG Base Directory specification says).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        return ((dataHome as NSString).appendingPathComponent("checkout-counter") as NSString)
            .appendingPathComponent("counter.sqlite")
    }

    /// The vault key file for a database file: "<database>.vaultkey".
    public static func keyFilePath(forDatabase path: String) -> String { path + ".vaultkey" }
}

import Foundation

/// Where the core keeps its data.
public enum DatabaseLocation: Equatable, Sendable {
    /// A SQLite file (WAL, synchronous=FULL). The vault key file sits next to it.
    case file(String)
    /// A private in-memory database, for tests and tapes; the vault key lives in memory too.
    case inMemory

    /// `--db PATH` / `:memory:` as given on the command line.
    public init(argument: String) {
        self = argument == ":memory:" ? .inMemory : .file(argument)
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

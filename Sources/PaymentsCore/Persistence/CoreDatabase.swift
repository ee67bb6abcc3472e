import Foundation
import GRDB

/// The SQLite database under the core: opened, configured and migrated.
///
/// A `DatabaseQueue` (one connection) fits the one-loop design; files use WAL with
/// `synchronous=FULL`, so a committed transaction (a `succeeded` charge) survives a power cut
/// before anyone is told about it. Foreign keys are on (GRDB's default, asserted here).
public final class CoreDatabase {
    public let location: DatabaseLocation
    /// The GRDB writer, for later repositories (issue 4) that live in this same file.
    public let queue: DatabaseQueue

    public init(location: DatabaseLocation, extraMigrations: (inout DatabaseMigrator) -> Void = { _ in }) throws {
        self.location = location
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        switch location {
        case .inMemory:
            queue = try DatabaseQueue(configuration: configuration)
        case let .file(path):
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            configuration.journalMode = .wal
            queue = try DatabaseQueue(path: path, configuration: configuration)
            // After GRDB's own WAL setup (which picks NORMAL): FULL syncs the WAL on every commit,
            // so a committed charge survives a power cut, not only a crash of the process.
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        }
        var migrator = DatabaseMigrator()
        CoreMigrations.register(in: &migrator)
        extraMigrations(&migrator)
        try migrator.migrate(queue)
    }

    /// Closes the connection (and lets SQLite checkpoint the WAL). The core is unusable after.
    public func close() throws { try queue.close() }
}

extension Date {
    var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    init(milliseconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(milliseconds) / 1000) }
}

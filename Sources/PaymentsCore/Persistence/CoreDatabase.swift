import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// The SQLite database under the core: opened, configured and migrated.
///
/// A `DatabaseQueue` (one connection) fits the one-loop design; files use WAL with
/// `synchronous=FULL`, so a committed transaction (a `succeeded` charge) survives a power cut
/// before anyone is told about it. Foreign keys are on (GRDB's default, asserted here).
public final class CoreDatabase {
    /// How long a statement waits for a lock another process holds before it gives up.
    /// Several counters may share one file, and an operator may hold it for a moment (a backup,
    /// `sqlite3` in a shell, another counter's checkpoint): a lock of a few seconds is waited
    /// out with room to spare. Not longer: the loop waits on its one thread, so a lock held for
    /// good (a hung process) should become an error the operator reads, not a frozen screen.
    public static let busyTimeout: TimeInterval = 10

    public let location: DatabaseLocation
    /// The one connection. The core's services are its only users: callers outside the core go
    /// through them (a queue handed out is a second way to change money rows, past every guard).
    /// Tests inspect and damage the file through the `Testing` SPI.
    @_spi(Testing) public let queue: DatabaseQueue
    /// The same connection, as the engine-neutral store the core's parts move onto (Docs/fleet.md).
    public private(set) lazy var store: any CoreStore = SQLiteCoreStore(queue)

    /// - Parameter busyTimeout: lower only in tests that wait for a lock to win.
    public init(location: DatabaseLocation, busyTimeout: TimeInterval = CoreDatabase.busyTimeout,
                extraMigrations: (inout DatabaseMigrator) -> Void = { _ in }) throws(CoreOpenError) {
        self.location = location
        var migrator = DatabaseMigrator()
        CoreMigrations.register(in: &migrator)
        extraMigrations(&migrator)
        switch location {
        case .inMemory:
            do {
                var configuration = Configuration()
                configuration.foreignKeysEnabled = true
                queue = try DatabaseQueue(configuration: configuration)
                try migrator.migrate(queue)
            } catch {
                throw CoreOpenError.classify(error, file: ":memory:")
            }
        case let .file(path):
            queue = try Self.openFile(path, busyTimeout: busyTimeout, migrator: migrator)
        case .server:
            // A server is `CoreStorage`'s to open; this class is SQLite's.
            throw CoreOpenError(file: location.displayName, reason: .failed("not a SQLite database"))
        }
    }

    private static func openFile(_ path: String, busyTimeout: TimeInterval, migrator: DatabaseMigrator) throws(CoreOpenError) -> DatabaseQueue {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw CoreOpenError(file: path, reason: .cannotCreateDirectory)
            }
        }
        // SQLite would open a file it may not write read-only and fail later, on the first
        // payment; said here, the operator hears it before anyone is at the counter.
        guard isWritable(path) else { throw CoreOpenError(file: path, reason: .readOnly) }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(busyTimeout)
        // The busy timeout covers statements, not everything opening does: the switch to WAL
        // can fail with SQLITE_BUSY at once (SQLite does not wait where waiting could
        // deadlock), and GRDB reads which migrations are applied before it takes the write lock,
        // so a counter migrating a new file beside another one can run a migration the other
        // has just committed ("table already exists"). Each migration is one transaction and
        // opening is idempotent, so it is tried again: after SQLITE_BUSY, and after any failure
        // while another process was seen to migrate. A random pause spreads twenty counters
        // started together; the attempts stop when a statement would have stopped waiting.
        let deadline = Date().addingTimeInterval(busyTimeout)
        var attempt = 0
        while true {
            var opened: DatabaseQueue?
            var appliedBefore: Set<String>?
            do {
                let queue = try DatabaseQueue(path: path, configuration: configuration)
                opened = queue
                // After GRDB's own WAL setup (which picks NORMAL): FULL syncs the WAL on every commit,
                // so a committed charge survives a power cut, not only a crash of the process.
                try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
                // Unreadable while another process creates GRDB's table: as good as none applied.
                appliedBefore = (try? queue.read { db in try migrator.appliedIdentifiers(db) }) ?? []
                try migrator.migrate(queue)
                return queue
            } catch {
                let busy = (error as? DatabaseError).map(isBusy) ?? false
                let othersMigrated = appliedBefore.map { before in
                    ((try? opened?.read { db in try migrator.appliedIdentifiers(db) }) ?? before) != before
                } ?? false
                try? opened?.close()
                guard busy || othersMigrated, Date() < deadline else { throw CoreOpenError.classify(error, file: path) }
                attempt += 1
                usleep(UInt32.random(in: 5_000...20_000) * UInt32(min(attempt, 10)))
            }
        }
    }

    private static func isBusy(_ error: DatabaseError) -> Bool {
        error.resultCode.primaryResultCode == .SQLITE_BUSY || error.resultCode.primaryResultCode == .SQLITE_LOCKED
    }

    /// Whether this process may write the file (or, when it does not exist yet, create it) and
    /// the WAL files beside it.
    static func isWritable(_ path: String) -> Bool {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let directoryOK = access(directory.isEmpty ? "." : directory, W_OK) == 0
        return directoryOK && (access(path, F_OK) != 0 || access(path, W_OK) == 0)
    }

    /// Closes the connection (and lets SQLite checkpoint the WAL). The core is unusable after.
    public func close() throws { try queue.close() }
}

import Foundation
import GRDB

/// The core's storage, opened: the database (a SQLite file, memory, or a PostgreSQL server),
/// migrated, and the vault key it is sealed under. Opened on its own (before the terminal is
/// taken over) so that whatever stops it is told on a clean terminal, then handed to
/// `PaymentsServices(storage:...)`.
public final class CoreStorage {
    public let location: DatabaseLocation
    /// Every transaction of the core, on whichever engine `location` names.
    public let store: any CoreStore
    /// The SQLite database under `store`; nil on a server. Tests and the commit counter look
    /// through it; the core's parts go through `store`.
    public let sqlite: CoreDatabase?
    /// The server under `store`; nil on SQLite. Its socket carries the other counters' changes.
    public let server: PostgresCoreDatabase?
    let keys: VaultKeys
    /// Where the key file is (for an in-memory database: nowhere, the key dies with the process).
    public let keyLocation: VaultKeyLocation
    /// What the operator should hear once (a key moved, a rotation finished).
    public let notices: [VaultKeyNotice]
    /// The journal signing keys of the counters that use this storage (one file each, apart
    /// from the data; in memory for a database in memory).
    public let journalKeys: JournalKeyring

    /// - Parameters:
    ///   - vaultKey: nil: as the command line resolves it with no flag (environment variable,
    ///     systemd credential, config directory).
    ///   - journalKey: nil: as the command line resolves it with no flag (beside the vault key).
    ///   - busyTimeout: lower only in tests that wait for a lock to win.
    public init(_ location: DatabaseLocation, vaultKey: VaultKeyLocation? = nil, journalKey: JournalKeyLocation? = nil,
                busyTimeout: TimeInterval = CoreDatabase.busyTimeout, migrations: (inout DatabaseMigrator) -> Void = { _ in }) throws(CoreOpenError) {
        self.location = location
        let keyLocation = vaultKey ?? VaultKeyLocation.resolve(flag: nil)
        self.keyLocation = keyLocation
        journalKeys = JournalKeyring(location == .inMemory ? .inMemory : journalKey ?? JournalKeyLocation.resolve(flag: nil, vaultKey: keyLocation))
        switch location {
        case .inMemory, .file:
            let database = try CoreDatabase(location: location, busyTimeout: busyTimeout, extraMigrations: migrations)
            sqlite = database
            server = nil
            store = database.store
        case let .server(url):
            do {
                let database = try PostgresCoreDatabase(url: url, migrations: migrations)
                server = database
                store = database.store
            } catch {
                throw CoreOpenError.classify(error, file: location.displayName)
            }
            sqlite = nil
        }
        if location == .inMemory {
            keys = .ephemeral()
            notices = []
            return
        }
        do {
            let bound = try VaultKeyBinding.bind(location, store: store, key: keyLocation)
            keys = bound.keys
            notices = bound.notices
        } catch {
            try? sqlite?.close()
            throw error
        }
    }

    /// Closes a SQLite file (and lets it checkpoint its WAL). A server's connection is closed
    /// when the last reference to it goes: nothing is left to flush on the counter's side.
    public func close() throws {
        try sqlite?.close()
    }
}

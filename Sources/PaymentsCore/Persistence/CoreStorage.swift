import Foundation
import GRDB

/// The core's storage, opened: the database, migrated, and the vault key it is sealed under.
/// Opened on its own (before the terminal is taken over) so that whatever stops it is told on
/// a clean terminal, then handed to `PaymentsServices(storage:...)`.
public final class CoreStorage {
    public let database: CoreDatabase
    let keys: VaultKeys
    /// Where the key file is (for an in-memory database: nowhere, the key dies with the process).
    public let keyLocation: VaultKeyLocation
    /// What the operator should hear once (a key moved, a rotation finished).
    public let notices: [VaultKeyNotice]

    /// - Parameters:
    ///   - vaultKey: nil: as the command line resolves it with no flag (environment variable,
    ///     systemd credential, config directory).
    ///   - busyTimeout: lower only in tests that wait for a lock to win.
    public init(_ location: DatabaseLocation, vaultKey: VaultKeyLocation? = nil, busyTimeout: TimeInterval = CoreDatabase.busyTimeout,
                migrations: (inout DatabaseMigrator) -> Void = { _ in }) throws(CoreOpenError) {
        database = try CoreDatabase(location: location, busyTimeout: busyTimeout, extraMigrations: migrations)
        let keyLocation = vaultKey ?? VaultKeyLocation.resolve(flag: nil)
        self.keyLocation = keyLocation
        switch location {
        case .inMemory:
            keys = .ephemeral()
            notices = []
        case let .file(path):
            do {
                let bound = try VaultKeyBinding.bind(database: path, queue: database.queue, key: keyLocation)
                keys = bound.keys
                notices = bound.notices
            } catch {
                try? database.close()
                throw error
            }
        }
    }

    public func close() throws { try database.close() }
}

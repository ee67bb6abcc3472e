import Foundation
import GRDB

/// Finds the vault key a database (a file or a server) is sealed under, and binds a new database to its key.
///
/// The database keeps an HMAC of a fixed label under its key (`vault_meta`), so a key file is
/// checked before anything is unsealed with it: the wrong key is an error, never garbage. A new
/// key is made only for a database with nothing sealed and no key recorded; for any other, a
/// missing key is an error that names where it was looked for.
enum VaultKeyBinding {
    struct Bound {
        let keys: VaultKeys
        let notices: [VaultKeyNotice]
    }

    /// What the database says about its key.
    private struct Recorded {
        var keyCheck: String?
        /// One sealed card number, to try a key on when no check is recorded yet (a database
        /// from before `vault_meta`): AES-GCM refuses to open it under the wrong key.
        var sampleSealed: Data?
    }

    static func bind(_ database: DatabaseLocation, store: any CoreStore, key location: VaultKeyLocation) throws(CoreOpenError) -> Bound {
        let path = database.displayName
        var notices: [VaultKeyNotice] = []
        func fail(_ reason: CoreOpenError.Reason) -> CoreOpenError { CoreOpenError(file: path, reason: reason) }
        func read(_ keyPath: String) throws(CoreOpenError) -> VaultKeys? {
            do { return try VaultKeyFile.read(keyPath) } catch { throw fail(.vaultKeyMalformed(path: keyPath)) }
        }

        // Only a file ever had its key beside it; a server's key was never anywhere but its place.
        if case let .file(file) = database, let moved = try moveKeyFromBesideDatabase(file, to: location) {
            notices.append(moved)
        }
        let recorded: Recorded
        do {
            recorded = try store.read { tx in
                Recorded(keyCheck: try tx.fetchValue(String.self, "SELECT key_check FROM vault_meta WHERE id = ?", VaultMetaRow.onlyRow),
                         sampleSealed: try tx.fetchValue(Data.self, """
                            SELECT sealed_number FROM payment_methods WHERE sealed_number IS NOT NULL
                            UNION ALL SELECT sealed_number FROM charges WHERE sealed_number IS NOT NULL LIMIT 1
                            """))
            }
        } catch {
            throw CoreOpenError.classify(error, file: path)
        }
        let current = try read(location.path)
        let pending = try read(location.pendingPath)

        // A rotation writes `vault.key.new`, commits the re-sealed data, then renames the new key
        // into place. Stopped before the commit, the old key still fits and `.new` is stale;
        // stopped after it, only `.new` fits and the rename is finished here.
        func fits(_ keys: VaultKeys) -> Bool {
            if let check = recorded.keyCheck { return keys.keyCheck == check }
            if let sample = recorded.sampleSealed { return (try? keys.unseal(sample)) != nil }
            return true
        }
        let keys: VaultKeys
        if let current, fits(current) {
            if pending != nil, recorded.keyCheck != nil || recorded.sampleSealed != nil { VaultKeyFile.remove(location.pendingPath) }
            keys = current
        } else if let pending, recorded.keyCheck != nil || recorded.sampleSealed != nil, fits(pending) {
            do { try VaultKeyFile.move(location.pendingPath, to: location.path) } catch { throw fail(.vaultKeyUnwritable(path: location.path)) }
            notices.append(.finishedInterruptedRotation(path: location.path))
            keys = pending
        } else if current != nil {
            throw fail(.vaultKeyWrong(path: location.path))
        } else if recorded.keyCheck != nil || recorded.sampleSealed != nil || !location.mayCreate {
            throw fail(.vaultKeyMissing(expectedAt: location.path))
        } else {
            do { keys = try VaultKeyFile.createIfAbsent(location.path, bytes: VaultKeyFile.randomBytes()) }
            catch { throw fail(.vaultKeyUnwritable(path: location.path)) }
        }
        if recorded.keyCheck == nil { try record(keys, database: path, store: store, key: location) }
        return Bound(keys: keys, notices: notices)
    }

    /// Writes the key's check into a database that has none. Two counters opening one new file
    /// at once both try; the second finds the first's row, which must be the same key.
    private static func record(_ keys: VaultKeys, database path: String, store: any CoreStore, key location: VaultKeyLocation) throws(CoreOpenError) {
        let stored: String?
        do {
            stored = try store.write { tx in
                try tx.execute("INSERT INTO vault_meta (id, key_check) VALUES (?, ?) ON CONFLICT (id) DO NOTHING", VaultMetaRow.onlyRow, keys.keyCheck)
                return try tx.fetchValue(String.self, "SELECT key_check FROM vault_meta WHERE id = ?", VaultMetaRow.onlyRow)
            }
        } catch {
            throw CoreOpenError.classify(error, file: path)
        }
        guard stored == keys.keyCheck else { throw CoreOpenError(file: path, reason: .vaultKeyWrong(path: location.path)) }
    }

    /// Installs before this version kept the key beside the database ("<database>.vaultkey"),
    /// where a copy of the data directory takes it along. It moves to the new place once; where
    /// a key already is, nothing is moved (the old file then decides nothing: the check does).
    private static func moveKeyFromBesideDatabase(_ path: String, to location: VaultKeyLocation) throws(CoreOpenError) -> VaultKeyNotice? {
        let old = DatabaseLocation.keyFilePath(forDatabase: path)
        guard location.mayCreate, old != location.path, FileManager.default.fileExists(atPath: old),
              !FileManager.default.fileExists(atPath: location.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: old), data.count == VaultKeys.fileLength else {
            throw CoreOpenError(file: path, reason: .vaultKeyMalformed(path: old))
        }
        // Copied, not renamed: the config directory is often on another file system.
        let placed: VaultKeys
        do {
            placed = try VaultKeyFile.createIfAbsent(location.path, bytes: Array(data))
        } catch {
            throw CoreOpenError(file: path, reason: .vaultKeyUnwritable(path: location.path))
        }
        // Another counter made a different key there meanwhile: keep the old file, the check decides.
        guard placed.keyCheck == VaultKeys(bytes: data).keyCheck else { return nil }
        VaultKeyFile.remove(old)
        return .movedFromBesideDatabase(from: old, to: location.path)
    }
}

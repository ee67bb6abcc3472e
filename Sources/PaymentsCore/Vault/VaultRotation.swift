import Foundation

/// Re-seals every stored card number under a new vault key (`checkout vault rotate`).
///
/// The order is what makes a crash harmless: the new key is written to `vault.key.new` first;
/// then every sealed number, every fingerprint that can be recomputed and the key check are
/// changed in one transaction; only after the commit is the new key renamed into place. At no
/// moment is the database sealed under a key that is not on disk, and opening finishes (or
/// forgets) a rotation that stopped half-way (see `VaultKeyBinding`).
public enum VaultRotation {
    public struct Report: Equatable, Sendable {
        /// Saved cards whose number was re-sealed (and fingerprint recomputed).
        public var savedCards = 0
        /// Unsettled charges whose number was re-sealed.
        public var charges = 0
        /// Saved cards kept without a number: their fingerprint cannot be recomputed and stays
        /// under the old key, so saving the same card again is not recognised as a duplicate.
        public var fingerprintsKept = 0
    }

    /// Rotates the key of the database `storage` has open; `storage` keeps working under the
    /// old key only until it is closed, so close it after.
    public static func rotate(_ storage: CoreStorage) throws -> Report {
        let fresh = try writePendingKey(storage)
        let report = try reseal(storage, under: fresh)
        try installPendingKey(storage)
        return report
    }

    /// Step 1: the new key, beside the current one, not yet in use.
    static func writePendingKey(_ storage: CoreStorage) throws -> VaultKeys {
        let bytes = VaultKeyFile.randomBytes()
        try VaultKeyFile.replace(storage.keyLocation.pendingPath, bytes: bytes)
        return VaultKeys(bytes: bytes)
    }

    /// Step 2: one transaction re-seals everything under `fresh` and records its check.
    static func reseal(_ storage: CoreStorage, under fresh: VaultKeys) throws -> Report {
        let old = storage.keys
        return try storage.store.write { tx in
            var report = Report()
            for method in try tx.fetchAll(PaymentMethodRow.self, "SELECT * FROM payment_methods ORDER BY id") {
                guard let sealed = method.sealedNumber else { report.fingerprintsKept += 1; continue }
                let number = try old.unseal(sealed)
                try tx.execute("UPDATE payment_methods SET sealed_number = ?, fingerprint = ? WHERE id = ?",
                               try fresh.seal(number), fresh.fingerprint(number), method.id)
                report.savedCards += 1
            }
            let sealedCharges = try tx.rows("SELECT id, sealed_number FROM charges WHERE sealed_number IS NOT NULL ORDER BY id")
            for charge in sealedCharges {
                let number = try old.unseal(try charge.value(Data.self, at: 1))
                try tx.execute("UPDATE charges SET sealed_number = ? WHERE id = ?", try fresh.seal(number), try charge.value(String.self, at: 0))
                report.charges += 1
            }
            try tx.execute("INSERT INTO vault_meta (id, key_check) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET key_check = excluded.key_check",
                           VaultMetaRow.onlyRow, fresh.keyCheck)
            return report
        }
    }

    /// Step 3: the new key takes the old one's name.
    static func installPendingKey(_ storage: CoreStorage) throws {
        try VaultKeyFile.move(storage.keyLocation.pendingPath, to: storage.keyLocation.path)
    }
}

import Foundation
import GRDB

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
        return try storage.database.queue.write { db in
            var report = Report()
            for method in try PaymentMethodRow.fetchAll(db) {
                guard let sealed = method.sealedNumber else { report.fingerprintsKept += 1; continue }
                let number = try old.unseal(sealed)
                try PaymentMethodRow.filter(key: method.id).updateAll(db, [
                    Column(PaymentMethodRow.CodingKeys.sealedNumber).set(to: try fresh.seal(number)),
                    PaymentMethodRow.Columns.fingerprint.set(to: fresh.fingerprint(number)),
                ])
                report.savedCards += 1
            }
            let sealedNumber = Column(ChargeRow.CodingKeys.sealedNumber)
            for charge in try ChargeRow.filter(sealedNumber != nil).fetchAll(db) {
                guard let sealed = charge.sealedNumber else { continue }
                let number = try old.unseal(sealed)
                try ChargeRow.filter(key: charge.id).updateAll(db, sealedNumber.set(to: try fresh.seal(number)))
                report.charges += 1
            }
            try VaultMetaRow(keyCheck: fresh.keyCheck).upsert(db)
            return report
        }
    }

    /// Step 3: the new key takes the old one's name.
    static func installPendingKey(_ storage: CoreStorage) throws {
        try VaultKeyFile.move(storage.keyLocation.pendingPath, to: storage.keyLocation.path)
    }
}

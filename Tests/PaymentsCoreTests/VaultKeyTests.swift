import Clocks
import Foundation
import GRDB
import Testing
@_spi(Testing) @testable import PaymentsCore

/// The vault key apart from the data: where it is looked for, how a database recognises its own
/// key, that no key is ever made for a database that already has sealed cards, the move from
/// beside the database, and the rotation with its crash ordering.
@Suite struct VaultKeyTests {
    /// A database and a key file in sibling directories, as data and config directories are.
    struct Place {
        let database: String
        let key: String
        init() throws {
            let root = try temporaryDirectory()
            database = root + "/data/counter.sqlite"
            key = root + "/config/checkout-counter/vault.key"
        }
        var location: VaultKeyLocation { VaultKeyLocation(path: key, origin: .flag) }
        /// Random ids: a second harness on the same file must not reuse the first one's charge ids.
        func harness(key path: String? = nil, clock: ManualClock = ManualClock()) throws -> Harness {
            try Harness(database: .file(database), clock: clock, vaultKey: path ?? key, ids: RandomIDGenerator())
        }
        func open(key path: String? = nil) throws(CoreOpenError) -> CoreStorage {
            try CoreStorage(.file(database), vaultKey: VaultKeyLocation(path: path ?? key, origin: .flag))
        }
    }

    /// A customer with a saved card (its number sealed), the core closed after.
    @discardableResult
    static func savedCard(_ place: Place) throws -> (customer: String, method: String) {
        let h = try place.harness()
        let customer = try h.customer()
        let method = try h.core.paymentMethods.save(card: try h.card(), for: customer.id).method
        try h.core.close()
        return (customer.id, method.id)
    }

    static func reason(_ body: () throws(CoreOpenError) -> CoreStorage) -> CoreOpenError.Reason? {
        do {
            let storage = try body()
            try? storage.close()
            return nil
        } catch {
            return error.reason
        }
    }

    static func permissions(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func theKeyIsLookedForInFlagEnvironmentCredentialThenConfigDirectory() throws {
        let credentials = try temporaryDirectory()
        let env = ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg", VaultKeyLocation.environmentVariable: "/env/key",
                   "CREDENTIALS_DIRECTORY": credentials]
        #expect(VaultKeyLocation.resolve(flag: "/flag/key", environment: env) == VaultKeyLocation(path: "/flag/key", origin: .flag))
        #expect(VaultKeyLocation.resolve(flag: nil, environment: env) == VaultKeyLocation(path: "/env/key", origin: .environment))
        var withoutVariable = env
        withoutVariable[VaultKeyLocation.environmentVariable] = nil
        // A credentials directory without the credential: the config directory.
        #expect(VaultKeyLocation.resolve(flag: nil, environment: withoutVariable).origin == .configDirectory)
        #expect(FileManager.default.createFile(atPath: credentials + "/vault-key", contents: Data(count: 64)))
        let credential = VaultKeyLocation.resolve(flag: nil, environment: withoutVariable)
        #expect(credential == VaultKeyLocation(path: credentials + "/vault-key", origin: .credential))
        #expect(!credential.mayCreate)
        #expect(VaultKeyLocation.resolve(flag: nil, environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg"]).path
                == "/cfg/checkout-counter/vault.key")
        #expect(VaultKeyLocation.resolve(flag: nil, environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "relative"]).path
                == "/home/ada/.config/checkout-counter/vault.key")
    }

    @Test func aNewDatabaseGetsAPrivateKeyAwayFromTheDataAndRecordsItsCheck() throws {
        let place = try Place()
        try Self.savedCard(place)
        #expect(try Self.permissions(place.key) == 0o600)
        #expect(try Self.permissions((place.key as NSString).deletingLastPathComponent) == 0o700)
        #expect(!FileManager.default.fileExists(atPath: DatabaseLocation.keyFilePath(forDatabase: place.database)))
        let queue = try DatabaseQueue(path: place.database)
        let check = try queue.read { db in try String.fetchOne(db, sql: "SELECT key_check FROM vault_meta") }
        try queue.close()
        let key = try #require(try VaultKeyFile.read(place.key))
        #expect(check == key.keyCheck)
    }

    @Test func aDatabaseWithSealedCardsAndNoKeyIsAnErrorNotANewKey() throws {
        let place = try Place()
        try Self.savedCard(place)
        try FileManager.default.removeItem(atPath: place.key)
        #expect(Self.reason { () throws(CoreOpenError) in try place.open() } == .vaultKeyMissing(expectedAt: place.key))
        #expect(!FileManager.default.fileExists(atPath: place.key), "a new key was made")
    }

    @Test func aDatabaseBoundToAKeyRefusesANewOneEvenWithNothingSealed() throws {
        let place = try Place()
        try place.open().close()   // bound, nothing saved
        try FileManager.default.removeItem(atPath: place.key)
        #expect(Self.reason { () throws(CoreOpenError) in try place.open() } == .vaultKeyMissing(expectedAt: place.key))
    }

    @Test func anotherDatabasesKeyIsAnErrorNotGarbage() throws {
        let place = try Place()
        try Self.savedCard(place)
        let other = try Place()
        try other.open().close()
        #expect(Self.reason { () throws(CoreOpenError) in try place.open(key: other.key) } == .vaultKeyWrong(path: other.key))
    }

    @Test func aDamagedKeyFileIsSaidSo() throws {
        let place = try Place()
        try Self.savedCard(place)
        try Data(count: 10).write(to: URL(fileURLWithPath: place.key))
        #expect(Self.reason { () throws(CoreOpenError) in try place.open() } == .vaultKeyMalformed(path: place.key))
    }

    @Test func aCredentialIsNeverWrittenTo() throws {
        let place = try Place()
        let location = VaultKeyLocation(path: place.key, origin: .credential)
        #expect(Self.reason { () throws(CoreOpenError) in try CoreStorage(.file(place.database), vaultKey: location) }
                == .vaultKeyMissing(expectedAt: place.key))
        #expect(!FileManager.default.fileExists(atPath: place.key))
    }

    @Test func anInMemoryDatabaseKeepsAnEphemeralKeyAndWritesNoFile() throws {
        let place = try Place()
        let storage = try CoreStorage(.inMemory, vaultKey: place.location)
        #expect(!FileManager.default.fileExists(atPath: place.key))
        let other = try CoreStorage(.inMemory, vaultKey: place.location)
        #expect(storage.keys.keyCheck != other.keys.keyCheck)
    }

    /// Installs from before kept "<database>.vaultkey" and no `vault_meta`.
    static func makeOldInstall(_ place: Place) throws -> (customer: String, method: String) {
        let saved = try savedCard(place)
        try FileManager.default.moveItem(atPath: place.key, toPath: DatabaseLocation.keyFilePath(forDatabase: place.database))
        let queue = try DatabaseQueue(path: place.database)
        try queue.write { db in try db.execute(sql: "DELETE FROM vault_meta") }
        try queue.close()
        return saved
    }

    @Test func anOldKeyBesideTheDatabaseMovesToTheNewPlaceOnceAndStillCharges() throws {
        let place = try Place()
        let saved = try Self.makeOldInstall(place)
        let old = DatabaseLocation.keyFilePath(forDatabase: place.database)
        let storage = try place.open()
        #expect(storage.notices == [.movedFromBesideDatabase(from: old, to: place.key)])
        try storage.close()
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(try Self.permissions(place.key) == 0o600)
        let again = try place.open()
        #expect(again.notices.isEmpty, "said once")
        try again.close()
        let h = try place.harness()
        #expect(h.charge(h.request(.paymentMethod(saved.method), customer: saved.customer))?.value?.status == .succeeded)
        try h.core.close()
    }

    @Test func anOldDatabaseWithoutACheckRefusesAKeyThatCannotUnsealItsCards() throws {
        let place = try Place()
        try Self.makeOldInstall(place)
        try FileManager.default.removeItem(atPath: DatabaseLocation.keyFilePath(forDatabase: place.database))
        let other = try Place()
        try other.open().close()
        #expect(Self.reason { () throws(CoreOpenError) in try place.open(key: other.key) } == .vaultKeyWrong(path: other.key))
    }
}

@Suite struct VaultRotationTests {
    typealias Place = VaultKeyTests.Place

    /// A saved card, and a charge left waiting for its 3-D Secure code (its number sealed too).
    static func world(_ place: Place, clock: ManualClock) throws -> (customer: String, method: String, challenge: String) {
        let h = try place.harness(clock: clock)
        let customer = try h.customer()
        let method = try h.core.paymentMethods.save(card: try h.card(), for: customer.id).method
        let waiting = try #require(h.charge(h.request(.token(try h.token("4000002760003184").id), key: "3ds"))?.value)
        #expect(waiting.status == .requiresAction)
        try h.core.close()
        return (customer.id, method.id, waiting.id)
    }

    static func sealed(_ path: String) throws -> [Data] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Data.fetchAll(db, sql: """
                SELECT sealed_number FROM payment_methods WHERE sealed_number IS NOT NULL
                UNION ALL SELECT sealed_number FROM charges WHERE sealed_number IS NOT NULL
                """)
        }
    }

    @Test func rotateReSealsEveryCardAndTheOldKeyNoLongerOpens() throws {
        let place = try Place()
        let clock = ManualClock()
        let world = try Self.world(place, clock: clock)
        let oldCopy = place.key + ".backup"
        try FileManager.default.copyItem(atPath: place.key, toPath: oldCopy)
        let before = try Self.sealed(place.database)

        let storage = try place.open()
        let report = try VaultRotation.rotate(storage)
        try storage.close()
        #expect(report == VaultRotation.Report(savedCards: 1, charges: 1, fingerprintsKept: 0))
        #expect(try Self.sealed(place.database).count == before.count)
        #expect(Set(try Self.sealed(place.database)).isDisjoint(with: before), "a number is still sealed under the old key")
        #expect(!FileManager.default.fileExists(atPath: place.key + ".new"))
        #expect(try VaultKeyTests.permissions(place.key) == 0o600)

        // The old key, kept in a backup, opens nothing any more.
        #expect(VaultKeyTests.reason { () throws(CoreOpenError) in try place.open(key: oldCopy) } == .vaultKeyWrong(path: oldCopy))

        // Under the new key: the saved card charges, the waiting challenge completes, and the
        // card is recognised as already saved (its fingerprint recomputed).
        let h = try place.harness(clock: clock)
        #expect(h.charge(h.request(.paymentMethod(world.method), customer: world.customer, key: "after"))?.value?.status == .succeeded)
        #expect(h.confirm(world.challenge, code: "123456")?.value?.status == .succeeded)
        #expect(try h.core.paymentMethods.save(card: try h.card(), for: world.customer).alreadySaved)
        try h.core.close()
    }

    @Test func aRotationStoppedBeforeItsCommitKeepsTheOldKey() throws {
        let place = try Place()
        let clock = ManualClock()
        let world = try Self.world(place, clock: clock)
        let oldKey = try #require(FileManager.default.contents(atPath: place.key))
        let storage = try place.open()
        _ = try VaultRotation.writePendingKey(storage)   // ... and the process dies here
        try storage.close()
        #expect(FileManager.default.fileExists(atPath: place.key + ".new"))

        let reopened = try place.open()
        #expect(reopened.notices.isEmpty)
        try reopened.close()
        #expect(FileManager.default.contents(atPath: place.key) == oldKey)
        #expect(!FileManager.default.fileExists(atPath: place.key + ".new"), "the stale new key was left")
        let h = try place.harness(clock: clock)
        #expect(h.charge(h.request(.paymentMethod(world.method), customer: world.customer, key: "after"))?.value?.status == .succeeded)
        try h.core.close()
    }

    @Test func aRotationStoppedAfterItsCommitIsFinishedOnOpen() throws {
        let place = try Place()
        let clock = ManualClock()
        let world = try Self.world(place, clock: clock)
        let storage = try place.open()
        let fresh = try VaultRotation.writePendingKey(storage)
        _ = try VaultRotation.reseal(storage, under: fresh)   // ... and the process dies here
        try storage.close()
        // The rule: the key the data is sealed under is on disk, even now.
        let onDisk = try #require(try VaultKeyFile.read(place.key + ".new"))
        #expect(onDisk.keyCheck == fresh.keyCheck)

        let reopened = try place.open()
        #expect(reopened.notices == [.finishedInterruptedRotation(path: place.key)])
        try reopened.close()
        #expect(try VaultKeyFile.read(place.key)?.keyCheck == fresh.keyCheck)
        #expect(!FileManager.default.fileExists(atPath: place.key + ".new"))
        let h = try place.harness(clock: clock)
        #expect(h.charge(h.request(.paymentMethod(world.method), customer: world.customer, key: "after"))?.value?.status == .succeeded)
        try h.core.close()
    }

    @Test func aFailedReSealLeavesEverythingUnderTheOldKey() throws {
        let place = try Place()
        let clock = ManualClock()
        _ = try Self.world(place, clock: clock)
        let queue = try DatabaseQueue(path: place.database)
        // One sealed number that no key opens: the re-seal fails part-way through.
        try queue.write { db in
            try db.execute(sql: "UPDATE charges SET sealed_number = ? WHERE sealed_number IS NOT NULL", arguments: [Data(count: 40)])
        }
        try queue.close()
        let before = try Self.sealed(place.database)
        let storage = try place.open()
        #expect(throws: (any Error).self) { try VaultRotation.rotate(storage) }
        let check = try storage.sqlite!.queue.read { db in try String.fetchOne(db, sql: "SELECT key_check FROM vault_meta") }
        #expect(check == storage.keys.keyCheck, "the check moved without the data")
        try storage.close()
        #expect(try Self.sealed(place.database) == before, "half re-sealed")
        let reopened = try place.open()   // the stale .new is forgotten; the old key still fits
        try reopened.close()
        #expect(!FileManager.default.fileExists(atPath: place.key + ".new"))
    }
}

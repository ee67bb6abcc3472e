import Clocks
import Foundation
import GRDB
import Testing
@_spi(Testing) @testable import PaymentsCore

/// The vault key apart from the data: where it is looked for, how a database recognises its own
/// key, that no key is ever made for a database that already has sealed cards, the move from
/// beside the database, and the rotation with its crash ordering.
@Suite struct VaultKeyTests {
    /// A database and a key file in sibling directories, as data and config directories are;
    /// on PostgreSQL, a schema of its own on the server and the key file in a config directory.
    struct Place {
        let store: StoreLocation
        let key: String
        init(_ backend: StorageBackend = .sqlite) throws {
            let root = try temporaryDirectory()
            try self.init(store: backend == .sqlite ? .sqlite(path: root + "/data/counter.sqlite") : backend.freshStore(), root: root)
        }

        init(store: StoreLocation, root: String? = nil) throws {
            self.store = store
            key = try (root ?? temporaryDirectory()) + "/config/checkout-counter/vault.key"
        }
        var database: DatabaseLocation { store.database }
        /// The database file, for the tests of SQLite's own file.
        var file: String {
            guard case let .sqlite(path) = store else { preconditionFailure("a file's test run on a server") }
            return path
        }
        var location: VaultKeyLocation { VaultKeyLocation(path: key, origin: .flag) }
        /// Random ids: a second harness on the same database must not reuse the first one's charge ids.
        func harness(key path: String? = nil, clock: ManualClock = ManualClock()) throws -> Harness {
            try Harness(database: database, clock: clock, vaultKey: path ?? key, ids: RandomIDGenerator())
        }
        func open(key path: String? = nil) throws(CoreOpenError) -> CoreStorage {
            try CoreStorage(database, vaultKey: VaultKeyLocation(path: path ?? key, origin: .flag))
        }
        /// The database's tables without its key (nothing bound, nothing unsealed, nothing moved).
        func tables() throws -> any CoreStore { try store.openStore() }
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

    @Test(arguments: StorageBackend.allCases)
    func aNewDatabaseGetsAPrivateKeyAwayFromTheDataAndRecordsItsCheck(_ backend: StorageBackend) throws {
        let place = try Place(backend)
        try Self.savedCard(place)
        #expect(try Self.permissions(place.key) == 0o600)
        #expect(try Self.permissions((place.key as NSString).deletingLastPathComponent) == 0o700)
        if case let .file(path) = place.database {
            #expect(!FileManager.default.fileExists(atPath: DatabaseLocation.keyFilePath(forDatabase: path)))
        }
        let check = try place.tables().read { tx in try tx.fetchValue(String.self, "SELECT key_check FROM vault_meta") }
        let key = try #require(try VaultKeyFile.read(place.key))
        #expect(check == key.keyCheck)
    }

    @Test(arguments: StorageBackend.allCases)
    func aDatabaseWithSealedCardsAndNoKeyIsAnErrorNotANewKey(_ backend: StorageBackend) throws {
        let place = try Place(backend)
        try Self.savedCard(place)
        try FileManager.default.removeItem(atPath: place.key)
        #expect(Self.reason { () throws(CoreOpenError) in try place.open() } == .vaultKeyMissing(expectedAt: place.key))
        #expect(!FileManager.default.fileExists(atPath: place.key), "a new key was made")
    }

    @Test(arguments: StorageBackend.allCases)
    func aDatabaseBoundToAKeyRefusesANewOneEvenWithNothingSealed(_ backend: StorageBackend) throws {
        let place = try Place(backend)
        try place.open().close()   // bound, nothing saved
        try FileManager.default.removeItem(atPath: place.key)
        #expect(Self.reason { () throws(CoreOpenError) in try place.open() } == .vaultKeyMissing(expectedAt: place.key))
    }

    @Test(arguments: StorageBackend.allCases)
    func anotherDatabasesKeyIsAnErrorNotGarbage(_ backend: StorageBackend) throws {
        let place = try Place(backend)
        try Self.savedCard(place)
        let other = try Place(backend)
        try other.open().close()
        #expect(Self.reason { () throws(CoreOpenError) in try place.open(key: other.key) } == .vaultKeyWrong(path: other.key))
    }

    @Test(arguments: StorageBackend.allCases)
    func aDamagedKeyFileIsSaidSo(_ backend: StorageBackend) throws {
        let place = try Place(backend)
        try Self.savedCard(place)
        try Data(count: 10).write(to: URL(fileURLWithPath: place.key))
        #expect(Self.reason { () throws(CoreOpenError) in try place.open() } == .vaultKeyMalformed(path: place.key))
    }

    @Test(arguments: StorageBackend.allCases)
    func aCredentialIsNeverWrittenTo(_ backend: StorageBackend) throws {
        let place = try Place(backend)
        let location = VaultKeyLocation(path: place.key, origin: .credential)
        #expect(Self.reason { () throws(CoreOpenError) in try CoreStorage(place.database, vaultKey: location) }
                == .vaultKeyMissing(expectedAt: place.key))
        #expect(!FileManager.default.fileExists(atPath: place.key))
    }

    // SQLite-only: memory is SQLite's; a server's data outlives the process, so its key is a file.
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
        try FileManager.default.moveItem(atPath: place.key, toPath: DatabaseLocation.keyFilePath(forDatabase: place.file))
        try place.tables().write { tx in try tx.execute("DELETE FROM vault_meta") }
        return saved
    }

    // SQLite-only: only a file ever had its key beside it (servers came after `vault_meta`).
    @Test func anOldKeyBesideTheDatabaseMovesToTheNewPlaceOnceAndStillCharges() throws {
        let place = try Place()
        let saved = try Self.makeOldInstall(place)
        let old = DatabaseLocation.keyFilePath(forDatabase: place.file)
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

    /// A database with sealed cards and no check recorded (an old file; on a server, a check
    /// lost): a key is tried on a sealed number, and one that cannot unseal it is refused.
    @Test(arguments: StorageBackend.allCases)
    func anOldDatabaseWithoutACheckRefusesAKeyThatCannotUnsealItsCards(_ backend: StorageBackend) throws {
        let place = try Place(backend)
        if backend == .sqlite {
            try Self.makeOldInstall(place)
            try FileManager.default.removeItem(atPath: DatabaseLocation.keyFilePath(forDatabase: place.file))
        } else {
            try Self.savedCard(place)
            try place.tables().write { tx in try tx.execute("DELETE FROM vault_meta") }
            try FileManager.default.removeItem(atPath: place.key)
        }
        let other = try Place(backend)
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

    /// Every sealed number, read without the key (opening with it would tidy a stale new key).
    static func sealed(_ place: Place) throws -> [Data] {
        try place.tables().read { tx in
            try tx.fetchValues(Data.self, """
                SELECT sealed_number FROM payment_methods WHERE sealed_number IS NOT NULL
                UNION ALL SELECT sealed_number FROM charges WHERE sealed_number IS NOT NULL
                """)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func rotateReSealsEveryCardAndTheOldKeyNoLongerOpens(_ backend: StorageBackend) throws {
        let place = try Place(backend)
        let clock = ManualClock()
        let world = try Self.world(place, clock: clock)
        let oldCopy = place.key + ".backup"
        try FileManager.default.copyItem(atPath: place.key, toPath: oldCopy)
        let before = try Self.sealed(place)
        #expect(before.count == 2)

        let storage = try place.open()
        let report = try VaultRotation.rotate(storage)
        try storage.close()
        #expect(report == VaultRotation.Report(savedCards: 1, charges: 1, fingerprintsKept: 0))
        #expect(try Self.sealed(place).count == before.count)
        #expect(Set(try Self.sealed(place)).isDisjoint(with: before), "a number is still sealed under the old key")
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

    @Test(arguments: StorageBackend.allCases)
    func aRotationStoppedBeforeItsCommitKeepsTheOldKey(_ backend: StorageBackend) throws {
        let place = try Place(backend)
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

    @Test(arguments: StorageBackend.allCases)
    func aRotationStoppedAfterItsCommitIsFinishedOnOpen(_ backend: StorageBackend) throws {
        let place = try Place(backend)
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

    @Test(arguments: StorageBackend.allCases)
    func aFailedReSealLeavesEverythingUnderTheOldKey(_ backend: StorageBackend) throws {
        let place = try Place(backend)
        let clock = ManualClock()
        _ = try Self.world(place, clock: clock)
        // One sealed number that no key opens: the re-seal fails part-way through.
        try place.tables().write { tx in
            try tx.execute("UPDATE charges SET sealed_number = ? WHERE sealed_number IS NOT NULL", Data(count: 40))
        }
        let before = try Self.sealed(place)
        let storage = try place.open()
        #expect(throws: (any Error).self) { try VaultRotation.rotate(storage) }
        #expect(FileManager.default.fileExists(atPath: place.key + ".new"), "the rotation got as far as its new key")
        let check = try storage.store.read { tx in try tx.fetchValue(String.self, "SELECT key_check FROM vault_meta") }
        #expect(check == storage.keys.keyCheck, "the check moved without the data")
        try storage.close()
        #expect(try Self.sealed(place) == before, "half re-sealed")
        let reopened = try place.open()   // the stale .new is forgotten; the old key still fits
        try reopened.close()
        #expect(!FileManager.default.fileExists(atPath: place.key + ".new"))
    }
}

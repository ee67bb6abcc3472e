import Clocks
import Foundation
import GRDB
import Testing
@_spi(Testing) @testable import PaymentsCore

@Suite struct PersistenceTests {
    // SQLite-only: WAL and `synchronous` are SQLite's own settings; the migrations and foreign
    // keys are `aNewDatabaseHasEveryCoreMigrationAndRefusesADanglingReference` on both engines.
    @Test func migrationsFromAnEmptyFileWithWALAndForeignKeys() throws {
        let path = try temporaryDirectory() + "/counter.sqlite"
        let h = try Harness(database: .file(path))
        let applied = try h.core.database.queue.read { db in Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) }
        #expect(applied == Set(CoreMigrations.names))
        let (journal, foreignKeys, synchronous) = try h.core.database.queue.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
             try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
        #expect(synchronous == 2)   // FULL
        try h.core.close()
    }

    @Test(arguments: StorageBackend.allCases)
    func aNewDatabaseHasEveryCoreMigrationAndRefusesADanglingReference(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        // Each engine records its migrations in its own table, under the same names.
        let applied = try h.core.store.read { tx in
            Set(try tx.fetchValues(String.self, "SELECT identifier FROM \(tx.engine == .sqlite ? "grdb_migrations" : "core_migrations")"))
        }
        #expect(applied == Set(CoreMigrations.names))
        #expect(throws: (any Error).self, "a key for a charge that does not exist") {
            try h.core.store.write { tx in
                try tx.execute("INSERT INTO idempotency_keys (key, request_hash, charge_id, created_ms) VALUES ('k', 'h', 'ch_none', 0)")
            }
        }
        try h.core.close()
    }

    @Test(arguments: StorageBackend.allCases)
    func eventsAreAppendOnly(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        _ = try h.customer()
        let events = try h.core.events.events(subjectID: nil)
        #expect(events.map(\.kind) == ["customer.signed_up"])
        #expect(events.first?.time == h.clock.now)
        #expect(throws: (any Error).self) { try h.core.store.write { tx in try tx.execute("UPDATE events SET kind = 'x'") } }
        #expect(throws: (any Error).self) { try h.core.store.write { tx in try tx.execute("DELETE FROM events") } }
        #expect(try h.core.events.events(subjectID: nil).count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func everyChargeStateChangeIsAnEvent(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let charge = try #require(h.charge(h.request(1000, .token(try h.token("4000000000003220").id)))?.value)
        _ = h.confirm(charge.id, code: "123456")
        try h.core.charges.refund(charge.id, amount: Money(minorUnits: 100, currency: .eur))
        let kinds = try h.core.events.events(subjectID: charge.id).map(\.kind)
        #expect(kinds == ["charge.created", "charge.requires_action", "charge.challenge_passed", "charge.succeeded", "charge.refunded"])
    }

    @Test func defaultPathFollowsXDG() {
        #expect(DatabaseLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"])
                == "/data/checkout-counter/counter.sqlite")
        #expect(DatabaseLocation.defaultPath(environment: ["HOME": "/home/ada"])
                == "/home/ada/.local/share/checkout-counter/counter.sqlite")
        #expect(DatabaseLocation.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ada"])
                == "/home/ada/.local/share/checkout-counter/counter.sqlite")
        #expect(DatabaseLocation(argument: ":memory:") == .inMemory)
    }

    @Test(arguments: StorageBackend.allCases)
    func aSucceededChargeIsOnDiskBeforeTheCallerHears(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let h = try Harness(database: location.database)
        let observer = try location.openStore()   // a second connection: sees only what is committed
        var statusSeenOnDisk: String?
        h.core.charges.create(h.request(.token(try h.token().id))) { result in
            statusSeenOnDisk = try? observer.read { tx in
                try tx.fetchValue(String.self, "SELECT status FROM charges WHERE id = ?", result.value!.id)
            }
        }
        h.settle(advancing: .seconds(1))
        #expect(statusSeenOnDisk == "succeeded")
        try h.core.close()
    }

    @Test(arguments: StorageBackend.allCases)
    func aChargePendingWhenTheProcessDiesIsSettledAfterARestart(_ backend: StorageBackend) throws {
        let location = try backend.freshStore().database
        let clock = ManualClock()
        do {
            let h = try Harness(database: location, latency: .seconds(1), clock: clock)
            h.core.charges.create(h.request(.token(try h.token("4000000000009995").id))) { _ in Issue.record("answered after death") }
            h.core.charges.create(h.request(.token(try h.token().id), key: "key-2")) { _ in Issue.record("answered after death") }
            try h.core.close()   // the process dies before the acquirer answers
        }
        let h = try Harness(database: location, clock: clock)
        #expect(try h.core.chargeRepository.charges(status: .pending).count == 2)
        let settled = try h.core.charges.reconcilePending()
        #expect(settled.map(\.status) == [.failed(.insufficientFunds), .succeeded])
        #expect(try h.core.events.events(subjectID: "ch_000001").last?.payload["reconciled"] == "true")
        try h.core.close()
    }
}

extension PersistenceTests {
    @Test(arguments: StorageBackend.allCases)
    func aChallengeCanBeAnsweredAfterARestart(_ backend: StorageBackend) throws {
        let location = try backend.freshStore().database
        let clock = ManualClock()
        let first = try Harness(database: location, clock: clock)
        let waiting = try #require(first.charge(first.request(.token(try first.token("4000002760003184").id)))?.value)
        #expect(waiting.status == .requiresAction)
        try first.core.close()
        let second = try Harness(database: location, clock: clock)
        #expect(second.confirm(waiting.id, code: "123456")?.value?.status == .succeeded)
        try second.core.close()
    }
}

@Suite struct SecretsNeverLeakTests {
    static let pan = "4242424242424242"
    static let spacedPAN = "4242 4242 4242 4242"
    static let cvc = "987"

    @Test(arguments: StorageBackend.allCases)
    func noFullNumberOrCVCInTheDatabaseTheLogOrTheEvents(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        // A fixed vault key, so the (hex) fingerprints are the same every run: a random key's
        // fingerprint could contain the digits "987" by chance and make this test flaky.
        let keyPath = try temporaryDirectory() + "/vault.key"
        #expect(FileManager.default.createFile(atPath: keyPath, contents: Data((0..<64).map { UInt8(255 - $0) }),
                                                attributes: [.posixPermissions: 0o600]))
        let h = try Harness(database: location.database, vaultKey: keyPath)
        let ada = try h.customer("ada@example.com")
        let bob = try h.customer("bob@example.com")
        let card = try Card.validate(number: Self.spacedPAN, expiry: "12/30", cvc: Self.cvc, holder: "Ada Lovelace", now: h.clock.now)
        let saved = try h.core.paymentMethods.save(token: try h.core.vault.tokenize(card).id, for: ada.id).method
        let amexCard = try Card.validate(number: "378282246310005", expiry: "12/30", cvc: "4321", holder: "Bob", now: h.clock.now)
        _ = try h.core.paymentMethods.save(card: amexCard, for: bob.id)
        _ = h.charge(h.request(.paymentMethod(saved.id), customer: ada.id, key: "k1"))
        _ = h.charge(h.request(.token(try h.core.vault.tokenize(card).id), key: "k2"))
        _ = h.charge(h.request(.token(try h.core.vault.tokenize(try Card.validate(number: "4000002760003184", expiry: "12/30",
            cvc: Self.cvc, holder: "Ada", now: h.clock.now)).id), key: "k3"))   // left in requiresAction: number sealed
        // A careless caller puts the number in free text: stored redacted all the same.
        _ = h.charge(ChargeRequest(amount: Money(minorUnits: 100, currency: .eur), source: .paymentMethod(saved.id), customerID: ada.id,
                                   description: "paid with \(Self.spacedPAN)", metadata: ["note": Self.pan], idempotencyKey: "k4"))
        h.core.log.info("a careless line with \(Self.pan) in it")

        // SQLite-only part: the file and its WAL, byte for byte. A server's files hold every
        // schema of the shared test database (other tests put numbers in clear on purpose, to be
        // found), so there the columns below are the check.
        if case let .sqlite(path) = location {
            try Self.scanFiles(in: (path as NSString).deletingLastPathComponent, closing: h, walPath: path + "-wal")
        }

        // No column anywhere stores a CVC: look at every text and blob value of every table.
        let values = try location.openStore().read { tx -> [String] in
            let tables = try tx.fetchValues(String.self, tx.engine == .sqlite
                ? "SELECT name FROM sqlite_master WHERE type = 'table'"
                : "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")
            #expect(tables.contains("charges") && tables.contains("payment_methods"))
            return try tables.flatMap { table in
                try tx.rows("SELECT * FROM \"\(table)\"").flatMap { row in
                    row.values.compactMap { value -> String? in
                        switch value.storage {
                        case let .string(text): text
                        case let .blob(bytes): String(data: bytes, encoding: .utf8)
                        default: nil
                        }
                    }
                }
            }
        }
        #expect(values.contains { $0.contains("[redacted …4242]") }, "the careless description was stored, redacted")
        #expect(!values.contains { $0.contains(Self.cvc) || $0.contains("4321") })
        #expect(!values.contains { $0.contains(Self.pan) || $0.contains(Self.spacedPAN) })

        let logged = h.log.joined(separator: "\n")
        #expect(!logged.contains(Self.pan) && !logged.contains(Self.spacedPAN))
        #expect(logged.contains("[redacted …4242]"))
        #expect(!logged.contains(Self.cvc))
    }

    /// Full numbers, with and without spaces, and the CVCs, as ASCII anywhere in any file of
    /// `directory`: while open (the WAL holds the recent writes), then after close and checkpoint.
    private static func scanFiles(in directory: String, closing h: Harness, walPath: String) throws {
        let secrets = [pan, spacedPAN, "378282246310005", "3782 822463 10005", "4000002760003184", cvc, "4321"]
        func scan() throws {
            for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
                for secret in secrets {
                    #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) found in \(file)")
                }
            }
        }
        #expect(FileManager.default.fileExists(atPath: walPath))
        try scan()
        try h.core.close()
        try scan()
    }

    @Test(arguments: StorageBackend.allCases)
    func theKeyFileIsPrivateAndReused(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let first = try Harness(database: location.database)
        let c = try first.customer()
        let method = try first.core.paymentMethods.save(card: try first.card(), for: c.id).method
        try first.core.close()
        let keyPath: String
        switch location {
        case let .sqlite(path):
            keyPath = Harness.keyPath(forDatabase: path)
            #expect(!FileManager.default.fileExists(atPath: DatabaseLocation.keyFilePath(forDatabase: path)), "no key beside the data")
        case let .postgres(url):
            keyPath = Harness.keyPath(forServer: url)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: keyPath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((attributes[.size] as? NSNumber)?.intValue == VaultKeys.fileLength)

        // Reopened, the same key unseals the saved number and recognises the same card.
        let second = try Harness(database: location.database)
        #expect(second.charge(second.request(.paymentMethod(method.id), customer: c.id))?.value?.status == .succeeded)
        #expect(try second.core.paymentMethods.save(card: try second.card(), for: c.id).alreadySaved)
        try second.core.close()
    }
}

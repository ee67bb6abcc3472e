import Clocks
import Foundation
import GRDB
import PostgresClient
import Testing
@_spi(Testing) @testable import PaymentsCore

/// Opening the storage: a lock of a few seconds is waited out, many counters may open one new
/// file at once, and what cannot be opened is a typed reason naming the file.
@Suite struct StorageOpeningTests {
    static func reason(_ body: () throws(CoreOpenError) -> CoreStorage) -> CoreOpenError? {
        do {
            try body().close()
            return nil
        } catch let error as CoreOpenError {
            return error
        } catch {
            Issue.record("close failed: \(error)")
            return nil
        }
    }

    /// Another process holding the file with `BEGIN EXCLUSIVE` for `seconds`, as
    /// `(echo 'BEGIN EXCLUSIVE; SELECT 1;'; sleep 2; echo COMMIT) | sqlite3 FILE` does.
    final class OutsideLock {
        let process = Process()
        init(_ path: String, seconds: Double) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", """
                import sqlite3, sys, time
                c = sqlite3.connect(sys.argv[1], isolation_level=None)
                c.execute("BEGIN EXCLUSIVE")
                print("locked", flush=True)
                time.sleep(float(sys.argv[2]))
                c.execute("COMMIT")
                """, path, "\(seconds)"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            // Wait until the lock is really held.
            _ = pipe.fileHandleForReading.availableData
        }
        deinit { if process.isRunning { process.terminate() } }
    }

    // SQLite-only: a file's lock; the server's locks are `aLockOfTwoSecondsOnTheServerIsWaitedOutAtOpenAndDuringAPayment`.
    @Test func aLockOfTwoSecondsIsWaitedOutAtOpenAndDuringAPayment() throws {
        let place = try VaultKeyTests.Place()
        let saved = try VaultKeyTests.savedCard(place)
        do {
            let lock = try OutsideLock(place.file, seconds: 2)
            let started = Date()
            let storage = try place.open()
            #expect(Date().timeIntervalSince(started) >= 1, "the lock was not held at all")
            try storage.close()
            lock.process.waitUntilExit()
        }
        // A payment while another process holds the file: it waits, then succeeds.
        let h = try place.harness()
        let lock = try OutsideLock(place.file, seconds: 2)
        let result = h.charge(h.request(.paymentMethod(saved.method), customer: saved.customer))
        #expect(result?.value?.status == .succeeded, "\(String(describing: result))")
        lock.process.waitUntilExit()
        try h.core.close()
    }

    // SQLite-only: the busy timeout is SQLite's; a counter on a server waits for a lock as long
    // as the session holding it keeps it (no lock_timeout is set there).
    @Test func aLockHeldPastTheTimeoutIsTypedLocked() throws {
        let place = try VaultKeyTests.Place()
        try place.open().close()
        let lock = try OutsideLock(place.file, seconds: 5)
        let error = Self.reason { () throws(CoreOpenError) in
            try CoreStorage(place.database, vaultKey: place.location, busyTimeout: 0.5)
        }
        #expect(error == CoreOpenError(file: place.file, reason: .locked))
        lock.process.terminate()
    }

    /// Twenty counters on a file; on the server fewer (its 50 connections are shared by every
    /// test running beside this one), enough for the migration's lock to be fought over.
    @Test(arguments: StorageBackend.allCases)
    func manyConnectionsOpeningOneNewDatabaseAtOnceAllOpen(_ backend: StorageBackend) async throws {
        let place = try VaultKeyTests.Place(backend)
        let database = place.database, location = place.location
        let failures = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<(backend == .sqlite ? 20 : 8) {
                group.addTask {
                    do {
                        try CoreStorage(database, vaultKey: location, migrations: CommerceMigrations.register).close()
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { if let failure = $1 { $0.append(failure) } }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    // SQLite-only: a damaged file; a server's own pages are the server's to check. What a
    // server holding something else gives is `aServerSchemaOfAnotherProgramIsRefusedAndLeftAsItWas`.
    @Test func aCorruptFileIsTypedCorruptAndLeftAsItWas() throws {
        let place = try VaultKeyTests.Place()
        try FileManager.default.createDirectory(atPath: (place.file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let bytes = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try bytes.write(to: URL(fileURLWithPath: place.file))
        #expect(Self.reason { () throws(CoreOpenError) in try place.open() } == CoreOpenError(file: place.file, reason: .corrupt))
        #expect(FileManager.default.contents(atPath: place.file) == bytes)
        #expect(!FileManager.default.fileExists(atPath: place.key), "a key was made for a database that never opened")
    }

    @Test func aServerThatDoesNotAnswerIsTypedUnreachableAndNothingIsCreated() throws {
        let root = try temporaryDirectory()
        // Port 1 on this host: nothing listens, the connection is refused at once.
        let url = "postgres://counter:secret@127.0.0.1:1/checkout?connect_timeout=2"
        let before = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)
        let error = Self.reason { () throws(CoreOpenError) in
            try CoreStorage(DatabaseLocation(argument: url), vaultKey: VaultKeyLocation(path: root + "/key", origin: .flag))
        }
        #expect(error?.file == "postgres://counter@127.0.0.1:1/checkout?connect_timeout=2", "named without its password")
        guard case .serverUnreachable = error?.reason else { Issue.record("\(String(describing: error))"); return }
        #expect(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath) == before, "no postgres: folder made")
        #expect(!FileManager.default.fileExists(atPath: root + "/key"))
    }

    /// Another session on the server holding, for `seconds`, what a counter needs: taken now,
    /// let go from another thread, as another program's transaction would.
    final class ServerLock: @unchecked Sendable {
        private let connection: PostgresConnection
        private let released = DispatchSemaphore(value: 0)

        init(_ url: String, taking statement: String, seconds: Double) throws {
            connection = try PostgresConnection(url: url)
            try connection.execute("BEGIN")
            try connection.execute(statement)
            DispatchQueue.global().async { [self] in
                _ = try? connection.execute("SELECT pg_sleep(\(seconds))")
                _ = try? connection.execute("COMMIT")
                released.signal()
            }
        }

        func waitUntilReleased() { released.wait() }
    }

    /// The server's counterpart of a file's lock: a counter migrating (the migrations' lock) or
    /// a session holding the charges table is waited out, at opening and during a payment.
    @Test func aLockOfTwoSecondsOnTheServerIsWaitedOutAtOpenAndDuringAPayment() throws {
        // A database of its own: the migrations' lock is the whole database's, and would hold
        // up every other test opening its schema meanwhile.
        let store = try StorageBackend.postgres.freshStore(ownDatabase: true)
        let url = try #require(store.serverURL)
        let place = try VaultKeyTests.Place(store: store)
        let saved = try VaultKeyTests.savedCard(place)
        do {
            let lock = try ServerLock(url, taking: "SELECT pg_advisory_xact_lock(hashtext('checkout-counter core migrations'))", seconds: 2)
            let started = Date()
            let storage = try place.open()
            #expect(Date().timeIntervalSince(started) >= 1, "the lock was not held at all")
            try storage.close()
            lock.waitUntilReleased()
        }
        let h = try place.harness()
        let lock = try ServerLock(url, taking: "LOCK TABLE charges IN EXCLUSIVE MODE", seconds: 2)
        let started = Date()
        let result = h.charge(h.request(.paymentMethod(saved.method), customer: saved.customer))
        #expect(result?.value?.status == .succeeded, "\(String(describing: result))")
        #expect(Date().timeIntervalSince(started) >= 1, "the table was not held at all")
        lock.waitUntilReleased()
    }

    /// A server schema that holds another program's tables: refused in the server's words,
    /// with nothing of the counter's added (its migrations are one transaction) and no key made.
    @Test func aServerSchemaOfAnotherProgramIsRefusedAndLeftAsItWas() throws {
        let store = try StorageBackend.postgres.freshStore()
        let url = try #require(store.serverURL)
        let theirs = try PostgresConnection(url: url)
        try theirs.execute("CREATE TABLE charges (invoice INTEGER PRIMARY KEY, total NUMERIC NOT NULL)")
        try theirs.execute("INSERT INTO charges VALUES (1, 12.50)")
        let place = try VaultKeyTests.Place(store: store)
        let error = Self.reason { () throws(CoreOpenError) in try place.open() }
        #expect(error?.file == place.database.displayName)
        guard case let .failed(message)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
        #expect(message.contains("charges"), "the server's own words name the clash: \(message)")
        let tables = try theirs.query("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
            .map { try $0.string("table_name") }
        #expect(tables == ["charges"], "the counter's tables were left behind: \(tables)")
        #expect(try theirs.query("SELECT total FROM charges WHERE invoice = 1").count == 1)
        #expect(!FileManager.default.fileExists(atPath: place.key), "a key was made for a database that never opened")
    }

    @Test func aServerURLIsAServerAndAPasswordNeverShows() {
        #expect(DatabaseLocation(argument: "postgres:") == .server(url: "postgres:"))
        #expect(DatabaseLocation(argument: "postgresql://till@db/shop") == .server(url: "postgresql://till@db/shop"))
        #expect(DatabaseLocation(argument: "postgres.sqlite") == .file("postgres.sqlite"))
        #expect(DatabaseLocation(argument: ":memory:") == .inMemory)
        #expect(DatabaseLocation(argument: "postgres://till:s3cret@db/shop").displayName == "postgres://till@db/shop")
        #expect(DatabaseLocation(argument: "postgres://db/shop?user=till&password=s3cret").displayName == "postgres://db/shop?user=till")
    }

    // SQLite-only: a file's directory; a server has none of the counter's to make.
    @Test func aDirectoryThatCannotBeMadeIsTyped() throws {
        let root = try temporaryDirectory()
        #expect(FileManager.default.createFile(atPath: root + "/plain-file", contents: Data()))
        let path = root + "/plain-file/counter.sqlite"
        #expect(Self.reason { () throws(CoreOpenError) in
            try CoreStorage(.file(path), vaultKey: VaultKeyLocation(path: root + "/key", origin: .flag))
        } == CoreOpenError(file: path, reason: .cannotCreateDirectory))
    }

    // SQLite-only: a file's permissions.
    @Test(.enabled(if: getuid() != 0, "root writes to read-only files"))
    func aReadOnlyFileIsTypedReadOnly() throws {
        let place = try VaultKeyTests.Place()
        try place.open().close()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: place.file)
        #expect(Self.reason { () throws(CoreOpenError) in try place.open() } == CoreOpenError(file: place.file, reason: .readOnly))
    }

    // SQLite-only: SQLite's result codes; the server's (a refused login, no such database) are
    // `aServerThatDoesNotAnswerIsTypedUnreachableAndNothingIsCreated` and the schema test below.
    @Test func sqliteResultCodesSortIntoReasons() {
        let file = "/nowhere/counter.sqlite"
        #expect(CoreOpenError.reason(for: .SQLITE_FULL, file: file, message: "") == .diskFull)
        #expect(CoreOpenError.reason(for: .SQLITE_IOERR, file: file, message: "disk I/O error") == .failed("disk I/O error"))
        #expect(CoreOpenError.reason(for: .SQLITE_READONLY, file: file, message: "") == .readOnly)
        #expect(CoreOpenError.reason(for: .SQLITE_NOTADB, file: file, message: "") == .corrupt)
        #expect(CoreOpenError.reason(for: .SQLITE_CORRUPT, file: file, message: "") == .corrupt)
        #expect(CoreOpenError.reason(for: .SQLITE_BUSY, file: file, message: "") == .locked)
        #expect(CoreOpenError.classify(DatabaseError(resultCode: .SQLITE_FULL), file: file) == CoreOpenError(file: file, reason: .diskFull))
    }

    // SQLite-only: SQLite's pragmas; a server's commit durability is the server's setting.
    @Test func aFileDatabaseWaitsForLocksAndSyncsFully() throws {
        let place = try VaultKeyTests.Place()
        let storage = try place.open()
        let (timeout, synchronous) = try storage.sqlite!.queue.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA busy_timeout"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(timeout == Int(CoreDatabase.busyTimeout * 1000))
        #expect(synchronous == 2)
        try storage.close()
    }
}

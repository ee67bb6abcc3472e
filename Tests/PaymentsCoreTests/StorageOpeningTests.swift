import Clocks
import Foundation
import GRDB
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

    @Test func aLockOfTwoSecondsIsWaitedOutAtOpenAndDuringAPayment() throws {
        let place = try VaultKeyTests.Place()
        let saved = try VaultKeyTests.savedCard(place)
        do {
            let lock = try OutsideLock(place.database, seconds: 2)
            let started = Date()
            let storage = try place.open()
            #expect(Date().timeIntervalSince(started) >= 1, "the lock was not held at all")
            try storage.close()
            lock.process.waitUntilExit()
        }
        // A payment while another process holds the file: it waits, then succeeds.
        let h = try place.harness()
        let lock = try OutsideLock(place.database, seconds: 2)
        let result = h.charge(h.request(.paymentMethod(saved.method), customer: saved.customer))
        #expect(result?.value?.status == .succeeded, "\(String(describing: result))")
        lock.process.waitUntilExit()
        try h.core.close()
    }

    @Test func aLockHeldPastTheTimeoutIsTypedLocked() throws {
        let place = try VaultKeyTests.Place()
        try place.open().close()
        let lock = try OutsideLock(place.database, seconds: 5)
        let error = Self.reason { () throws(CoreOpenError) in
            try CoreStorage(.file(place.database), vaultKey: place.location, busyTimeout: 0.5)
        }
        #expect(error == CoreOpenError(file: place.database, reason: .locked))
        lock.process.terminate()
    }

    @Test func twentyConnectionsOpeningOneNewFileAtOnceAllOpen() async throws {
        let place = try VaultKeyTests.Place()
        let database = place.database, location = place.location
        let failures = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do {
                        try CoreStorage(.file(database), vaultKey: location, migrations: CommerceMigrations.register).close()
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

    @Test func aCorruptFileIsTypedCorruptAndLeftAsItWas() throws {
        let place = try VaultKeyTests.Place()
        try FileManager.default.createDirectory(atPath: (place.database as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let bytes = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try bytes.write(to: URL(fileURLWithPath: place.database))
        #expect(Self.reason { () throws(CoreOpenError) in try place.open() } == CoreOpenError(file: place.database, reason: .corrupt))
        #expect(FileManager.default.contents(atPath: place.database) == bytes)
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

    @Test func aServerURLIsAServerAndAPasswordNeverShows() {
        #expect(DatabaseLocation(argument: "postgres:") == .server(url: "postgres:"))
        #expect(DatabaseLocation(argument: "postgresql://till@db/shop") == .server(url: "postgresql://till@db/shop"))
        #expect(DatabaseLocation(argument: "postgres.sqlite") == .file("postgres.sqlite"))
        #expect(DatabaseLocation(argument: ":memory:") == .inMemory)
        #expect(DatabaseLocation(argument: "postgres://till:s3cret@db/shop").displayName == "postgres://till@db/shop")
        #expect(DatabaseLocation(argument: "postgres://db/shop?user=till&password=s3cret").displayName == "postgres://db/shop?user=till")
    }

    @Test func aDirectoryThatCannotBeMadeIsTyped() throws {
        let root = try temporaryDirectory()
        #expect(FileManager.default.createFile(atPath: root + "/plain-file", contents: Data()))
        let path = root + "/plain-file/counter.sqlite"
        #expect(Self.reason { () throws(CoreOpenError) in
            try CoreStorage(.file(path), vaultKey: VaultKeyLocation(path: root + "/key", origin: .flag))
        } == CoreOpenError(file: path, reason: .cannotCreateDirectory))
    }

    @Test(.enabled(if: getuid() != 0, "root writes to read-only files"))
    func aReadOnlyFileIsTypedReadOnly() throws {
        let place = try VaultKeyTests.Place()
        try place.open().close()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: place.database)
        #expect(Self.reason { () throws(CoreOpenError) in try place.open() } == CoreOpenError(file: place.database, reason: .readOnly))
    }

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

import Foundation
import TerminalTestSupport
import Testing

/// The real binary opening its storage: many counters on one new file, an outside lock waited
/// out, the vault key found (config directory, flag, environment, systemd credential) or missing
/// or wrong (exit status 3, before any screen), moved from beside an old database, and rotated.
/// `--accessible` with an empty standard input opens the store and ends at once, so each run
/// is one start of a counter.
@Suite struct StorageCommandLineTests {
    struct Place {
        let root: String
        var database: String { root + "/data/counter.sqlite" }
        var configHome: String { root + "/config" }
        var defaultKey: String { configHome + "/checkout-counter/vault.key" }
        init() throws {
            root = NSTemporaryDirectory() + "checkout-storage-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }
    }

    struct Outcome {
        let status: Int32
        let output: String
        let error: String
    }

    /// One start of the counter, standard input empty; only XDG_CONFIG_HOME from the runner's
    /// environment is replaced, so no test touches the runner's own vault key.
    static func start(_ place: Place, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> Outcome {
        try run(["--accessible", "--db", place.database] + arguments, place: place, environment: environment)
    }

    static func run(_ arguments: [String], place: Place, environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CheckoutBinary.path())
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["XDG_CONFIG_HOME"] = place.configHome
        merged["CHECKOUT_VAULT_KEY_FILE"] = nil
        merged["CREDENTIALS_DIRECTORY"] = nil
        process.environment = merged.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Both pipes read at once: a full stderr pipe must not stall the child.
        let errorData = Box()
        let reader = Thread { errorData.data = error.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errorData.data == nil { usleep(10_000) }
        return Outcome(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                       error: String(decoding: errorData.data!, as: UTF8.self))
    }

    final class Box: @unchecked Sendable { var data: Data? }

    static func sqlite(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()", path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// A server that is not there stops the counter before the terminal is taken, with status 3
    /// and libpq's reason, the URL named without its password; nothing is made meanwhile (no
    /// key, no file taken for a path `postgres:/...`). Nothing listens on port 1 nor in a socket
    /// folder that does not exist.
    @Test(arguments: ["postgres://counter:s3cret@127.0.0.1:1/checkout", "postgresql:///checkout?host=/nonexistent-socket-folder"])
    func aServerThatIsNotThereIsSaidByNameAndStopsTheCounter(url: String) throws {
        let place = try Place()
        let outcome = try Self.run(["--accessible", "--db", url], place: place)
        #expect(outcome.status == 3)
        #expect(outcome.error.contains("PostgreSQL server") && outcome.error.contains("could not be reached"), "\(outcome.error)")
        #expect(outcome.error.contains(url.replacingOccurrences(of: ":s3cret", with: "")), "\(outcome.error)")
        #expect(!outcome.error.contains("s3cret"), "a password typed into --db is never shown")
        #expect(!FileManager.default.fileExists(atPath: place.defaultKey), "no key made for a database that never opened")
    }

    @Test func aNewDatabaseGetsItsKeyInTheConfigDirectoryNotBesideTheData() throws {
        let place = try Place()
        let first = try Self.start(place)
        #expect(first.status == 0, "\(first.error)")
        #expect(FileManager.default.fileExists(atPath: place.defaultKey))
        #expect(!FileManager.default.fileExists(atPath: place.database + ".vaultkey"))
        let attributes = try FileManager.default.attributesOfItem(atPath: place.defaultKey)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try Self.start(place).status == 0)
    }

    @Test func twentyCountersStartedAtOnceOnOneNewFileAllOpen() throws {
        let place = try Place()
        let outcomes = Array<Outcome?>(repeating: nil, count: 20)
        let results = ResultsBox(outcomes)
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            let outcome = try? Self.start(place)
            results.set(index, outcome)
        }
        for (index, outcome) in results.values.enumerated() {
            #expect(outcome?.status == 0, "counter \(index): \(outcome?.error ?? "did not run")")
        }
    }

    final class ResultsBox: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Outcome?]
        init(_ values: [Outcome?]) { self.values = values }
        func set(_ index: Int, _ value: Outcome?) { lock.lock(); values[index] = value; lock.unlock() }
    }

    @Test func aTwoSecondOutsideLockAtStartIsWaitedOut() throws {
        let place = try Place()
        #expect(try Self.start(place).status == 0)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            time.sleep(2)
            c.execute("COMMIT")
            """, place.database]
        let pipe = Pipe()
        holder.standardOutput = pipe
        try holder.run()
        _ = pipe.fileHandleForReading.availableData
        let started = Date()
        let outcome = try Self.start(place)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(!outcome.error.contains("locked"))
        #expect(Date().timeIntervalSince(started) > 1, "the lock was not there to wait for")
        holder.waitUntilExit()
    }

    @Test func aDatabaseWithoutItsKeyStopsAtStartNamingTheKeyAndTheWayToGiveIt() throws {
        let place = try Place()
        #expect(try Self.start(place).status == 0)
        try FileManager.default.removeItem(atPath: place.defaultKey)
        let outcome = try Self.start(place)
        #expect(outcome.status == 3)
        #expect(outcome.error.contains(place.defaultKey) && outcome.error.contains("--vault-key"), "\(outcome.error)")
        #expect(!outcome.output.contains("Main menu"), "the counter opened anyway")
        #expect(!FileManager.default.fileExists(atPath: place.defaultKey), "a new key was made")
    }

    @Test func anotherKeyStopsAtStart() throws {
        let place = try Place()
        #expect(try Self.start(place).status == 0)
        let other = place.root + "/other.key"
        try Data((0..<64).map { UInt8($0) }).write(to: URL(fileURLWithPath: other))
        let outcome = try Self.start(place, ["--vault-key", other])
        #expect(outcome.status == 3)
        #expect(outcome.error.contains("is not the key of the database") && outcome.error.contains(other), "\(outcome.error)")
    }

    @Test func aCorruptDatabaseStopsAtStartNamingTheFile() throws {
        let place = try Place()
        try FileManager.default.createDirectory(atPath: place.root + "/data", withIntermediateDirectories: true)
        let bytes = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: URL(fileURLWithPath: place.database))
        let outcome = try Self.start(place)
        #expect(outcome.status == 3)
        #expect(outcome.error.contains(place.database) && outcome.error.contains("not a counter database"), "\(outcome.error)")
        #expect(FileManager.default.contents(atPath: place.database) == bytes)
    }

    @Test func theFlagTheEnvironmentAndTheSystemdCredentialEachGiveTheKey() throws {
        let place = try Place()
        let flagged = place.root + "/keys/flag.key"
        #expect(try Self.start(place, ["--vault-key", flagged]).status == 0)
        #expect(FileManager.default.fileExists(atPath: flagged))
        #expect(!FileManager.default.fileExists(atPath: place.defaultKey))
        // The same key by the environment variable, then as a systemd credential (read-only).
        #expect(try Self.start(place, environment: ["CHECKOUT_VAULT_KEY_FILE": flagged]).status == 0)
        let credentials = place.root + "/credentials"
        try FileManager.default.createDirectory(atPath: credentials, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: flagged, toPath: credentials + "/vault-key")
        // The counter's journal key was made beside the first vault key; a service given its
        // keys as credentials is given that one too (a counter does not start under a new one).
        try FileManager.default.copyItem(atPath: place.root + "/keys/journal-\(ProcessInfo.processInfo.hostName).key",
                                         toPath: credentials + "/journal-key")
        let outcome = try Self.start(place, environment: ["CREDENTIALS_DIRECTORY": credentials])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(!FileManager.default.fileExists(atPath: place.defaultKey), "the config directory was used instead")
    }

    @Test func anOldKeyBesideTheDatabaseIsMovedOnceAndSaidSo() throws {
        let place = try Place()
        #expect(try Self.start(place).status == 0)
        // As an install from before: the key beside the database, no check recorded.
        let old = place.database + ".vaultkey"
        try FileManager.default.moveItem(atPath: place.defaultKey, toPath: old)
        try Self.sqlite(place.database, "DELETE FROM vault_meta;")
        let moved = try Self.start(place)
        #expect(moved.status == 0, "\(moved.error)")
        #expect(moved.error.contains("vault key was moved from \(old) to \(place.defaultKey)"), "\(moved.error)")
        #expect(!FileManager.default.fileExists(atPath: old))
        let again = try Self.start(place)
        // Not "moved" alone: a log line's redaction ("[card number removed]", of a temporary
        // directory's long run of digits) contains it.
        #expect(again.status == 0 && !again.error.contains("vault key was moved"), "\(again.error)")
    }

    @Test func vaultRotateMakesANewKeyAndTheOldOneNoLongerOpens() throws {
        let place = try Place()
        #expect(try Self.start(place).status == 0)
        let oldCopy = place.root + "/old.key"
        try FileManager.default.copyItem(atPath: place.defaultKey, toPath: oldCopy)
        let rotated = try Self.run(["vault", "rotate", "--db", place.database], place: place)
        #expect(rotated.status == 0, "\(rotated.error)")
        #expect(rotated.output.contains("Re-sealed 0 saved cards and 0 unsettled charges") && rotated.output.contains(place.defaultKey),
                "\(rotated.output)")
        #expect(FileManager.default.contents(atPath: place.defaultKey) != FileManager.default.contents(atPath: oldCopy))
        #expect(try Self.start(place).status == 0)
        #expect(try Self.start(place, ["--vault-key", oldCopy]).status == 3)
        let help = try Self.run(["vault", "rotate", "--help"], place: place)
        #expect(help.output.contains("--vault-key") && help.output.contains("--db"))
    }
}

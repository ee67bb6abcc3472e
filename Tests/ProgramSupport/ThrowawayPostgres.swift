import Foundation
import PostgresClient
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL server of the tests' own: `initdb` into a temporary folder, `pg_ctl start`
/// listening on a Unix socket in that folder only (no TCP port to collide with anyone's), one
/// per test process, started on first use and stopped and removed when the process exits.
/// Each suite takes a fresh database on it (`freshDatabase`).
///
/// PostgreSQL refuses to run as root; run as root (CI containers), the server runs as the
/// `postgres` user the Debian package creates, through `runuser`, in a folder that user owns.
public final class ThrowawayPostgres: Sendable {
    /// The server, or why there is none (programs missing): a test reports the reason as its skip.
    public static let shared: Result<ThrowawayPostgres, ThrowawayPostgresError> = {
        Result { try ThrowawayPostgres() }.mapError { $0 as? ThrowawayPostgresError ?? ThrowawayPostgresError(message: "\($0)") }
    }()

    /// Why PostgreSQL tests cannot run here; nil when they can (the server has started).
    public static var unavailableReason: String? {
        if case let .failure(error) = shared { return error.message }
        return nil
    }

    public let folder: String
    public let socketDirectory: String
    private let binaries: String
    private let runAs: String?

    /// Set (to anything) to run without the PostgreSQL tests, which then show as skipped: the
    /// same path as a machine without the programs, to check it, or for a quicker run.
    public static let optOutVariable = "CHECKOUT_TESTS_WITHOUT_POSTGRES"

    private init() throws {
        if ProcessInfo.processInfo.environment[Self.optOutVariable] != nil {
            throw ThrowawayPostgresError(message: "PostgreSQL tests turned off by \(Self.optOutVariable)")
        }
        binaries = try Self.findBinaries()
        runAs = getuid() == 0 ? "postgres" : nil
        if let runAs, getpwnam(runAs) == nil {
            throw ThrowawayPostgresError(message: "running as root, and there is no \(runAs) user to run the server as "
                                         + "(the Debian package postgresql creates it)")
        }
        Self.removeLeftovers()
        folder = NSTemporaryDirectory() + "checkout-pg-" + UUID().uuidString.prefix(8)
        socketDirectory = folder + "/socket"
        try FileManager.default.createDirectory(atPath: socketDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // Who started it: a later run removes this folder only once this process is gone.
        try String(getpid()).write(toFile: folder + "/owner.pid", atomically: true, encoding: .utf8)
        if let runAs { try Self.run("/bin/chown", ["-R", runAs, folder]) }
        try run("initdb", ["-D", folder + "/data", "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"])
        try start()
        Self.stopAtExit(self)
    }

    /// A server of the test's own, beside the shared one: for a test that stops the server
    /// under running counters and starts it again (`crash()`, `start()`), which would cut every
    /// other test's connections on the shared one. Throws when PostgreSQL cannot run here.
    public static func ownServer() throws -> ThrowawayPostgres {
        _ = try shared.get()
        return try ThrowawayPostgres()
    }

    /// Starts the server (again) on its folder and socket, and waits until it takes connections.
    public func start() throws {
        // Durable, as a shop's server would be: a commit waits for its WAL to reach the disk.
        try run("pg_ctl", ["-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "60",
                           "-o", "-k \(socketDirectory) -c listen_addresses='' -c fsync=on -c synchronous_commit=on -c max_connections=200",
                           "start"])
    }

    /// The server dies at once, as in a power cut: every session is cut, nothing is flushed
    /// beyond what was committed; the data stays for `start()`, which recovers it from the WAL.
    public func crash() throws {
        try run("pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
    }

    /// A schema of its own for one test, in a database this test process shares among its
    /// tests (one `CREATE DATABASE` per process, not per test): a URL whose connections work in
    /// that schema alone. Throws when PostgreSQL cannot run here (`unavailableReason`).
    /// - Parameter settings: more of the server's settings for these sessions (`-c name=value`).
    public static func freshTestSchema(settings: KeyValuePairs<String, String> = [:]) throws -> String {
        let server = try shared.get()
        return try server.freshSchema(in: try sharedTestDatabase.get(), settings: settings)
    }

    private static let sharedTestDatabase: Result<String, any Error> = Result {
        try shared.get().freshDatabase("tests")
    }

    /// A URL for libpq: the database on this server's socket, as its superuser.
    public func url(database: String) -> String {
        "postgresql:///\(database)?host=\(socketDirectory)&user=postgres"
    }

    /// A new, empty database for one suite (or one test), named after it.
    public func freshDatabase(_ name: String) throws -> String {
        let database = name.lowercased().filter { $0.isLetter || $0.isNumber } + "_" + UUID().uuidString.prefix(8).lowercased()
        let admin = try PostgresConnection(url: url(database: "postgres"))
        try admin.execute("CREATE DATABASE \"\(database)\"")
        return url(database: database)
    }

    /// A new, empty schema in `database` (a URL from `freshDatabase`), and the URL whose
    /// connections work in it alone (`search_path`): one test's tables, apart from the suite's
    /// other tests running beside it, without the cost of a database each.
    public func freshSchema(in database: String, settings: KeyValuePairs<String, String> = [:]) throws -> String {
        let schema = "t_" + UUID().uuidString.lowercased().filter { $0.isLetter || $0.isNumber }.prefix(12)
        try PostgresConnection(url: database).execute("CREATE SCHEMA \(schema)")
        let options = ([("search_path", schema)] + settings.map { ($0.key, $0.value) }).map { "-c%20\($0)%3D\($1)" }
        return database + "&options=" + options.joined(separator: "%20")
    }

    /// Runs one of the server's client programs (`pgbench`, `psql`) as this process's user,
    /// against this server's socket as its superuser; returns what it printed.
    public func runClient(_ program: String, _ arguments: [String]) throws -> String {
        try Self.run(binaries + "/" + program, ["-h", socketDirectory, "-U", "postgres"] + arguments)
    }

    /// Stops the server at once (no checkpoint: the data is thrown away) and removes the folder.
    public func stop() {
        _ = try? run("pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    // MARK: programs

    /// Debian keeps the server programs out of PATH, under /usr/lib/postgresql/VERSION/bin.
    private static func findBinaries() throws -> String {
        let needed = ["initdb", "pg_ctl", "postgres"]
        let debian = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "/usr/lib/postgresql/\($0)/bin" }
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        if let found = (debian + path).first(where: { dir in needed.allSatisfy { FileManager.default.isExecutableFile(atPath: dir + "/" + $0) } }) {
            return found
        }
        throw ThrowawayPostgresError(message: "PostgreSQL's server programs (initdb, pg_ctl) are not installed: "
                                     + "install the Debian package postgresql (sudo apt-get install postgresql) to run the PostgreSQL tests")
    }

    @discardableResult
    private func run(_ program: String, _ arguments: [String]) throws -> String {
        let executable = binaries + "/" + program
        if let runAs { return try Self.run("/usr/sbin/runuser", ["-u", runAs, "--", executable] + arguments) }
        return try Self.run(executable, arguments)
    }

    /// Runs a program to its end and returns what it wrote. Spawned by hand, not through
    /// Foundation's `Process`: that one learns of the end when every holder of a descriptor it
    /// gives the child has closed it, and the server `pg_ctl start` leaves running holds them
    /// all. Here the child gets /dev/null, one output file, and no other descriptor of ours.
    @discardableResult
    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let outputPath = NSTemporaryDirectory() + "checkout-pg-output-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // glibc's closefrom action is not visible to Swift; each open descriptor is named instead.
        for fd in ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap({ Int32($0) }) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        // The test runner's threads block signals; a child inherits that mask, and pgbench's
        // -T timer never fires under it. Each child starts with none blocked and default handlers.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw ThrowawayPostgresError(message: "\(executable) could not be started: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // Exited normally (no signal) with status 0.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw ThrowawayPostgresError(message: "\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status)): \(text)")
        }
        return text
    }

    // MARK: lifetime

    private nonisolated(unsafe) static var running: [ThrowawayPostgres] = []
    private static let runningLock = NSLock()

    private static func stopAtExit(_ server: ThrowawayPostgres) {
        runningLock.withLock {
            if running.isEmpty { atexit { ThrowawayPostgres.runningLock.withLock { ThrowawayPostgres.running }.forEach { $0.stop() } } }
            running.append(server)
        }
    }

    /// Servers of test processes that died without their exit handler (a crash, a kill): each
    /// is stopped and its folder removed, once its owner is gone. Other runs' live servers (on a
    /// machine shared with other builders) are left alone.
    private static func removeLeftovers() {
        let temporary = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix("checkout-pg-") {
            let folder = temporary + name
            guard let owner = (try? String(contentsOfFile: folder + "/owner.pid", encoding: .utf8)).flatMap({ pid_t($0) }),
                  kill(owner, 0) != 0, errno == ESRCH else { continue }
            // Only the postmaster serving that very folder (a pid can have been reused since).
            if let pid = (try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8))?
                .split(separator: "\n").first.flatMap({ pid_t($0) }),
               let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")),
               String(decoding: command, as: UTF8.self).contains(folder) {
                kill(pid, SIGQUIT)   // the postmaster's "immediate shutdown"
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}

/// Why the throwaway server could not start.
public struct ThrowawayPostgresError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

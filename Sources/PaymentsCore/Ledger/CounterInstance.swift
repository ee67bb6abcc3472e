import Clocks
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// This counter process, as the other counters on the same database see it.
///
/// A shopper's open step (a 3-D Secure prompt, an auction hold being placed) belongs to the
/// process that shows it. When that process dies, nobody will ever answer the step, so the
/// settler must cancel it; while it lives, the step is not the settler's to touch. Liveness is
/// decided without guessing where it can be: on this host by the process table (a pid that is
/// gone, or this very pid under another instance id, is dead at once), on another host by the
/// heartbeat (`seen_at`) the settler refreshes every pass.
public final class CounterInstance {
    public let id: String
    private let database: any DatabaseWriter
    private let clock: Clock
    private let host: String
    private let pid: Int32

    /// Whether a process of this host still runs. A killed process that nobody has reaped yet
    /// (a zombie: in a container whose first process does not reap, for good) answers `kill`,
    /// but will never answer a prompt: its state in /proc says so.
    static func processIsRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
        return state != "Z" && state != "X"
    }

    /// The instances of this process whose objects are alive.
    private static let living = LivingInstances()

    /// An instance whose heartbeat is older than this is taken for dead (other hosts only).
    public static let heartbeatTimeout: TimeInterval = 60

    init(database: any DatabaseWriter, clock: Clock, ids: IDGenerator,
         host: String = ProcessInfo.processInfo.hostName, pid: Int32 = getpid()) throws {
        self.database = database
        self.clock = clock
        self.host = host
        self.pid = pid
        // A random part as well: sequential ids restart at 1 with every process. Joined by a dot:
        // digits joined by a dash could read as a card number to a scan for numbers in clear.
        id = ids.next("ctr") + "." + String(UInt32.random(in: 0 ... .max), radix: 36)
        let now = clock.now.milliseconds
        try database.write { db in
            try db.execute(sql: "INSERT INTO counter_instances (id, host, pid, started_at, seen_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [id, host, Int(pid), now, now])
        }
        Self.living.insert(id)
    }

    deinit { Self.living.remove(id) }

    /// Gone without a clean stop, as a simulated kill -9 is: from now on the other counters of
    /// this process see this instance dead (as they would see a real process's pid gone),
    /// whether or not something still holds this object.
    public func vanish() { Self.living.remove(id) }

    /// The settler's heartbeat: this counter is still here.
    func heartbeat() throws {
        try database.write { db in
            try db.execute(sql: "UPDATE counter_instances SET seen_at = ? WHERE id = ?", arguments: [clock.now.milliseconds, id])
        }
    }

    /// A clean stop: what this counter still had open is the settler's from now on.
    public func end() {
        _ = try? database.write { db in
            try db.execute(sql: "UPDATE counter_instances SET ended_at = ? WHERE id = ?", arguments: [clock.now.milliseconds, id])
        }
    }

    /// Whether the instance `owner` may still answer what it has open. An unknown or missing
    /// owner (rows written before owners were recorded) is dead.
    func isAlive(_ db: Database, owner: String?) throws -> Bool {
        guard let owner else { return false }
        if owner == id { return true }
        guard let row = try Row.fetchOne(db, sql: "SELECT host, pid, seen_at, ended_at FROM counter_instances WHERE id = ?", arguments: [owner]) else {
            return false
        }
        if (row["ended_at"] as Int64?) != nil { return false }
        let ownerHost: String = row["host"], ownerPid: Int = row["pid"], seenAt: Int64 = row["seen_at"]
        if ownerHost == host {
            // This very process: alive while its instance object is (two counters in one process
            // in tests; a simulated crash drops the object, and with it the instance).
            if Int32(ownerPid) == pid { return Self.living.contains(owner) }
            return Self.processIsRunning(pid_t(ownerPid))
        }
        return seenAt > clock.now.addingTimeInterval(-Self.heartbeatTimeout).milliseconds
    }
}

/// A set behind a lock: instances are made and dropped from whichever thread a test runs on.
private final class LivingInstances: @unchecked Sendable {
    private var ids: Set<String> = []
    private let lock = NSLock()

    func insert(_ id: String) { lock.withLock { _ = ids.insert(id) } }
    func remove(_ id: String) { lock.withLock { _ = ids.remove(id) } }
    func contains(_ id: String) -> Bool { lock.withLock { ids.contains(id) } }
}

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
    /// What people call this counter (`--counter`, the host's name by default): orders and
    /// receipts carry it.
    public let name: String
    private let store: any CoreStore
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

    convenience init(database: any DatabaseWriter, clock: Clock, ids: IDGenerator,
                     host: String = ProcessInfo.processInfo.hostName, pid: Int32 = getpid()) throws {
        try self.init(store: SQLiteCoreStore(database), clock: clock, ids: ids, host: host, pid: pid)
    }

    init(store: any CoreStore, clock: Clock, ids: IDGenerator, name: String? = nil,
         host: String = ProcessInfo.processInfo.hostName, pid: Int32 = getpid()) throws {
        self.name = name ?? host
        self.store = store
        self.clock = clock
        self.host = host
        self.pid = pid
        // A random part as well: sequential ids restart at 1 with every process. Joined by a dot:
        // digits joined by a dash could read as a card number to a scan for numbers in clear.
        id = ids.next("ctr") + "." + String(UInt32.random(in: 0 ... .max), radix: 36)
        let record = CounterInstanceRecord(id: id, host: host, pid: Int(pid), startedAt: clock.now, seenAt: clock.now, name: self.name)
        try store.write { tx in try tx.insert(record) }
        Self.living.insert(id)
    }

    deinit { Self.living.remove(id) }

    /// Gone without a clean stop, as a simulated kill -9 is: from now on the other counters of
    /// this process see this instance dead (as they would see a real process's pid gone),
    /// whether or not something still holds this object.
    public func vanish() { Self.living.remove(id) }

    /// The settler's heartbeat: this counter is still here.
    func heartbeat() throws {
        try store.write { tx in try tx.execute("UPDATE counter_instances SET seen_at = ? WHERE id = ?", clock.now.milliseconds, id) }
    }

    /// A clean stop: what this counter still had open is the settler's from now on.
    public func end() {
        _ = try? store.write { tx in try tx.execute("UPDATE counter_instances SET ended_at = ? WHERE id = ?", clock.now.milliseconds, id) }
    }

    /// Whether the instance `owner` may still answer what it has open. An unknown or missing
    /// owner (rows written before owners were recorded) is dead.
    func isAlive(_ tx: any CoreTransaction, owner: String?) throws -> Bool {
        guard let owner else { return false }
        if owner == id { return true }
        guard let instance = try tx.fetchOne(CounterInstanceRecord.self, "SELECT * FROM counter_instances WHERE id = ?", owner),
              instance.endedAt == nil else { return false }
        if instance.host == host {
            // This very process: alive while its instance object is (two counters in one process
            // in tests; a simulated crash drops the object, and with it the instance).
            if Int32(instance.pid) == pid { return Self.living.contains(owner) }
            return Self.processIsRunning(pid_t(instance.pid))
        }
        return instance.seenAt.milliseconds > clock.now.addingTimeInterval(-Self.heartbeatTimeout).milliseconds
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

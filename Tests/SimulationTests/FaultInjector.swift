@_spi(Testing) import PaymentsCore

/// Failing writes from outside the core, on either engine: the core's commit gate (`CommitGate`)
/// on the process's one connection, asked before every commit that changed rows; a throw there
/// rolls the transaction back and the write fails with that error, exactly as a full disk or a
/// lock would fail it (on SQLite through GRDB's transaction observer, on a server just before
/// its COMMIT).
///
/// - crash: after the N-th write from now the process is dead: every later commit throws, so
///   nothing after the crash point reaches the database; the world restarts at the end of the step.
/// - storage error: the N-th write from now fails once; the process lives on and must cope.
///
/// Only transactions that changed something count as writes (the core reads inside write
/// transactions too, and failing an empty commit would lose nothing).
final class FaultInjector: CommitGate {
    enum Fault: Error, CustomStringConvertible {
        case processDead
        case storageFailed

        var description: String {
            switch self {
            case .processDead: "simulated crash: the process is dead"
            case .storageFailed: "simulated storage error: disk I/O error"
            }
        }
    }

    private(set) var isDead = false
    private(set) var writes = 0
    private var writesBeforeCrash: Int?
    private var writesBeforeStorageError: Int?
    private(set) var storageErrorsFired = 0
    /// Told each time a storage error is injected (the statistics count it).
    var onStorageError: () -> Void = {}

    var crashArmed: Bool { writesBeforeCrash != nil }

    /// The process dies when its `count`-th next write commits (0: the very next write fails).
    func crash(afterWrites count: Int) { writesBeforeCrash = count }

    /// The write after `count` more fails once.
    func failWrite(afterWrites count: Int) { writesBeforeStorageError = count }

    /// The process dies now, between two writes.
    func crashNow() { isDead = true }

    /// No fault waits any more (the end of a seed: the last settler pass must be a clean one).
    func disarm() {
        writesBeforeCrash = nil
        writesBeforeStorageError = nil
    }

    func willCommitChanges() throws {
        if isDead { throw Fault.processDead }
        if let remaining = writesBeforeCrash {
            if remaining == 0 {
                isDead = true
                writesBeforeCrash = nil
                throw Fault.processDead
            }
            writesBeforeCrash = remaining - 1
        }
        if let remaining = writesBeforeStorageError {
            if remaining == 0 {
                writesBeforeStorageError = nil
                storageErrorsFired += 1
                onStorageError()
                throw Fault.storageFailed
            }
            writesBeforeStorageError = remaining - 1
        }
    }

    func didCommitChanges() { writes += 1 }
}

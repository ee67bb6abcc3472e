import GRDB

/// A test's say over the core's writes, on either engine: asked before each commit of a
/// transaction that changed rows, it may throw, and then the transaction rolls back and the
/// write fails with that error, as a full disk, a lost lock or a killed process would fail it.
/// The fault simulator fails writes through it (`FaultInjector`), once for both engines.
///
/// "Changed rows" is the same on both: SQLite's change events (a row inserted, updated or
/// deleted), the server's command tags (`INSERT`, `UPDATE`, `DELETE`, `MERGE` with a count).
/// The core reads inside write transactions too, and an empty commit loses nothing when it fails.
@_spi(Testing) public protocol CommitGate: AnyObject {
    /// Before the commit; a throw rolls the transaction back.
    func willCommitChanges() throws
    /// The changes are committed.
    func didCommitChanges()
}

extension CoreStorage {
    /// From now on every commit that changed rows on this storage's connection goes past `gate`.
    @_spi(Testing) public func gateCommits(through gate: any CommitGate) {
        if let sqlite {
            let observer = CommitGateObserver(gate)
            sqlite.queue.inDatabase { db in db.add(transactionObserver: observer, extent: .databaseLifetime) }
        }
        server?.store.beforeCommit = { _, changedRows in if changedRows { try gate.willCommitChanges() } }
        server?.store.afterCommit = { changedRows in if changedRows { gate.didCommitChanges() } }
    }
}

/// A commit gate on SQLite: GRDB asks its transaction observers before each commit, and a throw
/// there rolls the transaction back and fails the write with that error.
final class CommitGateObserver: TransactionObserver {
    private let gate: any CommitGate
    private var changed = false

    init(_ gate: any CommitGate) { self.gate = gate }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) { changed = true }

    func databaseWillCommit() throws {
        guard changed else { return }
        try gate.willCommitChanges()
    }

    func databaseDidCommit(_ db: Database) {
        if changed { gate.didCommitChanges() }
        changed = false
    }

    func databaseDidRollback(_ db: Database) { changed = false }
}

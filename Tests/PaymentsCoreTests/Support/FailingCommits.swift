import GRDB
@_spi(Testing) import PaymentsCore

/// Makes chosen commits of a core's connection fail, as a full disk or a lock held too long
/// would: GRDB asks every observer before each commit, and a throw there rolls it back.
final class FailingCommits: TransactionObserver {
    /// How many of the next commits fail (after `passFirst` more have gone through).
    var failNext = 0
    /// Commits let through before the failing ones start.
    var passFirst = 0
    private(set) var failed = 0
    /// When set, only commits that change this table fail (and `failNext` counts those).
    var onlyTable: String?
    private var touched = false

    struct InjectedFailure: Error {}

    static func install(on core: PaymentsServices) -> FailingCommits {
        let observer = FailingCommits()
        core.database.queue.inDatabase { db in db.add(transactionObserver: observer, extent: .databaseLifetime) }
        return observer
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { onlyTable.map { eventKind.tableName == $0 } ?? false }
    func databaseDidChange(with event: DatabaseEvent) { touched = true }
    func databaseWillCommit() throws {
        defer { touched = false }
        guard failNext > 0, onlyTable == nil || touched else { return }
        if passFirst > 0 { passFirst -= 1; return }
        failNext -= 1
        failed += 1
        throw InjectedFailure()
    }
    func databaseDidCommit(_ db: Database) { touched = false }
    func databaseDidRollback(_ db: Database) { touched = false }
}

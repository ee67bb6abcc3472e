import GRDB

/// The durable commits made on the core's connection, each with the tables it changed, from
/// the moment it is installed. A commit is what costs a synchronous write on a file (the fsync
/// of `synchronous=FULL`), so this is how tests and the benchmark count what a payment costs.
///
/// Only commits that changed something are logged: the core reads inside write transactions
/// too, and SQLite commits those without writing anything.
@_spi(Testing) public final class CommitLog: TransactionObserver {
    /// The tables each commit changed, sorted, in commit order.
    public private(set) var commits: [[String]] = []
    private var changed: Set<String> = []

    /// Starts logging the commits of `database`'s connection, for as long as it is open.
    public static func install(on database: CoreDatabase) -> CommitLog {
        let log = CommitLog()
        database.queue.inDatabase { db in db.add(transactionObserver: log, extent: .databaseLifetime) }
        return log
    }

    /// Forgets the commits logged so far (what came before the part being counted).
    public func reset() { commits = [] }

    public func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    public func databaseDidChange(with event: DatabaseEvent) { changed.insert(event.tableName) }
    public func databaseWillCommit() throws {}

    public func databaseDidCommit(_ db: Database) {
        if !changed.isEmpty { commits.append(changed.sorted()) }
        changed = []
    }

    public func databaseDidRollback(_ db: Database) { changed = [] }
}

import GRDB
@_spi(Testing) import PaymentsCore

/// Makes chosen commits of a core's connection fail, as a full disk or a lock held too long
/// would. On SQLite, GRDB asks every observer before each commit, and a throw there rolls it
/// back; on PostgreSQL, the store asks `beforeCommit` inside each write transaction, and a throw
/// there rolls it back the same way. Both count every write transaction, empty ones too.
final class FailingCommits: TransactionObserver {
    /// How many of the next commits fail (after `passFirst` more have gone through).
    var failNext = 0
    /// Commits let through before the failing ones start.
    var passFirst = 0
    private(set) var failed = 0
    /// When set, only commits that change this table fail (and `failNext` counts those).
    var onlyTable: String? {
        didSet { if let server, let onlyTable { try! Self.noteChanges(to: onlyTable, on: server) } }
    }
    private var touched = false
    private var server: PostgresCoreStore?

    struct InjectedFailure: Error {}

    static func install(on core: PaymentsServices) -> FailingCommits {
        let observer = FailingCommits()
        if let server = core.store as? PostgresCoreStore {
            observer.server = server
            server.beforeCommit = { [unowned observer] tx, _ in
                let touched = try observer.onlyTable.map { table in
                    try tx.fetchValue(String.self, "SELECT current_setting(?, true)", Self.touchedSetting(table)) == "yes"
                } ?? false
                try observer.willCommit(touched: touched)
            }
        } else {
            core.database.queue.inDatabase { db in db.add(transactionObserver: observer, extent: .databaseLifetime) }
        }
        return observer
    }

    private func willCommit(touched: Bool) throws {
        guard failNext > 0, onlyTable == nil || touched else { return }
        if passFirst > 0 { passFirst -= 1; return }
        failNext -= 1
        failed += 1
        throw InjectedFailure()
    }

    // MARK: SQLite: GRDB's observer

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { onlyTable.map { eventKind.tableName == $0 } ?? false }
    func databaseDidChange(with event: DatabaseEvent) { touched = true }
    func databaseWillCommit() throws {
        defer { touched = false }
        try willCommit(touched: touched)
    }
    func databaseDidCommit(_ db: Database) { touched = false }
    func databaseDidRollback(_ db: Database) { touched = false }

    // MARK: PostgreSQL: a row trigger marks the transaction

    /// A transaction-local setting that a changed row of `table` sets, as GRDB's change events
    /// tell the observer on SQLite. Local settings end with their transaction, rolled back or not.
    private static func touchedSetting(_ table: String) -> String { "failing_commits.touched_\(table)" }

    /// The trigger is made on the connection itself, outside any store transaction: making it is
    /// no commit of the core's, and must not be counted as one.
    private static func noteChanges(to table: String, on server: PostgresCoreStore) throws {
        try server.connection.execute("""
            CREATE OR REPLACE FUNCTION failing_commits_touched() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN PERFORM set_config('failing_commits.touched_' || TG_TABLE_NAME, 'yes', true); RETURN NULL; END
            $$
            """)
        try server.connection.execute("""
            CREATE OR REPLACE TRIGGER failing_commits_touched AFTER INSERT OR UPDATE OR DELETE ON \(table)
                FOR EACH ROW EXECUTE FUNCTION failing_commits_touched()
            """)
    }
}

@_spi(Core) import CheckoutKit
@_spi(Testing) import PaymentsCore

/// The transactions a world commits that change a row, from the moment this is installed, each
/// with the tables it changed (sorted), in commit order, on either engine: what a payment costs
/// in durable commits (each one a flush of the log to disk, SQLite's fsync or the server's WAL
/// flush at `synchronous_commit=on`).
///
/// On SQLite, the connection's own commit observer (`CommitLog`). libpq has no such hook, so on
/// the server each of the test's tables gets a row trigger that notes its transaction and table
/// in a table of the test's own: a transaction rolled back takes its notes with it, and one that
/// changed no row (a read, a lock taken, a `NOTIFY`) leaves none, as `CommitLog` counts.
final class CommittedWrites {
    private enum Log {
        case sqlite(CommitLog)
        case server(any CoreStore)
    }

    private let log: Log

    init(on world: CoreWorld) throws {
        let store = world.core.store
        guard store.engine == .postgres else {
            log = .sqlite(CommitLog.install(on: world.core.database))
            return
        }
        try store.write { tx in
            try tx.execute("CREATE TABLE test_committed_writes (xid xid8 NOT NULL, table_name text NOT NULL, PRIMARY KEY (xid, table_name))")
            try tx.execute("""
                CREATE FUNCTION test_note_committed_write() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    INSERT INTO test_committed_writes VALUES (pg_current_xact_id(), TG_TABLE_NAME) ON CONFLICT DO NOTHING;
                    RETURN NULL;
                END $$
                """)
            let tables = try tx.fetchValues(String.self, """
                SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'test_committed_writes'
                """)
            for table in tables {
                try tx.execute("""
                    CREATE TRIGGER test_note_committed_write AFTER INSERT OR UPDATE OR DELETE ON "\(table)"
                    FOR EACH ROW EXECUTE FUNCTION test_note_committed_write()
                    """)
            }
        }
        log = .server(store)
    }

    /// Each commit's changed tables, in commit order (one connection: its transaction ids rise).
    func commits() throws -> [[String]] {
        switch log {
        case let .sqlite(log):
            return log.commits
        case let .server(store):
            let notes = try store.read { tx in
                try tx.rows("SELECT xid::text AS transaction_id, table_name FROM test_committed_writes ORDER BY xid")
                    .map { (transaction: try $0.value(String.self, "transaction_id"), table: try $0.value(String.self, "table_name")) }
            }
            var commits: [[String]] = []
            var last: String?
            for note in notes {
                if note.transaction == last { commits[commits.count - 1].append(note.table) } else { commits.append([note.table]) }
                last = note.transaction
            }
            return commits.map { $0.sorted() }
        }
    }
}

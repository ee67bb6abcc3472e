import GRDB

/// The journal's tables (issue 35): each counter's chain of entries and each counter's public
/// key, both append-only by trigger, on SQLite here and on a server by `serverTriggers` (the
/// schema mirror copies tables, not triggers).
///
/// A database from before the journal starts each counter's chain at its first entry after this
/// migration: earlier sales are in the books, not journaled after the fact (no key signed them
/// when they happened).
enum JournalMigrations {
    static let identifier = "journal-v1-entries"

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            try db.execute(sql: """
                CREATE TABLE journal_keys (counter TEXT PRIMARY KEY, public_key TEXT NOT NULL, registered_at INTEGER NOT NULL);
                CREATE TABLE journal_entries (counter TEXT NOT NULL, seq INTEGER NOT NULL CHECK (seq >= 1), kind TEXT NOT NULL,
                  at INTEGER NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL, previous_hash TEXT NOT NULL, hash TEXT NOT NULL,
                  signature TEXT NOT NULL, PRIMARY KEY (counter, seq));
                CREATE INDEX journal_entries_at ON journal_entries(at);
                -- The journal is append-only: a correction is a new entry, never an edit.
                CREATE TRIGGER journal_entries_no_update BEFORE UPDATE ON journal_entries
                BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
                CREATE TRIGGER journal_entries_no_delete BEFORE DELETE ON journal_entries
                BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
                CREATE TRIGGER journal_keys_no_update BEFORE UPDATE ON journal_keys
                BEGIN SELECT RAISE(ABORT, 'the journal''s keys are append-only'); END;
                CREATE TRIGGER journal_keys_no_delete BEFORE DELETE ON journal_keys
                BEGIN SELECT RAISE(ABORT, 'the journal''s keys are append-only'); END;
                """)
        }
    }

    /// The same triggers on a server, as `events` has them (truncation refused too), run once
    /// by the mirrored migration's data step.
    static func serverTriggers(_ tx: any CoreTransaction) throws {
        try tx.execute("""
            CREATE FUNCTION journal_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'the journal is append-only'; END
            $$
            """)
        for table in ["journal_entries", "journal_keys"] {
            try tx.execute("""
                CREATE TRIGGER \(table)_no_update_or_delete BEFORE UPDATE OR DELETE ON \(table)
                    FOR EACH ROW EXECUTE FUNCTION journal_append_only()
                """)
            try tx.execute("CREATE TRIGGER \(table)_no_truncate BEFORE TRUNCATE ON \(table) FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only()")
        }
    }
}

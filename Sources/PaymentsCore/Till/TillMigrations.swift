import GRDB

/// The tills' tables (issue 35): a session per opening of a counter's till, the cash moved in
/// and out of it that is no sale, and the closing count by coin and note. Mirrored to a fleet's
/// server from this schema (`PostgresSchemaMirror`), the partial unique index included: one
/// open till per counter, on both engines.
enum TillMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("till-v1-sessions") { db in
            try db.execute(sql: """
                CREATE TABLE till_sessions (id TEXT PRIMARY KEY, counter TEXT NOT NULL, state TEXT NOT NULL, currency TEXT NOT NULL,
                  opened_at INTEGER NOT NULL, float_minor INTEGER NOT NULL, suggested_minor INTEGER,
                  closed_at INTEGER, cash_sales_minor INTEGER, cash_refunds_minor INTEGER, paid_in_minor INTEGER, paid_out_minor INTEGER,
                  expected_minor INTEGER, counted_minor INTEGER, difference_minor INTEGER, note TEXT, left_in_minor INTEGER, approval TEXT,
                  day_report INTEGER);
                CREATE UNIQUE INDEX till_sessions_one_open ON till_sessions(counter) WHERE state = 'open';
                CREATE INDEX till_sessions_counter ON till_sessions(counter, closed_at);
                CREATE TABLE till_movements (id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES till_sessions(id),
                  counter TEXT NOT NULL, kind TEXT NOT NULL, amount_minor INTEGER NOT NULL, currency TEXT NOT NULL, reason TEXT NOT NULL,
                  at INTEGER NOT NULL);
                CREATE INDEX till_movements_session ON till_movements(session_id);
                CREATE INDEX till_movements_at ON till_movements(at);
                CREATE TABLE till_counts (session_id TEXT NOT NULL REFERENCES till_sessions(id), kind TEXT NOT NULL,
                  denomination_minor INTEGER NOT NULL, quantity INTEGER NOT NULL, PRIMARY KEY (session_id, kind, denomination_minor));
                """)
        }
    }
}

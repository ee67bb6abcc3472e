import GRDB

/// The core's schema, as named migrations applied in order to an empty file. Later work appends
/// its own migrations after these (see `CoreDatabase.init(location:clock:extraMigrations:)`);
/// a migration, once shipped, is never edited.
public enum CoreMigrations {
    public static let names = ["core-v1-events", "core-v1-customers", "core-v1-payment-methods", "core-v1-charges", "core-v2-vault-meta"]

    public static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("core-v1-events") { db in
            try db.execute(sql: """
                CREATE TABLE events (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    time_ms INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    subject_id TEXT NOT NULL,
                    payload TEXT NOT NULL
                );
                CREATE INDEX events_subject ON events(subject_id);
                -- The event log is append-only: history is never rewritten.
                CREATE TRIGGER events_no_update BEFORE UPDATE ON events
                BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
                CREATE TRIGGER events_no_delete BEFORE DELETE ON events
                BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
                """)
        }
        migrator.registerMigration("core-v1-customers") { db in
            try db.execute(sql: """
                CREATE TABLE customers (
                    id TEXT PRIMARY KEY,
                    client_id TEXT NOT NULL UNIQUE,
                    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    password_hash TEXT NOT NULL,
                    pin_hash TEXT,
                    pin_failed_attempts INTEGER NOT NULL DEFAULT 0,
                    pin_locked_until_ms INTEGER,
                    created_ms INTEGER NOT NULL
                );
                """)
        }
        migrator.registerMigration("core-v1-payment-methods") { db in
            try db.execute(sql: """
                CREATE TABLE payment_methods (
                    id TEXT PRIMARY KEY,
                    customer_id TEXT NOT NULL REFERENCES customers(id),
                    brand TEXT NOT NULL,
                    last_four TEXT NOT NULL,
                    exp_month INTEGER NOT NULL,
                    exp_year INTEGER NOT NULL,
                    holder TEXT NOT NULL,
                    fingerprint TEXT NOT NULL,
                    sealed_number BLOB,
                    is_default INTEGER NOT NULL DEFAULT 0,
                    authenticated INTEGER NOT NULL DEFAULT 0,
                    created_ms INTEGER NOT NULL,
                    removed_ms INTEGER
                );
                CREATE UNIQUE INDEX payment_methods_one_per_card
                    ON payment_methods(customer_id, fingerprint) WHERE removed_ms IS NULL;
                """)
        }
        migrator.registerMigration("core-v1-charges") { db in
            try db.execute(sql: """
                CREATE TABLE charges (
                    id TEXT PRIMARY KEY,
                    customer_id TEXT REFERENCES customers(id),
                    payment_method_id TEXT REFERENCES payment_methods(id),
                    amount INTEGER NOT NULL,
                    currency TEXT NOT NULL,
                    description TEXT NOT NULL,
                    metadata TEXT NOT NULL,
                    capture INTEGER NOT NULL,
                    status TEXT NOT NULL,
                    failure_reason TEXT,
                    amount_captured INTEGER NOT NULL DEFAULT 0,
                    amount_refunded INTEGER NOT NULL DEFAULT 0,
                    brand TEXT NOT NULL,
                    last_four TEXT NOT NULL,
                    sealed_number BLOB,
                    authenticated INTEGER NOT NULL DEFAULT 0,
                    idempotency_key TEXT NOT NULL,
                    created_ms INTEGER NOT NULL,
                    updated_ms INTEGER NOT NULL
                );
                CREATE INDEX charges_customer ON charges(customer_id);
                CREATE INDEX charges_status ON charges(status);
                CREATE TABLE idempotency_keys (
                    key TEXT PRIMARY KEY,
                    request_hash TEXT NOT NULL,
                    charge_id TEXT NOT NULL REFERENCES charges(id),
                    created_ms INTEGER NOT NULL
                );
                CREATE TABLE refunds (
                    id TEXT PRIMARY KEY,
                    charge_id TEXT NOT NULL REFERENCES charges(id),
                    amount INTEGER NOT NULL,
                    reason TEXT NOT NULL,
                    created_ms INTEGER NOT NULL
                );
                """)
        }
        migrator.registerMigration("core-v2-vault-meta") { db in
            // One row: an HMAC of a fixed label under the vault key the data is sealed with, so
            // a wrong key is told apart from the right one before anything is unsealed with it.
            try db.execute(sql: """
                CREATE TABLE vault_meta (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    key_check TEXT NOT NULL
                );
                """)
        }
    }
}

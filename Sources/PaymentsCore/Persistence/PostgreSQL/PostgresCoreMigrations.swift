import GRDB
import PostgresClient

/// The core's schema on PostgreSQL: the same named migrations as `CoreMigrations` (SQLite),
/// the same tables and columns, in PostgreSQL's types (`BIGINT` milliseconds, `BOOLEAN`,
/// `BYTEA`). A migration, once shipped, is never edited; a new one is added to both lists.
public enum PostgresCoreMigrations {
    static let migrations: [(name: String, sql: String)] = [
        ("core-v1-events", """
            CREATE TABLE events (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                time_ms BIGINT NOT NULL,
                kind TEXT NOT NULL,
                subject_id TEXT NOT NULL,
                payload TEXT NOT NULL
            );
            CREATE INDEX events_subject ON events(subject_id);
            -- The event log is append-only: history is never rewritten.
            CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'events are append-only'; END
            $$;
            CREATE TRIGGER events_no_update_or_delete BEFORE UPDATE OR DELETE ON events
                FOR EACH ROW EXECUTE FUNCTION events_append_only();
            CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
                FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();
            """),
        ("core-v1-customers", """
            -- SQLite's COLLATE NOCASE folds ASCII letters only; so does this, whatever the
            -- server's locale, so an e-mail is taken on both backends alike.
            CREATE FUNCTION core_nocase(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
                SELECT translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
            $$;
            CREATE TABLE customers (
                id TEXT PRIMARY KEY,
                client_id TEXT NOT NULL UNIQUE,
                email TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                pin_hash TEXT,
                pin_failed_attempts INTEGER NOT NULL DEFAULT 0,
                pin_locked_until_ms BIGINT,
                created_ms BIGINT NOT NULL
            );
            CREATE UNIQUE INDEX customers_email ON customers(core_nocase(email));
            """),
        ("core-v1-payment-methods", """
            CREATE TABLE payment_methods (
                id TEXT PRIMARY KEY,
                customer_id TEXT NOT NULL REFERENCES customers(id),
                brand TEXT NOT NULL,
                last_four TEXT NOT NULL,
                exp_month INTEGER NOT NULL,
                exp_year INTEGER NOT NULL,
                holder TEXT NOT NULL,
                fingerprint TEXT NOT NULL,
                sealed_number BYTEA,
                is_default BOOLEAN NOT NULL DEFAULT false,
                authenticated BOOLEAN NOT NULL DEFAULT false,
                created_ms BIGINT NOT NULL,
                removed_ms BIGINT
            );
            CREATE INDEX payment_methods_customer ON payment_methods(customer_id);
            CREATE UNIQUE INDEX payment_methods_one_per_card
                ON payment_methods(customer_id, fingerprint) WHERE removed_ms IS NULL;
            """),
        ("core-v1-charges", """
            CREATE TABLE charges (
                id TEXT PRIMARY KEY,
                customer_id TEXT REFERENCES customers(id),
                payment_method_id TEXT REFERENCES payment_methods(id),
                amount BIGINT NOT NULL,
                currency TEXT NOT NULL,
                description TEXT NOT NULL,
                metadata TEXT NOT NULL,
                capture BOOLEAN NOT NULL,
                status TEXT NOT NULL,
                failure_reason TEXT,
                amount_captured BIGINT NOT NULL DEFAULT 0,
                amount_refunded BIGINT NOT NULL DEFAULT 0,
                brand TEXT NOT NULL,
                last_four TEXT NOT NULL,
                sealed_number BYTEA,
                authenticated BOOLEAN NOT NULL DEFAULT false,
                idempotency_key TEXT NOT NULL,
                created_ms BIGINT NOT NULL,
                updated_ms BIGINT NOT NULL
            );
            CREATE INDEX charges_customer ON charges(customer_id);
            CREATE INDEX charges_status ON charges(status);
            CREATE TABLE idempotency_keys (
                key TEXT PRIMARY KEY,
                request_hash TEXT NOT NULL,
                charge_id TEXT NOT NULL REFERENCES charges(id),
                created_ms BIGINT NOT NULL
            );
            CREATE TABLE refunds (
                id TEXT PRIMARY KEY,
                charge_id TEXT NOT NULL REFERENCES charges(id),
                amount BIGINT NOT NULL,
                reason TEXT NOT NULL,
                created_ms BIGINT NOT NULL
            );
            CREATE INDEX refunds_charge ON refunds(charge_id);
            """),
        ("core-v2-vault-meta", """
            CREATE TABLE vault_meta (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                key_check TEXT NOT NULL
            );
            """),
    ]

    public static var names: [String] { migrations.map(\.name) }

    /// The tables these migrations create, written for the server by hand; the rest are mirrored
    /// from SQLite's schema (`PostgresSchemaMirror`).
    /// What a mirrored migration does to a server's rows beside its tables (the mirror copies
    /// schemas, not a migration's data work), run once, in the migrating transaction.
    static let dataSteps: [String: @Sendable (any CoreTransaction) throws -> Void] = [
        // A fleet's orders from before the books are booked, as a file's are by its migration.
        "books-v1-ledger-entries": { tx in try BooksMigrations.bookEarlierPayments(tx) },
        // The honey is food, and a fleet's lines sold before VAT are frozen as a file's are.
        ShopMigrations.name: { tx in try ShopMigrations.classifyAndFreeze(tx) },
        // The journal's append-only triggers (the mirror copies no trigger).
        JournalMigrations.identifier: { tx in try JournalMigrations.serverTriggers(tx) },
        // The openings of the server's own products, not the seed's (issue 36).
        StockMigrations.name: { tx in try StockMigrations.openBooks(tx) },
    ]

    static let coreTables: Set<String> = ["events", "customers", "payment_methods", "charges", "idempotency_keys", "refunds", "vault_meta"]

    /// Applies the migrations not applied yet, all in one transaction under an advisory lock:
    /// counters started together against a new database wait for the first, then find
    /// everything applied (DDL is transactional on PostgreSQL, so a half-applied schema is
    /// never seen). The mirrored migrations' names are recorded too: every opening, every part
    /// that mirrors its own tables (the receipts) asks again, and building SQLite's schema in
    /// memory to compare is done only when one of them is new here.
    public static func migrate(_ connection: PostgresConnection, mirroring migrator: DatabaseMigrator? = nil) throws {
        let toMirror = try migrator.flatMap { try mirroredAlready($0.migrations, on: connection) ? nil : $0 }
        // Read before the lock is taken: building SQLite's schema in memory takes a moment.
        let mirrored = try toMirror.map { try PostgresSchemaMirror.tables(migrator: $0, skipping: coreTables) }
        try connection.transaction { c in
            try c.execute("SELECT pg_advisory_xact_lock(hashtext('checkout-counter core migrations'))")
            try c.execute("CREATE TABLE IF NOT EXISTS core_migrations (identifier TEXT PRIMARY KEY)")
            let applied = Set(try c.query("SELECT identifier FROM core_migrations").map { try $0.string("identifier") })
            for migration in migrations where !applied.contains(migration.name) {
                try c.executeScript(migration.sql)
                try c.execute("INSERT INTO core_migrations (identifier) VALUES ($1)", [migration.name])
            }
            if let mirrored, let toMirror {
                try PostgresSchemaMirror.apply(mirrored, on: c)
                try c.execute("CREATE TABLE IF NOT EXISTS mirrored_migrations (identifier TEXT PRIMARY KEY)")
                let recorded = Set(try c.query("SELECT identifier FROM mirrored_migrations").map { try $0.string("identifier") })
                for name in toMirror.migrations where !recorded.contains(name) {
                    try dataSteps[name]?(PostgresTransaction(c))
                    try c.execute("INSERT INTO mirrored_migrations (identifier) VALUES ($1) ON CONFLICT DO NOTHING", [name])
                }
            }
        }
    }

    /// Whether every one of `names` has had its tables mirrored on this database already.
    private static func mirroredAlready(_ names: [String], on connection: PostgresConnection) throws -> Bool {
        let exists = try connection.query("SELECT to_regclass('mirrored_migrations') IS NOT NULL AS present").first?.bool("present") ?? false
        guard exists else { return false }
        let recorded = Set(try connection.query("SELECT identifier FROM mirrored_migrations").map { try $0.string("identifier") })
        return Set(names).isSubset(of: recorded)
    }
}

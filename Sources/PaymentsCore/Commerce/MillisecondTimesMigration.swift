import GRDB

/// One representation of time in the whole file: integer milliseconds since 1970 (UTC), as the
/// core's own tables (`charges`, `events`, `customers`...) always stored it. The commerce and
/// ledger tables were made with `DOUBLE` seconds; this migration converts them, values and
/// declared types, in every existing database.
///
/// The column names stay (`created_at`, `closes_at`...): later migrations that are already
/// shipped name them (`receipts-v1-printers-and-prints` indexes `orders.updated_at`), and a
/// migration, once shipped, is never edited.
///
/// SQLite cannot change a column's type in place, so each table is rebuilt the way SQLite
/// documents it: a new table with the same columns, every row copied with its seconds rounded
/// to the millisecond, the old table dropped, the new one renamed, its indexes made again.
/// GRDB runs a migration with foreign keys off and checks them when it commits, so the rows
/// that reference a rebuilt table (`cart_lines`, `order_lines`, `auction_bids`) keep theirs.
enum MillisecondTimesMigration {
    static let identifier = "commerce-v3-times-in-milliseconds"

    /// A table as it is after this migration: its columns, and which of them are times.
    struct Table {
        let name: String
        let columns: String
        let times: [String]
    }

    static let tables: [Table] = [
        Table(name: "carts", columns: """
            id TEXT PRIMARY KEY, session_key TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL
            """, times: ["created_at"]),
        Table(name: "orders", columns: """
            id TEXT PRIMARY KEY, number TEXT NOT NULL UNIQUE, session_key TEXT NOT NULL, state TEXT NOT NULL,
            total_minor INTEGER NOT NULL, currency TEXT NOT NULL, charge_id TEXT, failure TEXT,
            created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, payment_kind TEXT, payment_reference TEXT,
            owner TEXT, payment_key TEXT, attempt INTEGER NOT NULL DEFAULT 0, payment_token TEXT
            """, times: ["created_at", "updated_at"]),
        Table(name: "subscriptions", columns: """
            id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, plan_id TEXT NOT NULL, payer_kind TEXT NOT NULL,
            payer_ref TEXT NOT NULL, state TEXT NOT NULL, period_index INTEGER NOT NULL,
            period_start INTEGER NOT NULL, period_end INTEGER NOT NULL, anchor INTEGER NOT NULL,
            cancel_at_period_end INTEGER NOT NULL DEFAULT 0, failed_attempts INTEGER NOT NULL DEFAULT 0,
            next_retry_at INTEGER, canceled_at INTEGER, created_at INTEGER NOT NULL
            """, times: ["period_start", "period_end", "anchor", "next_retry_at", "canceled_at", "created_at"]),
        Table(name: "subscription_history", columns: """
            seq INTEGER PRIMARY KEY AUTOINCREMENT, subscription_id TEXT NOT NULL, at INTEGER NOT NULL,
            from_state TEXT, to_state TEXT NOT NULL, note TEXT NOT NULL
            """, times: ["at"]),
        Table(name: "renewal_attempts", columns: """
            seq INTEGER PRIMARY KEY AUTOINCREMENT, subscription_id TEXT NOT NULL, period_index INTEGER NOT NULL,
            attempt INTEGER NOT NULL, at INTEGER NOT NULL, succeeded INTEGER NOT NULL, payment_ref TEXT, reason TEXT
            """, times: ["at"]),
        Table(name: "sources", columns: """
            id TEXT PRIMARY KEY, amount_minor INTEGER NOT NULL, currency TEXT NOT NULL, description TEXT NOT NULL,
            type TEXT NOT NULL, flow TEXT NOT NULL, metadata TEXT NOT NULL, status TEXT NOT NULL, failure TEXT,
            payment_code TEXT, charge_id TEXT, consumes_at INTEGER, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
            """, times: ["consumes_at", "created_at", "updated_at"]),
        Table(name: "bank_resources", columns: """
            id TEXT PRIMARY KEY, kind TEXT NOT NULL, token TEXT NOT NULL, amount_minor INTEGER, currency TEXT NOT NULL,
            reference TEXT NOT NULL, provider_id TEXT, status TEXT NOT NULL, failure TEXT, mandate_id TEXT, behaviour TEXT,
            decides_at INTEGER, authorized_at INTEGER, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
            """, times: ["decides_at", "authorized_at", "created_at", "expires_at", "updated_at"]),
        Table(name: "auctions", columns: """
            id TEXT PRIMARY KEY, position INTEGER NOT NULL, title TEXT NOT NULL, flight TEXT NOT NULL, route TEXT NOT NULL,
            flight_date TEXT NOT NULL, cabin TEXT NOT NULL, start_bid_minor INTEGER NOT NULL, increment_minor INTEGER NOT NULL,
            currency TEXT NOT NULL, closes_at INTEGER NOT NULL, terms TEXT NOT NULL, tips TEXT NOT NULL
            """, times: ["closes_at"]),
        Table(name: "auction_bids", columns: """
            id TEXT PRIMARY KEY, auction_id TEXT NOT NULL REFERENCES auctions(id), customer_id TEXT NOT NULL,
            bid_minor INTEGER NOT NULL, hold_id TEXT, auth_token TEXT, state TEXT NOT NULL, failure TEXT,
            created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, owner TEXT
            """, times: ["created_at", "updated_at"]),
        Table(name: "counter_instances", columns: """
            id TEXT PRIMARY KEY, host TEXT NOT NULL, pid INTEGER NOT NULL, started_at INTEGER NOT NULL,
            seen_at INTEGER NOT NULL, ended_at INTEGER
            """, times: ["started_at", "seen_at", "ended_at"]),
    ]

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            for table in tables { try rebuild(table, in: db) }
        }
    }

    /// Rebuilds `table` with its times in milliseconds. Its indexes (whichever migrations made
    /// them: the receipts' index on `orders` exists only where a printer was set up) are made
    /// again exactly as they were; they name columns, which keep their names.
    static func rebuild(_ table: Table, in db: Database) throws {
        let indexes = try String.fetchAll(db, sql: """
            SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL
            """, arguments: [table.name])
        let columns = try db.columns(in: table.name).map(\.name)
        let copied = columns.map { column in
            table.times.contains(column) ? "CAST(ROUND(\(column) * 1000) AS INTEGER)" : column
        }
        let staging = "\(table.name)_in_milliseconds"
        try db.execute(sql: "CREATE TABLE \(staging) (\(table.columns))")
        try db.execute(sql: """
            INSERT INTO \(staging) (\(columns.joined(separator: ", "))) SELECT \(copied.joined(separator: ", ")) FROM \(table.name)
            """)
        try db.execute(sql: "DROP TABLE \(table.name)")
        try db.execute(sql: "ALTER TABLE \(staging) RENAME TO \(table.name)")
        for index in indexes { try db.execute(sql: index) }
    }
}

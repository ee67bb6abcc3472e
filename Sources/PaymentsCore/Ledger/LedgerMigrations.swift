import GRDB

/// The payment ledger's columns and tables (issue 14), appended after the commerce migrations.
///
/// - `counter_instances`: each running counter process registers itself, so the settler can tell
///   a challenge still open on a live counter from one whose counter died.
/// - `orders.owner`, `auction_bids.owner`: the instance whose shopper is paying. Only a dead
///   owner's open challenge is the settler's to cancel.
/// - `orders.payment_key`, `orders.attempt`: the current attempt's idempotency key. Paying the
///   order again reuses it while the outcome is unknown; a new attempt of the same order gets a
///   new key only once the last one is known to have failed.
/// - `orders.payment_token`: the bank payment's token, beside its identifier in
///   `payment_reference` (never one string split on a space).
/// - `counter_instances.name`, `orders.counter`: the counter's name, and on an order the name of
///   the counter that took its payment.
enum LedgerMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("ledger-v1-owners-and-attempts") { db in
            try db.execute(sql: """
                CREATE TABLE counter_instances (id TEXT PRIMARY KEY, host TEXT NOT NULL, pid INTEGER NOT NULL,
                  started_at DOUBLE NOT NULL, seen_at DOUBLE NOT NULL, ended_at DOUBLE);
                ALTER TABLE orders ADD COLUMN owner TEXT;
                ALTER TABLE orders ADD COLUMN payment_key TEXT;
                ALTER TABLE orders ADD COLUMN attempt INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE orders ADD COLUMN payment_token TEXT;
                ALTER TABLE auction_bids ADD COLUMN owner TEXT;
                CREATE INDEX orders_state ON orders(state);
                CREATE INDEX auction_bids_state ON auction_bids(state);
                """)
        }
    }

    /// Issue 17: counters have names (`--counter`, the host's by default), and an order carries
    /// the name of the counter that took its payment (its receipt says where). Registered last:
    /// `MillisecondTimesMigration` rebuilds `orders` with the columns it knew.
    static func registerCounterNames(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("ledger-v2-counter-names") { db in
            try db.execute(sql: """
                ALTER TABLE counter_instances ADD COLUMN name TEXT;
                ALTER TABLE orders ADD COLUMN counter TEXT;
                """)
        }
    }
}

import Foundation
import GRDB

/// Issue 4's migrations, appended after issue 3's. Each has its own `commerce-` name and is never
/// edited once shipped; seeds are migrations too, so a first run fills the catalog, the plans,
/// the banks and the auctions exactly once, and never from UI code.
public enum CommerceMigrations {
    public static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("commerce-v1-counters") { db in
            try db.execute(sql: "CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)")
        }
        migrator.registerMigration("commerce-v1-catalog") { db in
            try db.execute(sql: """
                CREATE TABLE products (id TEXT PRIMARY KEY, position INTEGER NOT NULL, name TEXT NOT NULL,
                  description TEXT NOT NULL, price_minor INTEGER NOT NULL, currency TEXT NOT NULL,
                  stock INTEGER NOT NULL CHECK (stock >= 0), image TEXT NOT NULL);
                CREATE TABLE carts (id TEXT PRIMARY KEY, session_key TEXT NOT NULL UNIQUE, created_at DOUBLE NOT NULL);
                CREATE TABLE cart_lines (cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
                  product_id TEXT NOT NULL REFERENCES products(id), quantity INTEGER NOT NULL CHECK (quantity > 0),
                  added_seq INTEGER NOT NULL, PRIMARY KEY (cart_id, product_id));
                """)
        }
        migrator.registerMigration("commerce-v1-seed-honey") { db in try HoneySeed.insert(SQLiteTransaction(db)) }
        migrator.registerMigration("commerce-v1-orders") { db in
            try db.execute(sql: """
                CREATE TABLE orders (id TEXT PRIMARY KEY, number TEXT NOT NULL UNIQUE, session_key TEXT NOT NULL,
                  state TEXT NOT NULL, total_minor INTEGER NOT NULL, currency TEXT NOT NULL, charge_id TEXT,
                  failure TEXT, created_at DOUBLE NOT NULL, updated_at DOUBLE NOT NULL);
                CREATE TABLE order_lines (order_id TEXT NOT NULL REFERENCES orders(id), position INTEGER NOT NULL,
                  product_id TEXT NOT NULL, name TEXT NOT NULL, unit_minor INTEGER NOT NULL, quantity INTEGER NOT NULL,
                  PRIMARY KEY (order_id, position));
                CREATE TABLE stock_reservations (order_id TEXT NOT NULL, product_id TEXT NOT NULL,
                  quantity INTEGER NOT NULL, PRIMARY KEY (order_id, product_id));
                """)
        }
        migrator.registerMigration("commerce-v1-subscriptions") { db in
            try db.execute(sql: """
                CREATE TABLE plans (id TEXT PRIMARY KEY, position INTEGER NOT NULL, name TEXT NOT NULL,
                  price_minor INTEGER NOT NULL, currency TEXT NOT NULL, interval_unit TEXT NOT NULL, interval_count INTEGER NOT NULL);
                CREATE TABLE subscriptions (id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, plan_id TEXT NOT NULL,
                  payer_kind TEXT NOT NULL, payer_ref TEXT NOT NULL, state TEXT NOT NULL, period_index INTEGER NOT NULL,
                  period_start DOUBLE NOT NULL, period_end DOUBLE NOT NULL, anchor DOUBLE NOT NULL,
                  cancel_at_period_end INTEGER NOT NULL DEFAULT 0, failed_attempts INTEGER NOT NULL DEFAULT 0,
                  next_retry_at DOUBLE, canceled_at DOUBLE, created_at DOUBLE NOT NULL);
                CREATE TABLE subscription_history (seq INTEGER PRIMARY KEY AUTOINCREMENT, subscription_id TEXT NOT NULL,
                  at DOUBLE NOT NULL, from_state TEXT, to_state TEXT NOT NULL, note TEXT NOT NULL);
                CREATE TABLE renewal_attempts (seq INTEGER PRIMARY KEY AUTOINCREMENT, subscription_id TEXT NOT NULL,
                  period_index INTEGER NOT NULL, attempt INTEGER NOT NULL, at DOUBLE NOT NULL, succeeded INTEGER NOT NULL,
                  payment_ref TEXT, reason TEXT);
                """)
        }
        migrator.registerMigration("commerce-v1-seed-plans") { db in try PlanSeed.insert(db) }
        migrator.registerMigration("commerce-v1-sources") { db in
            try db.execute(sql: """
                CREATE TABLE sources (id TEXT PRIMARY KEY, amount_minor INTEGER NOT NULL, currency TEXT NOT NULL,
                  description TEXT NOT NULL, type TEXT NOT NULL, flow TEXT NOT NULL, metadata TEXT NOT NULL,
                  status TEXT NOT NULL, failure TEXT, payment_code TEXT, charge_id TEXT, consumes_at DOUBLE,
                  created_at DOUBLE NOT NULL, updated_at DOUBLE NOT NULL);
                """)
        }
        migrator.registerMigration("commerce-v1-bank") { db in
            try db.execute(sql: """
                CREATE TABLE bank_providers (id TEXT PRIMARY KEY, country TEXT NOT NULL, position INTEGER NOT NULL,
                  name TEXT NOT NULL, behaviour TEXT NOT NULL);
                CREATE TABLE bank_resources (id TEXT PRIMARY KEY, kind TEXT NOT NULL, token TEXT NOT NULL,
                  amount_minor INTEGER, currency TEXT NOT NULL, reference TEXT NOT NULL, provider_id TEXT,
                  status TEXT NOT NULL, failure TEXT, mandate_id TEXT, behaviour TEXT, decides_at DOUBLE, authorized_at DOUBLE, created_at DOUBLE NOT NULL,
                  expires_at DOUBLE NOT NULL, updated_at DOUBLE NOT NULL);
                """)
        }
        migrator.registerMigration("commerce-v1-seed-banks") { db in try BankSeed.insert(db) }
        migrator.registerMigration("commerce-v1-auctions") { db in
            try db.execute(sql: """
                CREATE TABLE auctions (id TEXT PRIMARY KEY, position INTEGER NOT NULL, title TEXT NOT NULL,
                  flight TEXT NOT NULL, route TEXT NOT NULL, flight_date TEXT NOT NULL, cabin TEXT NOT NULL,
                  start_bid_minor INTEGER NOT NULL, increment_minor INTEGER NOT NULL, currency TEXT NOT NULL,
                  closes_at DOUBLE NOT NULL, terms TEXT NOT NULL, tips TEXT NOT NULL);
                CREATE TABLE auction_bids (id TEXT PRIMARY KEY, auction_id TEXT NOT NULL REFERENCES auctions(id),
                  customer_id TEXT NOT NULL, bid_minor INTEGER NOT NULL, hold_id TEXT, auth_token TEXT,
                  state TEXT NOT NULL, failure TEXT, created_at DOUBLE NOT NULL, updated_at DOUBLE NOT NULL);
                """)
        }
        // The auctions are seeded when the commerce first opens, on its clock (`AuctionSeed`);
        // this name stays for databases that were seeded here.
        migrator.registerMigration("commerce-v1-seed-auctions") { _ in }
        // Orders paid by the express sheet, a wallet source or a bank payment note the method and
        // (NULL: the card checkout's own charge, settled by `reconcilePayments`).
        migrator.registerMigration("commerce-v2-order-payment-kind") { db in
            // `payment_reference`: the wallet source or bank payment whose status settles the order.
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN payment_kind TEXT;
                ALTER TABLE orders ADD COLUMN payment_reference TEXT;
                """)
        }
        LedgerMigrations.register(in: &migrator)
        MillisecondTimesMigration.register(in: &migrator)
        RefundMigrations.register(in: &migrator)
        DayReportMigrations.register(in: &migrator)
        HoldVoidMigrations.register(in: &migrator)
        // What each subscription payment asked for, so the order history shows the amount as it
        // was, whatever the plan costs later. Rows from before hold the plan's price, which is
        // what every earlier attempt asked (`Subscriptions.renew` and `subscribe` collect it).
        migrator.registerMigration("commerce-v3-renewal-amounts") { db in
            try db.execute(sql: """
                ALTER TABLE renewal_attempts ADD COLUMN amount_minor INTEGER;
                ALTER TABLE renewal_attempts ADD COLUMN currency TEXT;
                UPDATE renewal_attempts SET
                  amount_minor = (SELECT p.price_minor FROM subscriptions s JOIN plans p ON p.id = s.plan_id
                                  WHERE s.id = renewal_attempts.subscription_id),
                  currency = (SELECT p.currency FROM subscriptions s JOIN plans p ON p.id = s.plan_id
                              WHERE s.id = renewal_attempts.subscription_id);
                """)
        }
        // Issue 18: the catalog pages and filters from the database (`CatalogSearchSchema`).
        migrator.registerMigration("commerce-v4-catalog-search") { db in try CatalogSearchSchema.create(db) }
        migrator.registerMigration("commerce-v5-auction-seed") { db in try AuctionSeed.createMarker(db) }
        // Issue 18: filters of one or two letters through an index too (`CatalogGrams`).
        migrator.registerMigration("commerce-v6-catalog-grams") { db in try CatalogGrams.create(db) }
        LedgerMigrations.registerCounterNames(in: &migrator)
        BooksMigrations.register(in: &migrator)
        // Issue 32: bank and wallet orders are refunded through their own tender.
        BankRefundMigrations.register(in: &migrator)
        SourceRefundMigrations.register(in: &migrator)
        // Issue 35: cash at the till.
        CashMigrations.register(in: &migrator)
        // Issue 35: cash control per till, and Z reports per counter.
        TillMigrations.register(in: &migrator)
        DayReportMigrations.registerPerCounter(in: &migrator)
        // Issue 35: VAT frozen on each line, receipt numbers per counter.
        ShopMigrations.register(in: &migrator)
        // Issue 35: the signed journal (after the till's tables: it journals what they record).
        JournalMigrations.register(in: &migrator)
        // Issue 36: the catalogue's stock movements and prices, and parked sales.
        StockMigrations.register(in: &migrator)
        ParkedSaleMigrations.register(in: &migrator)
        // Issue 36: the staff, and who did (and approved) each signed action.
        StaffMigrations.register(in: &migrator)
        // Issue 36: the codes products carry, and a priced code's price on a cart line.
        BarcodeMigrations.register(in: &migrator)
        // Issue 36: discounts on carts and orders, with who gave and approved them.
        DiscountMigrations.register(in: &migrator)
    }

    /// Brings an opened core database up to issue 4's schema: issue 3's migrations (already
    /// applied by `CoreDatabase`, so skipped) then these. Idempotent.
    static func migrate(_ queue: DatabaseQueue) throws {
        var migrator = DatabaseMigrator()
        CoreMigrations.register(in: &migrator)
        register(in: &migrator)
        try migrator.migrate(queue)
    }
}

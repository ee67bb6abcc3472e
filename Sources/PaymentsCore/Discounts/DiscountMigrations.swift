import GRDB

/// Issue 36's discounts: the discounts given on a cart (`cart_discounts`), each order line's
/// discount and its share of the order's (`order_lines.discount_minor`, `order_discount_minor`),
/// and every discount an order was placed with, with its reason and who gave and approved it
/// (`order_discounts`). Additive; a server mirrors it.
enum DiscountMigrations {
    static let name = "discounts-v1"

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(name) { db in
            try db.execute(sql: """
                CREATE TABLE cart_discounts (
                  cart_id TEXT NOT NULL REFERENCES carts(id),
                  product_id TEXT,
                  kind TEXT NOT NULL,
                  value INTEGER NOT NULL CHECK (value > 0),
                  currency TEXT NOT NULL,
                  reason TEXT NOT NULL,
                  note TEXT,
                  staff_id TEXT, staff_name TEXT, approved_by_id TEXT, approved_by_name TEXT,
                  given_at INTEGER NOT NULL
                );
                CREATE INDEX cart_discounts_cart ON cart_discounts(cart_id);
                ALTER TABLE order_lines ADD COLUMN discount_minor INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE order_lines ADD COLUMN order_discount_minor INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE order_discounts (
                  order_id TEXT NOT NULL REFERENCES orders(id),
                  seq INTEGER NOT NULL,
                  position INTEGER,
                  kind TEXT NOT NULL,
                  value INTEGER NOT NULL CHECK (value > 0),
                  amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
                  currency TEXT NOT NULL,
                  reason TEXT NOT NULL,
                  note TEXT,
                  staff_id TEXT, staff_name TEXT, approved_by_id TEXT, approved_by_name TEXT,
                  given_at INTEGER NOT NULL,
                  PRIMARY KEY (order_id, seq)
                );
                """)
        }
    }
}

import GRDB

/// Issue 36's catalogue in the back office: every change of a product's stock is a row of
/// `stock_movements` (opening, received, counted, sold, returned), every price a row of
/// `price_changes` from when it held, and a product says below how many jars it is low. The
/// stock a product shows is the sum of its movements (`StockAgreementCheck`).
///
/// The products already on the shelf open their movements with the stock they hold and their
/// price with the one they have, both at time 0 ("as found when the books of stock began"). A
/// fleet's server mirrors these tables from SQLite's schema with the seed's rows; its own
/// products' stock may differ from the seed's, so its openings are taken again from its own
/// rows, once, in the migrating transaction (`PostgresCoreMigrations.dataSteps`).
enum StockMigrations {
    static let name = "catalogue-v1-stock-and-prices"

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(name) { db in
            try db.execute(sql: """
                CREATE TABLE stock_movements (id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES products(id), kind TEXT NOT NULL,
                  quantity INTEGER NOT NULL, stock_after INTEGER NOT NULL, reason TEXT, note TEXT NOT NULL DEFAULT '', reference TEXT,
                  counter TEXT, at INTEGER NOT NULL,
                  staff_id TEXT, staff_name TEXT, approved_by_id TEXT, approved_by_name TEXT);
                CREATE INDEX stock_movements_product ON stock_movements(product_id, at);
                CREATE INDEX stock_movements_at ON stock_movements(at);
                CREATE TABLE price_changes (id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES products(id),
                  old_minor INTEGER, price_minor INTEGER NOT NULL, currency TEXT NOT NULL, counter TEXT, at INTEGER NOT NULL,
                  staff_id TEXT, staff_name TEXT, approved_by_id TEXT, approved_by_name TEXT);
                CREATE INDEX price_changes_product ON price_changes(product_id, at);
                ALTER TABLE products ADD COLUMN low_stock_at INTEGER NOT NULL DEFAULT \(Stockroom.defaultLowStockLevel);
                """)
            try openBooks(SQLiteTransaction(db))
        }
    }

    /// Each product's opening movement and price, from its row as it is now. Run again on a
    /// server whose tables were just mirrored (with the seed's rows): the seed's openings go,
    /// the server's own come.
    static func openBooks(_ tx: any CoreTransaction) throws {
        try tx.execute("DELETE FROM stock_movements WHERE kind = ?", StockMovementKind.opening)
        try tx.execute("DELETE FROM price_changes WHERE old_minor IS NULL")
        try tx.execute("""
            INSERT INTO stock_movements (id, product_id, kind, quantity, stock_after, note, at)
            SELECT 'opening-' || id, id, ?, stock, stock, '', 0 FROM products
            """, StockMovementKind.opening)
        try tx.execute("""
            INSERT INTO price_changes (id, product_id, price_minor, currency, at)
            SELECT 'opening-' || id, id, price_minor, currency, 0 FROM products
            """)
    }
}

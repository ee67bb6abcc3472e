import GRDB

/// Issue 36's parked sales: a cart put aside under a short name, its lines as they were, until a
/// counter of the shop resumes it or discards it (`parked_sale_endings`, signed by who did it).
/// One name is parked once at a time, on both engines (a partial unique index, mirrored).
enum ParkedSaleMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("parked-v1-sales") { db in
            try db.execute(sql: """
                CREATE TABLE parked_sales (id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, state TEXT NOT NULL,
                  counter TEXT, parked_at INTEGER NOT NULL, total_minor INTEGER NOT NULL, currency TEXT NOT NULL, items INTEGER NOT NULL,
                  staff_id TEXT, staff_name TEXT, approved_by_id TEXT, approved_by_name TEXT);
                CREATE UNIQUE INDEX parked_sales_one_name ON parked_sales(name_key) WHERE state = 'parked';
                CREATE INDEX parked_sales_state ON parked_sales(state, parked_at);
                CREATE TABLE parked_sale_lines (parked_id TEXT NOT NULL REFERENCES parked_sales(id), position INTEGER NOT NULL,
                  product_id TEXT NOT NULL REFERENCES products(id), name TEXT NOT NULL, unit_minor INTEGER NOT NULL,
                  quantity INTEGER NOT NULL CHECK (quantity > 0), PRIMARY KEY (parked_id, position));
                CREATE TABLE parked_sale_endings (parked_id TEXT PRIMARY KEY REFERENCES parked_sales(id), outcome TEXT NOT NULL,
                  session_key TEXT, counter TEXT, at INTEGER NOT NULL,
                  staff_id TEXT, staff_name TEXT, approved_by_id TEXT, approved_by_name TEXT);
                """)
        }
    }
}

import GRDB

/// The staff table (issue 36), and the four nullable columns that sign every row recording an
/// action a person did (`SignedRow`): orders (who placed it), refunds, hold voids, cash
/// movements (paid in, paid out, no sale), the tills (who closed it, and who opened it) and Z
/// reports. Rows from before name nobody, as a shop without staff does. Mirrored to a fleet's
/// server from this schema (`PostgresSchemaMirror`), the partial unique indexes included.
enum StaffMigrations {
    static let identifier = "staff-v1-staff"

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            try db.execute(sql: """
                CREATE TABLE staff (id TEXT PRIMARY KEY, name TEXT NOT NULL, role TEXT NOT NULL, pin_hash TEXT NOT NULL, badge TEXT,
                  active INTEGER NOT NULL DEFAULT 1, created_at INTEGER NOT NULL);
                CREATE UNIQUE INDEX staff_active_name ON staff(name) WHERE active = 1;
                CREATE UNIQUE INDEX staff_active_badge ON staff(badge) WHERE active = 1 AND badge IS NOT NULL;
                ALTER TABLE till_sessions ADD COLUMN opened_by_id TEXT;
                ALTER TABLE till_sessions ADD COLUMN opened_by_name TEXT;
                """)
            for table in ["orders", "order_refunds", "hold_voids", "till_movements", "till_sessions", "day_reports"] {
                try db.execute(sql: """
                    ALTER TABLE \(table) ADD COLUMN staff_id TEXT;
                    ALTER TABLE \(table) ADD COLUMN staff_name TEXT;
                    ALTER TABLE \(table) ADD COLUMN approved_by_id TEXT;
                    ALTER TABLE \(table) ADD COLUMN approved_by_name TEXT;
                    """)
            }
        }
    }
}

import Foundation
import GRDB

/// Issue 35's VAT and receipt numbers: a product's tax category, the rate each order line was
/// sold at, and each paid order's receipt number in its counter's gapless sequence. Additive.
///
/// Lines sold before VAT was recorded are frozen at the seed shop's German rates (the only
/// settings there were): goods from a food product and subscription periods at 7 %, the rest at
/// 19 %. Orders paid before keep no receipt number.
enum ShopMigrations {
    static let name = "shop-v1-tax-and-receipt-numbers"

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(name) { db in
            try db.execute(sql: """
                ALTER TABLE products ADD COLUMN tax_category TEXT NOT NULL DEFAULT 'general';
                ALTER TABLE order_lines ADD COLUMN tax_rate_bp INTEGER NOT NULL DEFAULT \(TaxTable.german.standard.basisPoints);
                ALTER TABLE orders ADD COLUMN receipt_counter TEXT;
                ALTER TABLE orders ADD COLUMN receipt_number INTEGER;
                CREATE UNIQUE INDEX orders_receipt_number ON orders(receipt_counter, receipt_number);
                CREATE TABLE receipt_sequences (counter TEXT PRIMARY KEY, last_number INTEGER NOT NULL CHECK (last_number > 0));
                """)
            try classifyAndFreeze(SQLiteTransaction(db))
        }
    }

    /// The honey is food; lines sold before are frozen at the rates of the day. Run again on a
    /// fleet's server whose tables were mirrored (`PostgresCoreMigrations.dataSteps`): harmless twice.
    static func classifyAndFreeze(_ tx: any CoreTransaction) throws {
        let german = TaxTable.german
        try tx.execute("UPDATE products SET tax_category = ? WHERE id LIKE 'honey-%'", TaxTable.Category.food)
        try tx.execute("""
            UPDATE order_lines SET tax_rate_bp = ? WHERE kind = 'goods'
              AND product_id IN (SELECT id FROM products WHERE tax_category = ?)
            """, german.rate(forCategory: TaxTable.Category.food).basisPoints, TaxTable.Category.food)
        try tx.execute("""
            UPDATE order_lines SET tax_rate_bp = ? WHERE order_id IN (SELECT id FROM orders WHERE payment_kind = 'subscription')
            """, german.rate(forCategory: TaxTable.Category.subscription).basisPoints)
    }
}

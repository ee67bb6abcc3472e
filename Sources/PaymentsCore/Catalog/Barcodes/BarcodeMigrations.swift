import GRDB

/// Issue 36's barcodes: the codes each product carries, and the price a priced in-store code
/// put on a cart line. Additive.
///
/// The four seeded jars get their EAN-13 codes and an in-store article each (for labels with a
/// price), on a new file and on one from before alike: only jars that are still there get them.
/// A fleet's server gets the table with these rows by the schema mirror (`PostgresSchemaMirror`
/// copies what a migration seeded into a table it creates).
enum BarcodeMigrations {
    static let name = "catalog-v1-product-barcodes"

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(name) { db in
            try db.execute(sql: ProductBarcodeRecord.createTable)
            // NULL: the line is at the shelf's price; set: a priced code's price for each item of it.
            try db.execute(sql: "ALTER TABLE cart_lines ADD COLUMN unit_price_minor INTEGER")
            try seedHoney(SQLiteTransaction(db))
        }
    }

    /// The jars' codes: the maker's EAN-13 and the shop's article for priced labels.
    static let honeyCodes: [(productId: String, ean: String, article: String)] = [
        ("honey-acacia", "2000000000015", "00001"),
        ("honey-clover", "2000000000022", "00002"),
        ("honey-manuka", "2000000000039", "00003"),
        ("honey-wildflower", "2000000000046", "00004"),
    ]

    static func seedHoney(_ tx: any CoreTransaction) throws {
        for jar in honeyCodes {
            for code in [jar.ean, Barcode.inStoreArticleCode(article: jar.article)] {
                try tx.execute("""
                    INSERT INTO product_barcodes (code, product_id) SELECT ?, id FROM products WHERE id = ?
                      AND NOT EXISTS (SELECT 1 FROM product_barcodes WHERE code = ?)
                    """, code, jar.productId, code)
            }
        }
    }
}

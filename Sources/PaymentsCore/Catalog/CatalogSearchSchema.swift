import GRDB

/// The catalog's search index (issue 18): a 100,000-product shop pages and filters its list from
/// the database instead of reading every product.
///
/// `catalog_search` is an FTS5 table with the trigram tokenizer, one row a product, so that a
/// filter of three letters or more finds the names that contain it, ignoring case, through the
/// index. Its rowid is the product's place in the list (`CatalogOrder.key`): FTS5 hands its
/// matches out in rowid order, so a window of the list is the first matches after a key, read
/// without looking at the rest. Triggers keep it beside `products`, whoever writes there.
enum CatalogSearchSchema {
    static func create(_ db: Database) throws {
        let key = { (row: String) in CatalogOrder.key(position: "\(row).position", rowid: "\(row).rowid") }
        // A position or rowid outside what the key can hold would put the product out of order.
        let refuse = { (row: String) in
            """
            SELECT RAISE(ABORT, 'a product''s position must fit in 32 bits for the catalog''s order')
              WHERE \(row).position NOT BETWEEN -2147483648 AND 2147483647 OR \(row).rowid NOT BETWEEN 0 AND 4294967295;
            """
        }
        try db.execute(sql: """
            CREATE VIRTUAL TABLE catalog_search USING fts5(name, product_id UNINDEXED, tokenize = 'trigram');
            INSERT INTO catalog_search (rowid, name, product_id) SELECT \(key("products")), name, id FROM products;
            CREATE TRIGGER catalog_search_insert AFTER INSERT ON products BEGIN
              \(refuse("new"))
              INSERT INTO catalog_search (rowid, name, product_id) VALUES (\(key("new")), new.name, new.id);
            END;
            CREATE TRIGGER catalog_search_delete AFTER DELETE ON products BEGIN
              DELETE FROM catalog_search WHERE rowid = \(key("old"));
            END;
            CREATE TRIGGER catalog_search_update AFTER UPDATE OF id, name, position ON products BEGIN
              \(refuse("new"))
              DELETE FROM catalog_search WHERE rowid = \(key("old"));
              INSERT INTO catalog_search (rowid, name, product_id) VALUES (\(key("new")), new.name, new.id);
            END;
            -- A translated name's products are looked up by their stored name.
            CREATE INDEX products_by_name ON products (name);
            """)
    }
}

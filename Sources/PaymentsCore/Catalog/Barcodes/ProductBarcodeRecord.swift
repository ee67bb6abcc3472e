import GRDB

/// A row of `product_barcodes`: one code a product carries (a product may carry several: a
/// maker's EAN, the shop's in-store article code). The code is the key: one code, one product.
struct ProductBarcodeRecord: Codable, CoreRecord {
    static let databaseTableName = "product_barcodes"

    /// As `Barcode.code` keeps it (UPC-A with its leading 0).
    var code: String
    var productId: String

    static let createTable = """
        CREATE TABLE product_barcodes (code TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES products(id));
        CREATE INDEX product_barcodes_product ON product_barcodes(product_id);
        """

    static func product(_ tx: any CoreTransaction, code: String) throws -> String? {
        try tx.fetchValue(String.self, "SELECT product_id FROM product_barcodes WHERE code = ?", code)
    }

    static func codes(_ tx: any CoreTransaction, productId: String) throws -> [String] {
        try tx.fetchAll(ProductBarcodeRecord.self, "SELECT * FROM product_barcodes WHERE product_id = ? ORDER BY code", productId).map(\.code)
    }
}

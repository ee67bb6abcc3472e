/// The list's order, as one integer: by position, then by the order the products were written
/// (what a sort by position alone gave among equal positions).
///
/// The order they were written in is SQLite's rowid; a PostgreSQL table has no rowid, so the
/// server numbers its products as they are written in a column of its own, `catalog_seq`
/// (`CatalogServerSearch`). Both fit in 32 bits, as the position does.
enum CatalogOrder {
    /// The SQL expression of a row's key.
    static func key(position: String, rowid: String) -> String {
        "(\(position) * 4294967296 + \(rowid))"
    }

    /// The key of the products row `row` (an alias or the table's name) on `engine`.
    static func key(_ engine: StorageEngine, of row: String) -> String {
        key(position: "\(row).position", rowid: "\(row).\(writtenOrder(engine))")
    }

    /// The list's order as columns of the products row `row`, for an `ORDER BY`.
    static func columns(_ engine: StorageEngine, of row: String) -> String {
        "\(row).position, \(row).\(writtenOrder(engine))"
    }

    private static func writtenOrder(_ engine: StorageEngine) -> String {
        engine == .sqlite ? "rowid" : CatalogServerSearch.writtenOrderColumn
    }
}

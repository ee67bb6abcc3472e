import Foundation
import GRDB

/// The SQL of a window of the catalog and of a count, under a filter (issue 18). Every path
/// walks the products in the list's order (`CatalogOrder`) and stops at the window's last row:
/// a window costs what it shows, not what the shop holds.
///
/// On SQLite the walk is over a search table (`catalog_search`, or `catalog_grams` for one or
/// two letters) in rowid order, which is the list's key; on a server over `products` by the
/// key's index, the text found by `CatalogServerSearch`. The two differ only in `textSearch`.
struct CatalogPaging {
    let tx: any CoreTransaction
    let filter: CatalogFilter

    func window(from anchor: CatalogAnchor, limit: Int) throws -> [Product] {
        guard limit > 0 else { return [] }
        let bound: Bound
        switch anchor {
        case .first: bound = .from(nil, inclusive: true)
        case .last: bound = .before(nil)
        case .startingAt(let id): bound = .from(try key(of: id), inclusive: true)
        case .after(let id): bound = .from(try key(of: id), inclusive: false)
        case .before(let id): bound = .before(try key(of: id))
        }
        var rows = try matching(bound, limit: limit)
        if !filter.letsEverythingThrough && !filter.alsoNamed.isEmpty {
            // Named products the text missed join in their place; a product both ways is one row.
            let named = try alsoNamed(bound, limit: limit)
            rows = Dictionary(rows + named, uniquingKeysWith: { first, _ in first }).map { ($0.key, $0.value) }
            rows.sort { bound.isForward ? $0.0 < $1.0 : $0.0 > $1.0 }
            rows = Array(rows.prefix(limit))
        }
        let products = try rows.map { try Product($0.1) }
        return bound.isForward ? products : products.reversed()
    }

    func count() throws -> Int {
        guard !filter.letsEverythingThrough else {
            return try tx.fetchValue(Int.self, "SELECT count(*) FROM products") ?? 0
        }
        let text = textSearch
        var count = try counted("SELECT count(*) FROM \(text.tables) WHERE \(text.condition)", text.arguments)
        if !filter.alsoNamed.isEmpty {
            let names = filter.alsoNamed.sorted()
            count += try counted("""
                SELECT count(*) FROM products p WHERE p.name IN (\(placeholders(names.count))) AND \(text.missed)
                """, Self.values(names) + text.arguments)
        }
        return count
    }

    private func counted(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Int {
        try tx.rows(sql, arguments).first?.value(Int.self, at: 0) ?? 0
    }

    // MARK: - The parts

    private enum Bound {
        case from(Int64?, inclusive: Bool)
        case before(Int64?)

        var isForward: Bool { if case .from = self { true } else { false } }

        /// The condition on `column` (a row's key) and the order to read in.
        func sql(_ column: String) -> (condition: String, arguments: [Int64], order: String) {
            switch self {
            case .from(nil, _): ("1 = 1", [], "ASC")
            case let .from(key?, inclusive): ("\(column) \(inclusive ? ">=" : ">") ?", [key], "ASC")
            case .before(nil): ("1 = 1", [], "DESC")
            case let .before(key?): ("\(column) < ?", [key], "DESC")
            }
        }
    }

    /// The anchor's key; nil (the list's end) for a product no longer on the shelf.
    private func key(of productID: String) throws -> Int64? {
        try tx.fetchValue(Int64.self, "SELECT \(CatalogOrder.key(tx.engine, of: "p")) FROM products p WHERE p.id = ?", productID)
    }

    private func matching(_ bound: Bound, limit: Int) throws -> [(Int64, ProductRecord)] {
        let text = filter.letsEverythingThrough ? TextSearch.everything(tx.engine) : textSearch
        let edge = bound.sql(text.key)
        return try rows("""
            SELECT \(text.key), \(Self.columns) FROM \(text.tables)\(text.products)
            WHERE \(text.condition) AND \(edge.condition) ORDER BY \(text.key) \(edge.order) LIMIT ?
            """, text.arguments + Self.values(edge.arguments) + [limit])
    }

    private func alsoNamed(_ bound: Bound, limit: Int) throws -> [(Int64, ProductRecord)] {
        let names = filter.alsoNamed.sorted()
        let key = CatalogOrder.key(tx.engine, of: "p")
        let edge = bound.sql(key)
        return try rows("""
            SELECT \(key) AS catalog_key, \(Self.columns) FROM products p
            WHERE p.name IN (\(placeholders(names.count))) AND \(edge.condition) ORDER BY catalog_key \(edge.order) LIMIT ?
            """, Self.values(names) + Self.values(edge.arguments) + [limit])
    }

    /// A product's columns, read by index: a window is read at every key, and decoding rows by
    /// column name (`Codable`) took most of a key's time.
    private static let columns = "p.id, p.position, p.name, p.description, p.price_minor, p.currency, p.stock, p.image"

    /// Rows of (key, `columns`).
    private func rows(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [(Int64, ProductRecord)] {
        try tx.rows(sql, arguments).map { row in
            // Decoded with errors, as a record is: a row the core cannot read back is an error.
            (try row.value(Int64.self, at: 0),
             ProductRecord(id: try row.value(String.self, at: 1), position: try row.value(Int.self, at: 2), name: try row.value(String.self, at: 3),
                           description: try row.value(String.self, at: 4), priceMinor: try row.value(Int64.self, at: 5),
                           currency: try row.value(String.self, at: 6), stock: try row.value(Int.self, at: 7), image: try row.value(String.self, at: 8)))
        }
    }

    /// Where the text is looked for: `tables` walked in key order (`key`), joined to the
    /// products (`products`: `p`) when they are not walked themselves, the `condition` of a
    /// match, and the condition that a product `p` is `missed` by it.
    private struct TextSearch {
        var tables: String
        var products: String
        var key: String
        var condition: String
        var arguments: [(any DatabaseValueConvertible)?]
        var missed: String

        static func everything(_ engine: StorageEngine) -> TextSearch {
            switch engine {
            case .sqlite: sqlite(tables: "catalog_search s", key: "s.rowid", condition: "1 = 1", arguments: [])
            case .postgres: TextSearch(tables: "products p", products: "", key: CatalogOrder.key(.postgres, of: "p"), condition: "1 = 1",
                                       arguments: [], missed: "1 = 0")
            }
        }

        /// A search table of SQLite's, `catalog_search s` among `tables`; CROSS JOIN keeps it
        /// outside, so its rowid order is the order read.
        static func sqlite(tables: String, key: String, condition: String, arguments: [(any DatabaseValueConvertible)?]) -> TextSearch {
            TextSearch(tables: tables, products: " CROSS JOIN products p ON p.id = s.product_id", key: key, condition: condition,
                       arguments: arguments,
                       missed: "NOT EXISTS (SELECT 1 FROM \(tables) WHERE \(key) = \(CatalogOrder.key(.sqlite, of: "p")) AND \(condition))")
        }
    }

    /// "The name contains the text, ignoring case". On SQLite one or two letters are grams of
    /// the names (`CatalogGrams`), three or more a trigram phrase: both found through an index.
    /// A text the gram index cannot hold (a control character) reads the names in order until
    /// the window is full, lowercased as Swift does. On a server, `CatalogServerSearch`.
    private var textSearch: TextSearch {
        let text = filter.text
        if tx.engine == .postgres {
            let contains = CatalogServerSearch.nameContains(text, row: "p")
            return TextSearch(tables: "products p", products: "", key: CatalogOrder.key(.postgres, of: "p"), condition: contains.condition,
                              arguments: [contains.argument], missed: "NOT (\(contains.condition))")
        }
        if CatalogGrams.canFind(text) {
            return .sqlite(tables: "catalog_grams g CROSS JOIN catalog_search s ON s.rowid = g.rowid", key: "g.rowid",
                           condition: "g.catalog_grams MATCH ?", arguments: [CatalogGrams.match(text)])
        }
        if text.unicodeScalars.count >= 3 {
            return .sqlite(tables: "catalog_search s", key: "s.rowid", condition: "s.name MATCH ?",
                           arguments: ["\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""])
        }
        return .sqlite(tables: "catalog_search s", key: "s.rowid", condition: "instr(swiftLowercaseString(s.name), ?) > 0",
                       arguments: [text.lowercased()])
    }

    private static func values(_ values: [some DatabaseValueConvertible]) -> [(any DatabaseValueConvertible)?] {
        values.map { $0 }
    }

    private func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

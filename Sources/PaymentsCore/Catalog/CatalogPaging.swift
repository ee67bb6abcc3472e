import Foundation
import GRDB

/// The SQL of a window of the catalog and of a count, under a filter (issue 18). Every path
/// walks a search table (`catalog_search`, or `catalog_grams` for one or two letters) in rowid
/// order, which is the list's order (`CatalogOrder`), and stops at the window's last row: a
/// window costs what it shows, not what the shop holds.
struct CatalogPaging {
    let db: Database
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
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM products") ?? 0
        }
        let text = textSearch
        var count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(text.tables) WHERE \(text.condition)", arguments: text.arguments) ?? 0
        if !filter.alsoNamed.isEmpty {
            let names = filter.alsoNamed.sorted()
            let key = CatalogOrder.key(position: "p.position", rowid: "p.rowid")
            count += try Int.fetchOne(db, sql: """
                SELECT count(*) FROM products p WHERE p.name IN (\(placeholders(names.count)))
                  AND NOT EXISTS (SELECT 1 FROM \(text.tables) WHERE \(text.key) = \(key) AND \(text.condition))
                """, arguments: StatementArguments(names) + text.arguments) ?? 0
        }
        return count
    }

    // MARK: - The parts

    private enum Bound {
        case from(Int64?, inclusive: Bool)
        case before(Int64?)

        var isForward: Bool { if case .from = self { true } else { false } }

        /// The condition on `column` (a row's key) and the order to read in.
        func sql(_ column: String) -> (condition: String, arguments: StatementArguments, order: String) {
            switch self {
            case .from(nil, _): ("1", [], "ASC")
            case let .from(key?, inclusive): ("\(column) \(inclusive ? ">=" : ">") ?", [key], "ASC")
            case .before(nil): ("1", [], "DESC")
            case let .before(key?): ("\(column) < ?", [key], "DESC")
            }
        }
    }

    /// The anchor's key; nil (the list's end) for a product no longer on the shelf.
    private func key(of productID: String) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT \(CatalogOrder.key(position: "position", rowid: "rowid")) FROM products WHERE id = ?",
                           arguments: [productID])
    }

    private func matching(_ bound: Bound, limit: Int) throws -> [(Int64, ProductRecord)] {
        let text = filter.letsEverythingThrough ? TextSearch.everything : textSearch
        let edge = bound.sql(text.key)
        // CROSS JOIN keeps the search table outside, so its rowid order is the order read.
        return try rows(sql: """
            SELECT \(text.key), \(Self.columns) FROM \(text.tables) CROSS JOIN products p ON p.id = s.product_id
            WHERE \(text.condition) AND \(edge.condition) ORDER BY \(text.key) \(edge.order) LIMIT ?
            """, arguments: text.arguments + edge.arguments + [limit])
    }

    private func alsoNamed(_ bound: Bound, limit: Int) throws -> [(Int64, ProductRecord)] {
        let names = filter.alsoNamed.sorted()
        let key = CatalogOrder.key(position: "p.position", rowid: "p.rowid")
        let edge = bound.sql(key)
        return try rows(sql: """
            SELECT \(key) AS catalog_key, \(Self.columns) FROM products p
            WHERE p.name IN (\(placeholders(names.count))) AND \(edge.condition) ORDER BY catalog_key \(edge.order) LIMIT ?
            """, arguments: StatementArguments(names) + edge.arguments + [limit])
    }

    /// A product's columns, read by index: a window is read at every key, and decoding rows by
    /// column name (`Codable`) took most of a key's time.
    private static let columns = "p.id, p.position, p.name, p.description, p.price_minor, p.currency, p.stock, p.image"

    /// Rows of (key, `columns`), through the connection's cache of prepared statements.
    private func rows(sql: String, arguments: StatementArguments) throws -> [(Int64, ProductRecord)] {
        let statement = try db.cachedStatement(sql: sql)
        var read: [(Int64, ProductRecord)] = []
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try cursor.next() {
            // Decoded with errors, as a record is: a row the core cannot read back is an error.
            read.append((try row.decode(atIndex: 0),
                         ProductRecord(id: try row.decode(atIndex: 1), position: try row.decode(atIndex: 2), name: try row.decode(atIndex: 3),
                                       description: try row.decode(atIndex: 4), priceMinor: try row.decode(atIndex: 5),
                                       currency: try row.decode(atIndex: 6), stock: try row.decode(atIndex: 7), image: try row.decode(atIndex: 8))))
        }
        return read
    }

    /// Where the text is looked for: an FTS5 table walked in key order (its rowid, `key`), with
    /// `catalog_search s` joined in (`s.product_id` leads to the product), and the condition.
    private struct TextSearch {
        var tables: String
        var key: String
        var condition: String
        var arguments: StatementArguments

        static let everything = TextSearch(tables: "catalog_search s", key: "s.rowid", condition: "1", arguments: [])
    }

    /// "The name contains the text, ignoring case". One or two letters are grams of the names
    /// (`CatalogGrams`), three or more a trigram phrase: both found through an index. A text
    /// the gram index cannot hold (a control character) reads the names in order until the
    /// window is full, lowercased as Swift does.
    private var textSearch: TextSearch {
        let text = filter.text
        if CatalogGrams.canFind(text) {
            return TextSearch(tables: "catalog_grams g CROSS JOIN catalog_search s ON s.rowid = g.rowid", key: "g.rowid",
                              condition: "g.catalog_grams MATCH ?", arguments: [CatalogGrams.match(text)])
        }
        if text.unicodeScalars.count >= 3 {
            return TextSearch(tables: "catalog_search s", key: "s.rowid", condition: "s.name MATCH ?",
                              arguments: ["\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""])
        }
        return TextSearch(tables: "catalog_search s", key: "s.rowid", condition: "instr(swiftLowercaseString(s.name), ?) > 0",
                          arguments: [text.lowercased()])
    }

    private func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

import GRDB

/// The catalog's index of short filters (issue 18): every letter and every pair of adjacent
/// letters of each product's name, so that a filter of one or two letters is found through an
/// index as a longer one is through the trigrams of `catalog_search`. Without it such a filter
/// read every name: 21-27 ms a key over 100,000 products when the letters were rare.
///
/// `catalog_grams` is an FTS5 table whose tokens are those grams, under the product's key in
/// the list's order (`CatalogOrder.key`, the rowid of `catalog_search` too), so a window is the
/// first matches after a key, as for a longer filter. Its index keeps only which keys hold a
/// gram (`detail=none`). It keeps its text too: a table without (`content=''`) is smaller but
/// cannot be read row by row, and the ledger's audit reads every table for card numbers.
///
/// The grams are cut by triggers in SQL, as `catalog_search` is kept, so whoever writes the
/// products keeps the index right. The tokenizer is `ascii` with every printable ASCII
/// character a token character: a gram is a token whatever it holds (" h", "o.", "%"), ASCII
/// letters fold to lower case in the index and in the query alike, and other letters stay as
/// written (their cases are asked for one by one: `match`). Grams are separated by the unit
/// separator (U+001F), which a tokenizer of printable characters splits on.
enum CatalogGrams {
    static func create(_ db: Database) throws {
        let key = { (row: String) in CatalogOrder.key(position: "\(row).position", rowid: "\(row).rowid") }
        try db.execute(sql: """
            CREATE VIRTUAL TABLE catalog_grams USING fts5(grams, tokenize = "\(tokenizer)", detail = 'none', columnsize = 0);
            INSERT INTO catalog_grams (rowid, grams) SELECT \(key("products")), \(grams(of: "products.name")) FROM products;
            CREATE TRIGGER catalog_grams_insert AFTER INSERT ON products BEGIN
              INSERT INTO catalog_grams (rowid, grams) VALUES (\(key("new")), \(grams(of: "new.name")));
            END;
            CREATE TRIGGER catalog_grams_delete AFTER DELETE ON products BEGIN
              DELETE FROM catalog_grams WHERE rowid = \(key("old"));
            END;
            CREATE TRIGGER catalog_grams_update AFTER UPDATE OF name, position ON products BEGIN
              DELETE FROM catalog_grams WHERE rowid = \(key("old"));
              INSERT INTO catalog_grams (rowid, grams) VALUES (\(key("new")), \(grams(of: "new.name")));
            END;
            """)
    }

    /// `ascii` with every printable ASCII character but letters and digits (already token
    /// characters) made one, written as the `tokenize` option's value inside double quotes.
    private static var tokenizer: String {
        let punctuation = (32...126).map { Character(Unicode.Scalar(UInt8($0))) }.filter { !$0.isLetter && !$0.isNumber }
        let quoted = "'" + String(punctuation).replacingOccurrences(of: "'", with: "''") + "'"
        return "ascii tokenchars \(quoted)".replacingOccurrences(of: "\"", with: "\"\"")
    }

    /// The SQL of a name's grams: for each character, it and the pair it starts (the last
    /// character's "pair" is itself again), separated by U+001F. A trigger cannot count with a
    /// recursive query, so `json_each` walks an array of as many zeros as the name has
    /// characters (the hex of a zero blob of that length, "00" a zero).
    private static func grams(of name: String) -> String {
        let places = "json_each('[' || rtrim(replace(hex(zeroblob(length(\(name)))), '00', '0,'), ',') || ']')"
        return """
            (SELECT group_concat(substr(\(name), place.key + 1, 1) || char(31) || substr(\(name), place.key + 1, 2), char(31)) \
            FROM \(places) AS place)
            """
    }

    /// Whether the index can answer `text`: one or two characters, none a control character
    /// (the tokenizer splits on those).
    static func canFind(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        return (1...2).contains(scalars.count) && scalars.allSatisfy { $0.value >= 32 && $0.value != 127 }
    }

    /// The FTS5 query of the names that hold `text` (which `canFind`), ignoring case: ASCII
    /// letters are folded by the tokenizer; each other letter is asked for in its lower, upper
    /// and title case (those that are one character), every combination of them.
    static func match(_ text: String) -> String {
        var spellings = [""]
        for scalar in text.unicodeScalars {
            let cases = scalar.isASCII ? [Character(scalar)] : Array(Set(caseVariants(of: scalar)))
            spellings = spellings.flatMap { prefix in cases.map { prefix + String($0) } }
        }
        return spellings.sorted().map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " OR ")
    }

    private static func caseVariants(of scalar: Unicode.Scalar) -> [Character] {
        let properties = scalar.properties
        return ([String(scalar), properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping])
            .filter { $0.unicodeScalars.count == 1 }.map { Character($0) }
    }
}

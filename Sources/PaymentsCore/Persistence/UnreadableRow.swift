/// A stored value the core cannot read back (a currency it does not know, a status that is not
/// one of its own): the row is damaged, and reading it fails rather than guessing a default.
/// Surfaces like any other storage failure (`.storage` of the service that read it).
struct UnreadableRow: Error, CustomStringConvertible {
    let table: String
    let column: String
    let value: String

    var description: String { "\(table).\(column) holds \(value), which the core cannot read" }
}

extension Currency {
    /// The currency of a stored ISO code.
    static func stored(_ code: String, in table: String) throws -> Currency {
        guard let currency = Currency(code: code) else { throw UnreadableRow(table: table, column: "currency", value: code) }
        return currency
    }
}

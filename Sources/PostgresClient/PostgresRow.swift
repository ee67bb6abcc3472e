import Foundation

/// One row of a result, in text format, read by column name into Swift types. A column that is
/// missing, or a value that is not of the type asked for, is an error, never a default.
public struct PostgresRow: Sendable {
    public let columns: [String]
    public let values: [String?]
    /// Each column's type, as the server's type OID (`PostgresType`); empty when not known.
    public let types: [UInt32]

    public init(columns: [String], values: [String?], types: [UInt32] = []) {
        self.columns = columns
        self.values = values
        self.types = types
    }

    public func contains(_ column: String) -> Bool { columns.contains(column) }

    /// The text of a column; nil for NULL.
    public func text(_ column: String) throws -> String? {
        guard let index = columns.firstIndex(of: column) else { throw PostgresRowError.noSuchColumn(column) }
        return values[index]
    }

    public func string(_ column: String) throws -> String { try required(column, try text(column)) }
    public func int64(_ column: String) throws -> Int64 { try required(column, try optionalInt64(column)) }
    public func int(_ column: String) throws -> Int { Int(try int64(column)) }
    public func bool(_ column: String) throws -> Bool { try required(column, try optionalBool(column)) }
    public func data(_ column: String) throws -> Data { try required(column, try optionalData(column)) }

    public func optionalInt64(_ column: String) throws -> Int64? {
        try text(column).map { text in
            guard let value = Int64(text) else { throw PostgresRowError.unreadable(column: column, text: text, as: "integer") }
            return value
        }
    }

    public func optionalBool(_ column: String) throws -> Bool? {
        try text(column).map { text in
            switch text {
            case "t": return true
            case "f": return false
            default: throw PostgresRowError.unreadable(column: column, text: text, as: "boolean")
            }
        }
    }

    /// `bytea` in the server's default hex output (`\x0a1b...`).
    public func optionalData(_ column: String) throws -> Data? {
        try text(column).map { text in
            guard let bytes = Self.hexBytes(text) else { throw PostgresRowError.unreadable(column: column, text: "bytea", as: "hex bytea") }
            return bytes
        }
    }

    private func required<T>(_ column: String, _ value: T?) throws -> T {
        guard let value else { throw PostgresRowError.unexpectedNull(column) }
        return value
    }

    /// `bytea` hex text (`\x0a1b...`) as bytes; nil when it is not that.
    public static func hexBytes(_ text: String) -> Data? {
        guard text.hasPrefix("\\x") else { return nil }
        let digits = Array(text.utf8.dropFirst(2))
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes = Data(capacity: digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// A row that does not hold what its reader expects.
public enum PostgresRowError: Error, Equatable, CustomStringConvertible {
    case noSuchColumn(String)
    case unexpectedNull(String)
    /// The text is left out for bytea (it may be sealed data).
    case unreadable(column: String, text: String, as: String)

    public var description: String {
        switch self {
        case let .noSuchColumn(column): return "no column \(column) in the result"
        case let .unexpectedNull(column): return "column \(column) is NULL"
        case let .unreadable(column, text, type): return "column \(column) holds \(text), not a \(type)"
        }
    }
}

/// The rows a statement returned, and how many rows it changed.
public struct PostgresResult: Sendable {
    public let rows: [PostgresRow]
    /// From the command tag (`UPDATE 3`): the rows an `INSERT`, `UPDATE`, `DELETE` or `MERGE`
    /// changed, and for a `SELECT` the rows it returned; 0 for statements without a count.
    public let affectedRows: Int
    /// The command tag's first word (`INSERT`, `UPDATE`, `SELECT`, `BEGIN`...): what kind of
    /// statement `affectedRows` counts for.
    public let command: String

    /// Whether the statement changed rows of a table (a `SELECT ... FOR UPDATE` locks rows but
    /// changes none; an `INSERT ... ON CONFLICT DO NOTHING` that met its conflict changes none).
    public var changedRows: Bool { affectedRows > 0 && Self.rowChangingCommands.contains(command) }

    private static let rowChangingCommands: Set<String> = ["INSERT", "UPDATE", "DELETE", "MERGE"]
}

import Foundation
import GRDB

/// One row a statement returned, with its columns in the order the statement named them.
public struct StoredRow {
    public let columns: [String]
    public let values: [DatabaseValue]
    /// SQLite's own row, kept so that a record decodes from it without a copy.
    private let row: Row?

    public init(columns: [String], values: [DatabaseValue]) {
        self.columns = columns
        self.values = values
        row = nil
    }

    init(_ row: Row) {
        columns = Array(row.columnNames)
        values = Array(row.databaseValues)
        self.row = row
    }

    /// The value of a column; a missing column is an error, never NULL.
    public func value<Value: DatabaseValueConvertible>(_ type: Value.Type, _ column: String) throws -> Value {
        guard let index = columns.firstIndex(of: column) else { throw StorageError.corrupt("no column \(column)") }
        return try value(type, at: index)
    }

    public func value<Value: DatabaseValueConvertible>(_ type: Value.Type, at index: Int) throws -> Value {
        guard let value = Value.fromDatabaseValue(values[index]) else {
            throw StorageError.corrupt("\(columns[index]) holds \(values[index]), not \(Value.self)")
        }
        return value
    }

    /// Through the record's own `Decodable` mapping, as GRDB reads it from SQLite.
    func decode<Record: FetchableRecord>(_ type: Record.Type) throws -> Record {
        if let row { return try Record(row: row) }
        return try Record(row: Row(Dictionary(zip(columns, values.map { $0 as (any DatabaseValueConvertible)? }), uniquingKeysWith: { first, _ in first })))
    }
}

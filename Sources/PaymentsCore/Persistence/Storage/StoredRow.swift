import Foundation
import GRDB

/// One row a statement returned, with its columns in the order the statement named them.
public struct StoredRow {
    /// SQLite's own row is kept as it came, so that a record decodes from it and a value is read
    /// from it without copying every column first (the payment's path reads many rows); the
    /// server's answers are already values.
    private enum Source {
        case sqlite(Row)
        case server(columns: [String], values: [DatabaseValue])
    }

    private let source: Source

    public init(columns: [String], values: [DatabaseValue]) {
        source = .server(columns: columns, values: values)
    }

    init(_ row: Row) {
        source = .sqlite(row)
    }

    public var columns: [String] {
        switch source {
        case let .sqlite(row): Array(row.columnNames)
        case let .server(columns, _): columns
        }
    }

    public var values: [DatabaseValue] {
        switch source {
        case let .sqlite(row): Array(row.databaseValues)
        case let .server(_, values): values
        }
    }

    /// The value of a column; a missing column is an error, never NULL.
    public func value<Value: DatabaseValueConvertible>(_ type: Value.Type, _ column: String) throws -> Value {
        guard let index = index(of: column) else { throw StorageError.corrupt("no column \(column)") }
        return try value(type, at: index)
    }

    /// Found without copying the names: an audit reads every row's columns by name.
    private func index(of column: String) -> Int? {
        switch source {
        case let .sqlite(row): row.columnNames.enumerated().first { $0.element == column }?.offset
        case let .server(columns, _): columns.firstIndex(of: column)
        }
    }

    public func value<Value: DatabaseValueConvertible>(_ type: Value.Type, at index: Int) throws -> Value {
        let stored = databaseValue(at: index)
        guard let value = Value.fromDatabaseValue(stored) else {
            throw StorageError.corrupt("\(columns[index]) holds \(stored), not \(Value.self)")
        }
        return value
    }

    func databaseValue(at index: Int) -> DatabaseValue {
        switch source {
        case let .sqlite(row): row[index]
        case let .server(_, values): values[index]
        }
    }

    /// Through the record's own `Decodable` mapping, as GRDB reads it from SQLite.
    func decode<Record: FetchableRecord>(_ type: Record.Type) throws -> Record {
        switch source {
        case let .sqlite(row):
            return try Record(row: row)
        case let .server(columns, values):
            return try Record(row: Row(Dictionary(zip(columns, values.map { $0 as (any DatabaseValueConvertible)? }),
                                                  uniquingKeysWith: { first, _ in first })))
        }
    }
}

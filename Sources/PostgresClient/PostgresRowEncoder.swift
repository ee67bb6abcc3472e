import Foundation

/// A record's columns and their values as parameters, from its `Encodable` conformance (the
/// coding keys are the column names). NULLs are kept, so an update can clear a column.
public struct PostgresColumns {
    public private(set) var names: [String] = []
    public private(set) var values: [(any PostgresBindable)?] = []

    mutating func set(_ name: String, _ value: (any PostgresBindable)?) {
        if let index = names.firstIndex(of: name) { values[index] = value } else { names.append(name); values.append(value) }
    }

    /// `INSERT INTO table (a, b) VALUES ($1, $2)` and its parameters.
    public func insert(into table: String) -> (sql: String, parameters: [(any PostgresBindable)?]) {
        let placeholders = names.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        return ("INSERT INTO \(table) (\(names.map(Self.quoted).joined(separator: ", "))) VALUES (\(placeholders))", values)
    }

    /// `UPDATE table SET c = $2, d = $3 WHERE key = $1` for the columns named (all but the key
    /// when nil), and its parameters.
    public func update(_ table: String, key: String, columns: [String]? = nil) throws -> (sql: String, parameters: [(any PostgresBindable)?]) {
        guard let keyIndex = names.firstIndex(of: key) else { throw PostgresRowError.noSuchColumn(key) }
        let changing = columns ?? names.filter { $0 != key }
        var parameters: [(any PostgresBindable)?] = [values[keyIndex]]
        var assignments: [String] = []
        for column in changing {
            guard let index = names.firstIndex(of: column) else { throw PostgresRowError.noSuchColumn(column) }
            parameters.append(values[index])
            assignments.append("\(Self.quoted(column)) = $\(parameters.count)")
        }
        return ("UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE \(Self.quoted(key)) = $1", parameters)
    }

    private static func quoted(_ name: String) -> String { "\"\(name)\"" }
}

/// Writes a flat `Encodable` record as `PostgresColumns`: strings, integers, booleans, `Date`
/// (as the caller's integer), `Data` (bytea), optionals of these.
public struct PostgresRowEncoder: Sendable {
    public var date: @Sendable (Date) -> Int64

    public init(date: @escaping @Sendable (Date) -> Int64) { self.date = date }

    public func encode<T: Encodable>(_ record: T) throws -> PostgresColumns {
        let encoder = RowEncoder(date: date)
        try record.encode(to: encoder)
        return encoder.box.columns
    }
}

private final class ColumnsBox { var columns = PostgresColumns() }

private struct RowEncoder: Encoder {
    let date: (Date) -> Int64
    var box = ColumnsBox()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RowEncodingContainer<Key>(box: box, date: date))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("a row encodes from a flat keyed record only") }
    func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("a row encodes from a flat keyed record only") }
}

private struct RowEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ColumnsBox
    let date: (Date) -> Int64
    var codingPath: [any CodingKey] { [] }

    private func put(_ key: Key, _ value: (any PostgresBindable)?) { box.columns.set(key.stringValue, value) }

    mutating func encodeNil(forKey key: Key) throws { put(key, nil as (any PostgresBindable)?) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(key, value) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(key, value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(key, value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(key, Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(key, Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(key, Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(key, value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(key, Int64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(key, Int64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(key, Int64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(key, String(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { put(key, try bindable(value, key)) }

    // The synthesised `encode(to:)` skips nil optionals through these; a row keeps them as NULL.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { put(key, value) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { put(key, value) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { put(key, value.map { String($0) }) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { put(key, value.map { String($0) }) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { put(key, value) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { put(key, value.map { Int64($0) }) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { put(key, value.map { Int64($0) }) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { put(key, value.map { Int64($0) }) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { put(key, value) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { put(key, value.map { String($0) }) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { put(key, value.map { Int64($0) }) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { put(key, value.map { Int64($0) }) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { put(key, value.map { Int64($0) }) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { put(key, value.map { String($0) }) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { put(key, try value.map { try bindable($0, key) }) }

    private func bindable<T: Encodable>(_ value: T, _ key: Key) throws -> any PostgresBindable {
        if let value = value as? Date { return date(value) }
        if let value = value as? Data { return value }
        throw EncodingError.invalidValue(value, .init(codingPath: [key], debugDescription: "a row column holds no \(T.self)"))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        fatalError("a row is flat")
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { fatalError("a row is flat") }
    mutating func superEncoder() -> any Encoder { RowEncoder(date: date, box: box) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RowEncoder(date: date, box: box) }
}

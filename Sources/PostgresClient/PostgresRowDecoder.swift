import Foundation

/// Reads a `Decodable` record from a row, one column a coding key: the row types the core
/// already keeps for SQLite read PostgreSQL rows too, with the same checks in `record()`.
/// Flat records only (strings, integers, booleans, `Date`, `Data`, optionals of these).
public struct PostgresRowDecoder: Sendable {
    /// Times are stored as integers; the caller says which instant an integer is.
    public var date: @Sendable (Int64) -> Date

    public init(date: @escaping @Sendable (Int64) -> Date) { self.date = date }

    public func decode<T: Decodable>(_ type: T.Type, from row: PostgresRow) throws -> T {
        try T(from: RowDecoder(row: row, date: date))
    }
}

private struct RowDecoder: Decoder {
    let row: PostgresRow
    let date: (Int64) -> Date
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(row: row, date: date))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw flatOnly }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw flatOnly }

    private var flatOnly: DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "a row decodes into a flat keyed record only"))
    }
}

private struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: PostgresRow
    let date: (Int64) -> Date
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { row.columns.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { row.contains(key.stringValue) }
    func decodeNil(forKey key: Key) throws -> Bool { try row.text(key.stringValue) == nil }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try row.bool(key.stringValue) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try row.string(key.stringValue) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try number(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try number(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try number(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try number(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try number(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try number(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try number(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try number(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try number(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try number(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try number(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try number(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if T.self == Date.self { return date(try row.int64(key.stringValue)) as! T }
        if T.self == Data.self { return try row.data(key.stringValue) as! T }
        throw DecodingError.typeMismatch(T.self, .init(codingPath: [key], debugDescription: "a row column holds no \(T.self)"))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "a row is flat"))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "a row is flat"))
    }
    func superDecoder() throws -> any Decoder { RowDecoder(row: row, date: date) }
    func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoder(row: row, date: date) }

    private func number<T: LosslessStringConvertible>(_ key: Key) throws -> T {
        let text = try row.string(key.stringValue)
        guard let value = T(text) else { throw PostgresRowError.unreadable(column: key.stringValue, text: text, as: "\(T.self)") }
        return value
    }
}

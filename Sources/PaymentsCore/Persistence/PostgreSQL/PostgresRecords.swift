import Foundation
import PostgresClient

/// The row types the core keeps for SQLite (`CustomerRow`, `ChargeRow`...), written to and read
/// from PostgreSQL: the same columns, the same checks on the way back (`record()`), times as
/// the same rounded milliseconds.
enum PostgresRecords {
    static let encoder = PostgresRowEncoder(date: { $0.milliseconds })
    static let decoder = PostgresRowDecoder(date: { Date(milliseconds: $0) })

    static func insert(_ record: some Encodable, into table: String, on connection: PostgresConnection) throws {
        let (sql, parameters) = try encoder.encode(record).insert(into: table)
        try connection.execute(sql, parameters)
    }

    /// Updates the row whose `key` column matches the record's; `columns` nil: every other column.
    static func update(_ record: some Encodable, in table: String, key: String = "id", columns: [String]? = nil,
                       on connection: PostgresConnection) throws {
        let (sql, parameters) = try encoder.encode(record).update(table, key: key, columns: columns)
        try connection.execute(sql, parameters)
    }

    static func fetchAll<T: Decodable>(_ type: T.Type, _ sql: String, _ parameters: [(any PostgresBindable)?] = [],
                                       on connection: PostgresConnection) throws -> [T] {
        try connection.query(sql, parameters).map { try decoder.decode(T.self, from: $0) }
    }

    static func fetchOne<T: Decodable>(_ type: T.Type, _ sql: String, _ parameters: [(any PostgresBindable)?] = [],
                                       on connection: PostgresConnection) throws -> T? {
        try fetchAll(type, sql, parameters, on: connection).first
    }

    /// A unique constraint the server refused, as the core's own error.
    static func duplicateAsStorageError<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PostgresError where error.isUniqueViolation { throw StorageError.duplicate }
    }
}

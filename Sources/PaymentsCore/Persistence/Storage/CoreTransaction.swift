import GRDB

/// One transaction on the core's storage, whichever engine keeps it: SQLite through GRDB (a
/// file or memory, one counter or several on one host) or a PostgreSQL server (a fleet).
///
/// The core's parts write their SQL once, with `?` placeholders, in the SQL both engines speak
/// (`INSERT ... ON CONFLICT`, `RETURNING`, `EXISTS`); where the engines differ, `engine` says
/// which one runs (a row lock, `FOR UPDATE`, is PostgreSQL's: SQLite has one writer at a time).
/// Values go in and come out as GRDB's `DatabaseValue`, so the core's records keep their one
/// `Codable` mapping (column names, milliseconds, enums) on both engines.
public protocol CoreTransaction: AnyObject {
    var engine: StorageEngine { get }

    /// Runs one statement; the number of rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Int

    /// The rows of one statement (a `SELECT`, or a write with `RETURNING`).
    func rows(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [StoredRow]

    /// Told of each event appended to the core's log in this transaction, for the operator's
    /// log once it commits. SQLite's connection tells its observer itself (`CommittedEventLog`).
    func noteAppended(_ event: AppendedEvent)

    /// The counter this transaction journals as (its store's, `CoreStore.journal`); nil for a
    /// transaction no counter's key reaches (a migration, a read-only tool).
    var journal: JournalWriter? { get }
}

/// One event as it went into the `events` table (redacted on its way in).
public struct AppendedEvent: Sendable, Equatable {
    public let kind: String
    public let subjectID: String
    public let payload: String
}

public enum StorageEngine: Sendable, Equatable {
    case sqlite, postgres

    /// The clause that locks the rows a `SELECT` read until the transaction ends. Empty on
    /// SQLite, whose write transaction already holds the whole file.
    public var forUpdate: String { self == .postgres ? " FOR UPDATE" : "" }

    /// A text column compared byte by byte, as SQLite always compares, whatever the server's
    /// locale: lists come out in the same order on both engines.
    public func bytewise(_ column: String) -> String { self == .postgres ? "\(column) COLLATE \"C\"" : column }
}

extension CoreTransaction {
    public func noteAppended(_ event: AppendedEvent) {}

    public var journal: JournalWriter? { nil }

    @discardableResult
    public func execute(_ sql: String, _ arguments: (any DatabaseValueConvertible)?...) throws -> Int {
        try execute(sql, arguments)
    }

    public func rows(_ sql: String, _ arguments: (any DatabaseValueConvertible)?...) throws -> [StoredRow] {
        try rows(sql, arguments)
    }

    // MARK: Records: the core's `Codable` row types, on either engine

    public func fetchAll<Record: FetchableRecord>(_ type: Record.Type, _ sql: String, _ arguments: (any DatabaseValueConvertible)?...) throws -> [Record] {
        try rows(sql, arguments).map { try $0.decode(Record.self) }
    }

    public func fetchOne<Record: FetchableRecord>(_ type: Record.Type, _ sql: String, _ arguments: (any DatabaseValueConvertible)?...) throws -> Record? {
        try rows(sql, arguments).first.map { try $0.decode(Record.self) }
    }

    /// The first column of the first row; nil when there is no row or it holds NULL.
    public func fetchValue<Value: DatabaseValueConvertible>(_ type: Value.Type, _ sql: String, _ arguments: (any DatabaseValueConvertible)?...) throws -> Value? {
        guard let row = try rows(sql, arguments).first, !row.databaseValue(at: 0).isNull else { return nil }
        return try row.value(Value.self, at: 0)
    }

    /// Every row's first column.
    public func fetchValues<Value: DatabaseValueConvertible>(_ type: Value.Type, _ sql: String, _ arguments: (any DatabaseValueConvertible)?...) throws -> [Value] {
        try rows(sql, arguments).map { try $0.value(Value.self, at: 0) }
    }

    public func exists(_ sql: String, _ arguments: (any DatabaseValueConvertible)?...) throws -> Bool {
        try !rows(sql, arguments).isEmpty
    }

    /// Inserts the record's columns (as its `Encodable` conformance names them) into its table.
    /// A NULL is left out, so that a key the engine numbers (`events.id`) is numbered on both.
    public func insert<Record: MutablePersistableRecord>(_ record: Record) throws {
        let columns = try StoredColumns(record, leavingOutNull: true)
        try execute("INSERT INTO \(Record.databaseTableName) (\(columns.names.joined(separator: ", "))) VALUES (\(columns.placeholders))",
                    columns.values)
    }

    /// Updates the row whose `key` columns hold the record's values: `columns` (nil: every other
    /// column). The number of rows changed: 0 when no row has the key.
    @discardableResult
    public func update<Record: MutablePersistableRecord>(_ record: Record, key: [String] = ["id"], columns: [String]? = nil) throws -> Int {
        let stored = try StoredColumns(record)
        let changing = (columns ?? stored.names).filter { !key.contains($0) }
        let assignments = changing.map { "\($0) = ?" }.joined(separator: ", ")
        let condition = key.map { "\($0) = ?" }.joined(separator: " AND ")
        return try execute("UPDATE \(Record.databaseTableName) SET \(assignments) WHERE \(condition)",
                           try (changing + key).map { try stored.value(of: $0) })
    }
}

/// A record's columns in a stable order (sorted by name), so that the same statement text is
/// prepared once and reused.
struct StoredColumns {
    let names: [String]
    let values: [(any DatabaseValueConvertible)?]
    private let byName: [String: DatabaseValue]

    init(_ record: some MutablePersistableRecord, leavingOutNull: Bool = false) throws {
        let byName = try record.databaseDictionary
        self.byName = byName
        names = byName.filter { !(leavingOutNull && $0.value.isNull) }.keys.sorted()
        values = names.map { byName[$0]! }
    }

    var placeholders: String { Array(repeating: "?", count: names.count).joined(separator: ", ") }

    func value(of column: String) throws -> DatabaseValue {
        guard let value = byName[column] else { throw StorageError.corrupt("no column \(column) in the record") }
        return value
    }
}

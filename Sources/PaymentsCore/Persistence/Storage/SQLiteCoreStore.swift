import GRDB

/// The core's storage in a SQLite file (or memory), through GRDB: one connection, one writer.
public final class SQLiteCoreStore: CoreStore {
    let writer: any DatabaseWriter

    public init(_ writer: any DatabaseWriter) { self.writer = writer }

    public var engine: StorageEngine { .sqlite }

    public var journal: JournalWriter?

    public func write<T>(_ body: (any CoreTransaction) throws -> T) throws -> T {
        try writer.write { db in try body(SQLiteTransaction(db, journal: journal)) }
    }

    public func read<T>(_ body: (any CoreTransaction) throws -> T) throws -> T {
        try writer.snapshotRead { db in try body(SQLiteTransaction(db)) }
    }
}

/// A GRDB transaction seen as a `CoreTransaction`. Statements are prepared once and cached on
/// the connection: the payment's path runs the same few statements again and again.
public final class SQLiteTransaction: CoreTransaction {
    /// The GRDB connection inside its transaction, for the parts of the core that still speak
    /// GRDB's query interface (Docs/fleet.md: they move onto `CoreTransaction` one by one).
    public let database: Database
    public let journal: JournalWriter?

    public init(_ database: Database, journal: JournalWriter? = nil) {
        self.database = database
        self.journal = journal
    }

    public var engine: StorageEngine { .sqlite }

    public func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Int {
        try Self.translatingConstraints {
            try database.cachedStatement(sql: sql).execute(arguments: StatementArguments(arguments))
            return database.changesCount
        }
    }

    public func rows(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [StoredRow] {
        try Self.translatingConstraints {
            try Row.fetchAll(database.cachedStatement(sql: sql), arguments: StatementArguments(arguments)).map(StoredRow.init)
        }
    }

    /// A unique or primary key refused is the core's `StorageError.duplicate`, on both engines.
    private static func translatingConstraints<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as DatabaseError
            where [.SQLITE_CONSTRAINT_PRIMARYKEY, .SQLITE_CONSTRAINT_UNIQUE].contains(error.extendedResultCode) {
            throw StorageError.duplicate
        }
    }
}

extension CoreTransaction {
    /// The GRDB connection under this transaction, for a part not yet moved onto
    /// `CoreTransaction`; on PostgreSQL such a part cannot run, and says so.
    public func grdb(_ part: String) throws -> Database {
        guard let sqlite = self as? SQLiteTransaction else { throw StorageError.unsupported("\(part) on PostgreSQL") }
        return sqlite.database
    }
}

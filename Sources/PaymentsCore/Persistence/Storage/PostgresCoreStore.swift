import Foundation
import GRDB
import PostgresClient

/// The core's storage on a PostgreSQL server, shared by a fleet of counters: one connection,
/// on the loop's thread.
///
/// Writes run at READ COMMITTED, as most servers do, and where a rule spans rows that another
/// counter may change at the same moment the part says so in its SQL (a row lock, `FOR
/// UPDATE`; a unique constraint; a single-statement upsert). A transaction the server aborts
/// to let another go on is run again whole (`PostgresConnection.transaction`).
public final class PostgresCoreStore: CoreStore {
    @_spi(Testing) public let connection: PostgresConnection

    /// Given the events each write transaction appended, once it has committed (the operator's
    /// log). A server's event ids are not a cursor (another counter's transaction may commit a
    /// smaller one later), so the log follows this counter's own transactions instead.
    var eventsCommitted: (([AppendedEvent]) -> Void)?

    /// Tests only, the one seam over this store's commits: asked inside each write transaction
    /// just before its COMMIT, with whether it changed rows; a throw rolls the transaction back,
    /// as a full disk or a server that fails the commit would. SQLite's tests do the same through
    /// GRDB's transaction observer (`databaseWillCommit`). `CoreStorage.gateCommits` and the
    /// tests' `FailingCommits` set it.
    @_spi(Testing) public var beforeCommit: ((_ tx: any CoreTransaction, _ changedRows: Bool) throws -> Void)?
    /// Tests only: told after each write transaction committed, with whether it changed rows.
    @_spi(Testing) public var afterCommit: ((_ changedRows: Bool) -> Void)?

    public init(_ connection: PostgresConnection) { self.connection = connection }

    public var engine: StorageEngine { .postgres }

    public var journal: JournalWriter?

    public func write<T>(_ body: (any CoreTransaction) throws -> T) throws -> T {
        try run(.readCommitted, body)
    }

    /// REPEATABLE READ: every statement of the read sees the same committed state, as one SQLite
    /// read transaction does.
    public func read<T>(_ body: (any CoreTransaction) throws -> T) throws -> T {
        try run(.repeatableRead, body)
    }

    /// Whether the last attempt to reach the server failed: the counter says so and takes no
    /// new payment until a transaction (or `checkServer`) goes through again.
    public private(set) var isServerAway = false
    private var isListening = false

    /// From now on, the other counters' changes (`FleetChange`) arrive on this connection,
    /// and again on the new one after the server was away.
    public func listen() throws {
        try serverAwayOnFailure { try listenOnChannels() }
        isListening = true
    }

    private func listenOnChannels() throws {
        for channel in FleetChange.channels { try connection.execute("LISTEN \(channel)") }
    }

    /// Tries the server now (connecting again if it was lost); whether it answered.
    @discardableResult
    public func checkServer() -> Bool {
        (try? read { tx in try tx.execute("SELECT 1") }) != nil
    }

    /// The connection's socket: readable when changes arrived (the loop's `poll` waits on it
    /// beside the terminal).
    public var socketDescriptor: Int32 { connection.socketDescriptor }

    /// The changes that arrived since the last look, without waiting, each once; after the
    /// server was away, `.everything` first (what changed meanwhile was not heard).
    public func changes() throws -> [FleetChange] {
        var seen = Set<FleetChange>()
        let heard = try serverAwayOnFailure { try connection.notifications() }
            .compactMap { FleetChange(channel: $0.channel, payload: $0.payload) }
        let missed: [FleetChange] = missedWhileAway ? [.everything] : []
        missedWhileAway = false
        return (missed + heard).filter { seen.insert($0).inserted }
    }

    private func serverAwayOnFailure<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PostgresError where error.isConnectionFailure || !connection.isConnected {
            isServerAway = true
            throw StorageError.serverAway
        }
    }

    /// A lost connection is made again before the next transaction; the changes of the time
    /// it was away were not heard, so a listener is told to look again (`FleetChange.everything`).
    private func reconnectIfLost() throws {
        guard !connection.isConnected else { return }
        guard connection.reset() else { isServerAway = true; throw StorageError.serverAway }
        if isListening {
            try serverAwayOnFailure { try listenOnChannels() }
            missedWhileAway = true
        }
    }

    /// Set when the connection came back while listening: what the others changed meanwhile was
    /// never announced to this counter.
    private var missedWhileAway = false

    private func run<T>(_ isolation: PostgresIsolation, _ body: (any CoreTransaction) throws -> T) throws -> T {
        try reconnectIfLost()
        // A transaction inside another would commit the outer one early (BEGIN is not nested);
        // GRDB refuses the same on SQLite.
        guard !connection.isInTransaction else { throw StorageError.unsupported("a transaction inside another") }
        do {
            var attempt: PostgresTransaction?
            let result = try connection.transaction(isolation) { connection in
                let tx = PostgresTransaction(connection, journal: journal)
                attempt = tx
                let result = try body(tx)
                // Thrown here, inside the transaction, it rolls back whole, as a COMMIT that failed.
                if isolation == .readCommitted { try beforeCommit?(tx, tx.changedRows) }
                return result
            }
            isServerAway = false
            if isolation == .readCommitted, let attempt { afterCommit?(attempt.changedRows) }
            if let events = attempt?.appendedEvents, !events.isEmpty { eventsCommitted?(events) }
            return result
        } catch let error as PostgresError where error.isConnectionFailure || !connection.isConnected {
            // Never retried here: a COMMIT whose answer was lost may have been applied.
            isServerAway = true
            throw StorageError.serverAway
        }
    }
}

/// A libpq transaction seen as a `CoreTransaction`: `?` placeholders numbered for the server,
/// values sent as text, answers read back as the `DatabaseValue`s SQLite would have given.
final class PostgresTransaction: CoreTransaction {
    private let connection: PostgresConnection

    /// The events this attempt appended; an attempt the server aborted is forgotten with them.
    private(set) var appendedEvents: [AppendedEvent] = []
    /// Whether a statement of this attempt changed rows (`PostgresResult.changedRows`).
    private(set) var changedRows = false

    let journal: JournalWriter?

    init(_ connection: PostgresConnection, journal: JournalWriter? = nil) {
        self.connection = connection
        self.journal = journal
    }

    var engine: StorageEngine { .postgres }

    func noteAppended(_ event: AppendedEvent) { appendedEvents.append(event) }

    func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Int {
        try run(sql, arguments).affectedRows
    }

    func rows(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [StoredRow] {
        try run(sql, arguments).rows.map(Self.storedRow)
    }

    private func run(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> PostgresResult {
        let result = try Self.translatingConstraints { try connection.execute(PostgresPlaceholders.numbered(sql), arguments.map(Self.parameter)) }
        if result.changedRows { changedRows = true }
        return result
    }

    /// A value as the server reads a parameter in text format. Booleans arrive as GRDB stores
    /// them, 1 and 0, which a `BOOLEAN` column takes as true and false.
    static func parameter(_ value: (any DatabaseValueConvertible)?) -> (any PostgresBindable)? {
        switch value?.databaseValue.storage ?? .null {
        case .null: return nil
        case let .int64(integer): return integer
        case let .double(real): return String(real)
        case let .string(text): return text
        case let .blob(bytes): return bytes
        }
    }

    /// Each value typed by its column's type, as SQLite's storage classes: integers and booleans
    /// as INTEGER (GRDB reads 1 and 0 as `Bool`), `bytea` as BLOB, the rest as TEXT.
    static func storedRow(_ row: PostgresRow) throws -> StoredRow {
        let values = try row.values.indices.map { index -> DatabaseValue in
            guard let text = row.values[index] else { return .null }
            let type = index < row.types.count ? row.types[index] : 0
            switch type {
            case PostgresType.boolean: return (text == "t" ? 1 : 0).databaseValue
            case PostgresType.bigint, PostgresType.integer, PostgresType.smallint, PostgresType.numeric:
                if let integer = Int64(text) { return integer.databaseValue }
                if let real = Double(text) { return real.databaseValue }
                throw StorageError.corrupt("\(row.columns[index]) holds \(text), not a number")
            case PostgresType.real, PostgresType.doublePrecision:
                guard let real = Double(text) else { throw StorageError.corrupt("\(row.columns[index]) holds \(text), not a number") }
                return real.databaseValue
            case PostgresType.bytea:
                guard let bytes = PostgresRow.hexBytes(text) else { throw StorageError.corrupt("\(row.columns[index]) is not hex bytea") }
                return bytes.databaseValue
            default:
                return text.databaseValue
            }
        }
        return StoredRow(columns: row.columns, values: values)
    }

    /// A unique or primary key refused is the core's `StorageError.duplicate`, on both engines
    /// (the server has aborted the transaction: it rolls back whole).
    private static func translatingConstraints<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PostgresError where error.isUniqueViolation { throw StorageError.duplicate }
    }
}

/// SQL written once with `?` for both engines, numbered `$1, $2...` for PostgreSQL. A `?` inside
/// a quoted string or name is text, not a placeholder.
enum PostgresPlaceholders {
    static func numbered(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 8)
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}

import CLibPQ
import Foundation

/// One synchronous connection to a PostgreSQL server, through libpq.
///
/// Synchronous on purpose: the core runs on the one loop thread, as GRDB's `DatabaseQueue` does,
/// and each call returns when the server has answered. Not shared between threads; a second
/// thread opens its own connection.
public final class PostgresConnection {
    private let pq: LibPQ
    private let connection: OpaquePointer

    /// - Parameter url: `postgres://user@host/dbname` or `postgresql://...` (libpq's URI form,
    ///   including `?host=/socket/dir`), or `postgres:` alone to take everything from libpq's
    ///   environment (`PGHOST`, `PGDATABASE`, `PGUSER`...).
    public init(url: String) throws {
        guard let conninfo = Self.conninfo(url) else {
            throw PostgresError(sqlState: nil, message: "\(url) is not a PostgreSQL URL (postgres://, postgresql:// or postgres:)")
        }
        let pq = try LibPQ.get()
        self.pq = pq
        guard let connection = pq.connectdb(conninfo) else {
            throw PostgresError(sqlState: nil, message: "libpq could not allocate a connection")
        }
        guard pq.status(connection) == CONNECTION_OK else {
            let message = Self.trimmed(pq.errorMessage(connection))
            pq.finish(connection)
            throw PostgresError(sqlState: nil, message: message)
        }
        self.connection = connection
        // libpq prints the server's NOTICEs to stderr, which is the counter's terminal; the
        // core has nothing to learn from them ("relation already exists, skipping").
        pq.setNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit { pq.finish(connection) }

    /// What libpq is given for a URL the counter accepts; nil for anything else (a file path).
    /// A server that does not answer is given up after `defaultConnectTimeout` seconds unless the
    /// URL (`connect_timeout=`) or the environment (`PGCONNECT_TIMEOUT`) says otherwise: the
    /// counter waits on its one loop thread, and libpq alone would wait for TCP's own timeout
    /// (minutes) with the screen frozen.
    public static func conninfo(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let timeout = "connect_timeout=\(defaultConnectTimeout)"
        if url == "postgres:" || url == "postgresql:" { return environment["PGCONNECT_TIMEOUT"] == nil ? timeout : "" }
        guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else { return nil }
        if url.contains("connect_timeout=") || environment["PGCONNECT_TIMEOUT"] != nil { return url }
        return url + (url.contains("?") ? "&" : "?") + timeout
    }

    public static let defaultConnectTimeout = 5

    /// Runs one statement with `$1, $2...` parameters (nil is NULL), in text format.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [(any PostgresBindable)?] = []) throws -> PostgresResult {
        let texts = parameters.map { $0?.postgresText }
        let cStrings: [UnsafeMutablePointer<CChar>?] = texts.map { $0.map { strdup($0) } ?? nil }
        defer { cStrings.forEach { free($0) } }
        let result = cStrings.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
            pq.execParams(connection, sql, Int32(parameters.count), nil, values.baseAddress, nil, nil, 0)
        }
        guard let result else { throw PostgresError(sqlState: nil, message: Self.trimmed(pq.errorMessage(connection))) }
        defer { pq.clear(result) }
        switch pq.resultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return read(result)
        default:
            throw error(of: result)
        }
    }

    /// Runs several statements separated by semicolons, without parameters (a migration's
    /// script); libpq's extended protocol, which `execute` uses, takes one statement only.
    public func executeScript(_ sql: String) throws {
        guard let result = pq.exec(connection, sql) else { throw PostgresError(sqlState: nil, message: Self.trimmed(pq.errorMessage(connection))) }
        defer { pq.clear(result) }
        switch pq.resultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default: throw error(of: result)
        }
    }

    /// The rows of a query.
    public func query(_ sql: String, _ parameters: [(any PostgresBindable)?] = []) throws -> [PostgresRow] {
        try execute(sql, parameters).rows
    }

    /// Whether a transaction is open (or failed and not yet rolled back) on this connection.
    public var isInTransaction: Bool { pq.transactionStatus(connection) != PQTRANS_IDLE }

    /// Whether libpq still holds a working connection (false once the server is gone).
    public var isConnected: Bool { pq.status(connection) == CONNECTION_OK }

    /// Connects again with the same parameters after the server went away; whether it worked.
    /// Waits as long as connecting takes (libpq's `connect_timeout`, by default until the
    /// operating system gives up): a counter calls it on its next transaction, not in a loop.
    @discardableResult
    public func reset() -> Bool {
        pq.reset(connection)
        return isConnected
    }

    /// The connection's socket, for the loop's `poll` to wait on `LISTEN` notifications.
    public var socketDescriptor: Int32 { pq.socket(connection) }

    /// The notifications that have arrived, without waiting (call when `socketDescriptor` is
    /// readable, or now and then). Channels are joined with `LISTEN name` through `execute`.
    public func notifications() throws -> [PostgresNotification] {
        guard pq.consumeInput(connection) == 1 else {
            throw PostgresError(sqlState: nil, message: Self.trimmed(pq.errorMessage(connection)))
        }
        var arrived: [PostgresNotification] = []
        while let notify = pq.notifies(connection) {
            arrived.append(PostgresNotification(channel: String(cString: notify.pointee.relname),
                                                payload: String(cString: notify.pointee.extra),
                                                senderProcessID: notify.pointee.be_pid))
            pq.freemem(notify)
        }
        return arrived
    }

    private func error(of result: OpaquePointer) -> PostgresError {
        let field = { [pq] (code: UInt8) in pq.resultErrorField(result, Int32(code)).map { String(cString: $0) } }
        let message = field(UInt8(ascii: "M")) ?? Self.trimmed(pq.errorMessage(connection))
        return PostgresError(sqlState: field(UInt8(ascii: "C")), message: message)
    }

    private func read(_ result: OpaquePointer) -> PostgresResult {
        let columnCount = pq.nfields(result), rowCount = pq.ntuples(result)
        let columns = (0..<columnCount).map { String(cString: pq.fname(result, $0)) }
        let types = (0..<columnCount).map { UInt32(pq.ftype(result, $0)) }
        let rows = (0..<rowCount).map { row in
            PostgresRow(columns: columns, values: (0..<columnCount).map { column in
                pq.getisnull(result, row, column) == 1 ? nil : String(cString: pq.getvalue(result, row, column))
            }, types: types)
        }
        let affected = Int(String(cString: pq.cmdTuples(result))) ?? 0
        let tag = pq.cmdStatus(result).map { String(cString: $0) } ?? ""
        return PostgresResult(rows: rows, affectedRows: affected, command: String(tag.prefix { $0 != " " }))
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "libpq gave no message"
    }
}

/// A `NOTIFY` another session sent on a channel this connection listens to.
public struct PostgresNotification: Equatable, Sendable {
    public let channel: String
    public let payload: String
    public let senderProcessID: Int32
}

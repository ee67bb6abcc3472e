import Foundation
import GRDB
import PostgresClient

/// A ledger opened for reading only, as `checkout audit` does: never migrated, never written, and
/// without the vault key (an audit needs no card number).
public enum LedgerFile {
    public enum OpenError: Error, Hashable, Sendable, CustomStringConvertible {
        case missing(path: String)
        case unreadable(path: String, reason: String)
        /// A database, but not the counter's (no orders or charges table).
        case notALedger(path: String)

        public var description: String {
            switch self {
            case let .missing(path): "\(path) does not exist."
            case let .unreadable(path, reason): "\(path) cannot be read: \(reason)"
            case let .notALedger(path): "\(path) is not a checkout counter database (it has no charges or orders)."
            }
        }
    }

    public static func openReadOnly(path: String) throws(OpenError) -> DatabaseQueue {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        var configuration = Configuration()
        configuration.readonly = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            let store = SQLiteCoreStore(queue)
            let tables = try store.read { tx in
                try tx.fetchValues(String.self, "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('charges', 'orders')")
            }
            guard tables.count == 2 else { throw OpenError.notALedger(path: path) }
            // The audit never migrates: a counter's file from before times were milliseconds
            // would have every time read as January 1970, so it is refused until a counter of
            // this version has opened it once (which converts it).
            guard try store.read(Self.hasMillisecondTimes) else {
                throw OpenError.unreadable(path: path, reason: "its times are still in seconds (an older counter's file); open it once with this counter, then audit it")
            }
        } catch let error as OpenError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
        return queue
    }

    /// A fleet's server, for reading only (`checkout audit`, `checkout export`): never migrated
    /// (an empty or foreign database is refused, not given the counter's tables), and every
    /// transaction of the session read-only, so the tools cannot write whatever they run.
    public static func openReadOnly(server url: String) throws(OpenError) -> PostgresCoreStore {
        let name = DatabaseLocation.server(url: url).displayName
        do {
            let connection = try PostgresConnection(url: url)
            try connection.execute("SET default_transaction_read_only = on")
            let tables = try connection.query("SELECT to_regclass('charges') IS NOT NULL AND to_regclass('orders') IS NOT NULL AS ledger")
            guard try tables.first?.bool("ledger") == true else { throw OpenError.notALedger(path: name) }
            return PostgresCoreStore(connection)
        } catch let error as OpenError {
            throw error
        } catch {
            throw .unreadable(path: name, reason: String(describing: error))
        }
    }

    /// Whether the file's times are milliseconds: the conversion is applied, or the file was not
    /// made by the counter's migrations at all (nothing to convert).
    static func hasMillisecondTimes(_ tx: any CoreTransaction) throws -> Bool {
        guard try tx.exists("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'") else { return true }
        return try tx.exists("SELECT 1 FROM grdb_migrations WHERE identifier = ?", MillisecondTimesMigration.identifier)
    }

    /// Opens `path` read-only and audits it.
    public static func audit(path: String, now: Date, _ audit: LedgerAudit) throws(OpenError) -> [LedgerViolation] {
        let queue = try openReadOnly(path: path)
        defer { try? queue.close() }
        do {
            return try audit.violations(in: queue, now: now)
        } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
    }
}

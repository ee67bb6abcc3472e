import Foundation
import GRDB
import PostgresClient

/// Why the core's storage could not be opened: a value the command line words (in the user's
/// language) before the counter starts. The core never words it itself.
public struct CoreOpenError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// Another process held the database longer than the busy timeout.
        case locked
        /// The file, or the directory that must hold its WAL files, cannot be written.
        case readOnly
        /// The directory for the file cannot be made.
        case cannotCreateDirectory
        /// The file is not a SQLite database, or is damaged.
        case corrupt
        /// The disk (or the user's quota) is full.
        case diskFull
        /// The database has sealed cards or is bound to a key, and no key file is at `expectedAt`.
        case vaultKeyMissing(expectedAt: String)
        /// The key file at `path` is not the key this database was sealed with.
        case vaultKeyWrong(path: String)
        /// The key file at `path` is not 64 bytes.
        case vaultKeyMalformed(path: String)
        /// A new key file could not be written at `path`.
        case vaultKeyUnwritable(path: String)
        /// `--db` names a PostgreSQL server that did not answer, or refused this counter (no
        /// such role or database, a wrong password), in libpq's own words.
        case serverUnreachable(String)
        /// Anything else, in SQLite's or the system's own words.
        case failed(String)
    }

    /// The database file (for the vault key reasons, the database the key belongs to).
    public let file: String
    public let reason: Reason

    public init(file: String, reason: Reason) {
        self.file = file; self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }

    /// Sorts an error met while opening `file` into a reason.
    static func classify(_ error: any Error, file: String) -> CoreOpenError {
        if let error = error as? CoreOpenError { return error }
        // No answer, a refused login (28000, 28P01) or no such database (3D000).
        if let error = error as? PostgresError, error.isConnectionFailure || ["28000", "28P01", "3D000"].contains(error.sqlState ?? "") {
            return CoreOpenError(file: file, reason: .serverUnreachable(error.message))
        }
        if let error = error as? DatabaseError {
            return CoreOpenError(file: file, reason: reason(for: error.resultCode, file: file, message: error.message ?? "\(error)"))
        }
        return CoreOpenError(file: file, reason: .failed("\(error)"))
    }

    static func reason(for code: ResultCode, file: String, message: String) -> Reason {
        switch code.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: .locked
        case .SQLITE_READONLY, .SQLITE_PERM: .readOnly
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: .corrupt
        case .SQLITE_FULL: .diskFull
        // SQLite cannot open a file it may not write (or whose WAL it may not create) as CANTOPEN.
        case .SQLITE_CANTOPEN where !CoreDatabase.isWritable(file): .readOnly
        default: .failed(message)
        }
    }
}

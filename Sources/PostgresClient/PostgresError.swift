/// What the server (or libpq) said went wrong, with the SQLSTATE that tells a caller what to do
/// about it: retry the transaction, report a duplicate, or report that the server is away.
public struct PostgresError: Error, Equatable, CustomStringConvertible {
    /// The five-character SQLSTATE (`23505`); nil when the failure happened before the server
    /// could answer (no connection, connection lost mid-statement).
    public let sqlState: String?
    public let message: String

    public init(sqlState: String?, message: String) {
        self.sqlState = sqlState
        self.message = message
    }

    public static let uniqueViolation = "23505"
    public static let foreignKeyViolation = "23503"
    public static let serializationFailure = "40001"
    public static let deadlockDetected = "40P01"

    /// A transaction the server gave up on so that another could go on: run it again, whole.
    public var isRetryable: Bool { sqlState == Self.serializationFailure || sqlState == Self.deadlockDetected }

    public var isUniqueViolation: Bool { sqlState == Self.uniqueViolation }

    /// The server cannot be reached (class 08, or no answer at all): nothing is known about a
    /// statement sent, so its outcome is unknown, not failed.
    public var isConnectionFailure: Bool { sqlState == nil || sqlState?.hasPrefix("08") == true }

    public var description: String { sqlState.map { "\(message) (SQLSTATE \($0))" } ?? message }
}

import Clocks
import Foundation
import PostgresClient

/// Events on the server. The table's triggers refuse UPDATE, DELETE and TRUNCATE.
///
/// The log is numbered by an identity column: ids grow with insertion, but on a server with
/// several counters a transaction that commits later may hold a smaller id. Reading "everything
/// after id N" is therefore not safe for a follower; the fleet's notifications will say which
/// rows changed (Docs/fleet.md).
public final class PostgresEventLog: EventLog {
    private let connection: PostgresConnection
    private let clock: Clock

    public init(connection: PostgresConnection, clock: Clock) { self.connection = connection; self.clock = clock }

    public func append(_ event: NewEvent) throws {
        try Self.append(event, at: clock.now, on: connection)
    }

    public func events(subjectID: String? = nil) throws -> [EventRecord] {
        let rows = if let subjectID {
            try PostgresRecords.fetchAll(EventRow.self, "SELECT * FROM events WHERE subject_id = $1 ORDER BY id", [subjectID], on: connection)
        } else {
            try PostgresRecords.fetchAll(EventRow.self, "SELECT * FROM events ORDER BY id", on: connection)
        }
        return try rows.map { try $0.record() }
    }

    /// Appends inside a caller's transaction, so a state change and its event commit together.
    static func append(_ event: NewEvent, at time: Date, on connection: PostgresConnection) throws {
        try connection.execute("INSERT INTO events (time_ms, kind, subject_id, payload) VALUES ($1, $2, $3, $4)",
                               [time.milliseconds, event.kind, event.subjectID, try event.storedPayload()])
    }
}

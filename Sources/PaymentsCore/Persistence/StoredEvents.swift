import Clocks
import Foundation

/// The event log, on either engine. The table's triggers refuse UPDATE and DELETE (and, on the
/// server, TRUNCATE).
///
/// On a server with several counters, a transaction that commits later may hold a smaller id:
/// "everything after id N" is not a safe cursor for a follower (Docs/fleet.md).
public final class StoredEvents: EventLog {
    private let store: any CoreStore
    private let clock: Clock

    public init(store: any CoreStore, clock: Clock) { self.store = store; self.clock = clock }

    public func append(_ event: NewEvent) throws {
        try store.write { tx in try Self.append(event, at: clock.now, in: tx) }
    }

    public func events(subjectID: String? = nil) throws -> [EventRecord] {
        try store.read { tx in
            let rows = if let subjectID {
                try tx.fetchAll(EventRow.self, "SELECT * FROM events WHERE subject_id = ? ORDER BY id", subjectID)
            } else {
                try tx.fetchAll(EventRow.self, "SELECT * FROM events ORDER BY id")
            }
            return try rows.map { try $0.record() }
        }
    }

    /// Appends inside a caller's transaction, so a state change and its event commit together.
    /// Every value is redacted on the way in (see `Redaction`).
    static func append(_ event: NewEvent, at time: Date, in tx: any CoreTransaction) throws {
        let appended = AppendedEvent(kind: event.kind, subjectID: event.subjectID, payload: try event.storedPayload())
        try tx.execute("INSERT INTO events (time_ms, kind, subject_id, payload) VALUES (?, ?, ?, ?)",
                       time.milliseconds, appended.kind, appended.subjectID, appended.payload)
        tx.noteAppended(appended)
    }
}

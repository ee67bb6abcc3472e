import Clocks
import Foundation
import GRDB

/// A state change to record: what happened (`charge.succeeded`), to what (`ch_000001`), with a
/// small flat payload of strings.
public struct NewEvent: Equatable, Sendable {
    public let kind: String
    public let subjectID: String
    public let payload: [String: String]

    public init(_ kind: String, subject: String, _ payload: [String: String] = [:]) {
        self.kind = kind; self.subjectID = subject; self.payload = payload
    }
}

/// A recorded event, with its place in the log and the loop clock's time.
public struct EventRecord: Equatable, Sendable {
    public let id: Int64
    public let time: Date
    public let kind: String
    public let subjectID: String
    public let payload: [String: String]
}

/// The append-only history of every state change. Implementations never update or delete.
public protocol EventLog: AnyObject {
    func append(_ event: NewEvent) throws
    func events(subjectID: String?) throws -> [EventRecord]
}

/// Events in the core's SQLite file. The table's triggers refuse UPDATE and DELETE.
public final class SQLiteEventLog: EventLog {
    private let queue: DatabaseQueue
    private let clock: Clock

    public init(queue: DatabaseQueue, clock: Clock) {
        self.queue = queue; self.clock = clock
    }

    public func append(_ event: NewEvent) throws {
        try queue.write { db in try SQLiteEventLog.append(event, at: clock.now, in: db) }
    }

    public func events(subjectID: String? = nil) throws -> [EventRecord] {
        try queue.read { db in
            var log = EventRow.order(EventRow.Columns.id)
            if let subjectID { log = log.filter(EventRow.Columns.subjectID == subjectID) }
            return try log.fetchAll(db).map { try $0.record() }
        }
    }

    /// Appends inside a caller's transaction, so a state change and its event commit together.
    /// Every value is redacted on the way in (see `Redaction`).
    static func append(_ event: NewEvent, at time: Date, in db: Database) throws {
        try EventRow(id: nil, time: time, kind: event.kind, subjectID: event.subjectID, payload: try event.storedPayload()).insert(db)
    }
}

extension NewEvent {
    /// The payload as every backend stores it: JSON, keys sorted, every value redacted (see
    /// `Redaction`).
    func storedPayload() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(payload.mapValues(Redaction.redact)), as: UTF8.self)
    }
}

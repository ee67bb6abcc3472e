import Clocks
import Foundation
import GRDB

// STAND-IN for issue 3's append-only event log: issue 4 records every state change through
// `EventRecording`, inside the transaction that makes the change, so the lead can point it at
// the `core` branch's log with one adapter.

public protocol EventRecording: AnyObject {
    func record(_ db: Database, type: String, subject: String, data: [String: String]) throws
}

public struct RecordedEvent: Equatable, Sendable {
    public let sequence: Int64
    public let at: Date
    public let type: String
    public let subject: String
    public let data: [String: String]
}

/// Writes events to the `core2_events` table (migration `core2-v1-events`).
public final class TableEventLog: EventRecording {
    private let clock: Clock

    public init(clock: Clock) {
        self.clock = clock
    }

    public func record(_ db: Database, type: String, subject: String, data: [String: String]) throws {
        let json = try String(decoding: JSONEncoder.sorted.encode(data), as: UTF8.self)
        try db.execute(
            sql: "INSERT INTO core2_events (at, type, subject, data) VALUES (?, ?, ?, ?)",
            arguments: [clock.now.timeIntervalSince1970, type, subject, json]
        )
    }

    /// The events about one subject (an order, a subscription...), oldest first.
    public static func events(_ db: Database, subject: String? = nil) throws -> [RecordedEvent] {
        let rows = subject == nil
            ? try Row.fetchAll(db, sql: "SELECT * FROM core2_events ORDER BY seq")
            : try Row.fetchAll(db, sql: "SELECT * FROM core2_events WHERE subject = ? ORDER BY seq", arguments: [subject])
        return rows.map { row in
            let json: String = row["data"]
            let data = (try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) ?? [:]
            return RecordedEvent(sequence: row["seq"], at: Date(timeIntervalSince1970: row["at"]), type: row["type"], subject: row["subject"], data: data)
        }
    }
}

extension JSONEncoder {
    /// Sorted keys, so that the same event always serialises to the same bytes.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

extension TableEventLog {
    /// The event types recorded about `subject`, oldest first (for tests and the event screen).
    public static func eventTypes(in database: any DatabaseReader, subject: String) throws -> [String] {
        try database.read { db in try events(db, subject: subject).map(\.type) }
    }
}

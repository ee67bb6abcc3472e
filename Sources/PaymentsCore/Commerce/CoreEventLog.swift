import Clocks
import Foundation
import GRDB

/// How issue 4 writes to issue 3's append-only event log: inside the transaction that makes the
/// state change, so a change and its event commit together.
public protocol EventRecording: AnyObject {
    func record(_ tx: any CoreTransaction, type: String, subject: String, data: [String: String]) throws
}

extension EventRecording {
    /// For the parts of the core that still write through GRDB (Docs/fleet.md).
    func record(_ db: Database, type: String, subject: String, data: [String: String]) throws {
        try record(SQLiteTransaction(db), type: type, subject: subject, data: data)
    }
}

/// Appends to the core's `events` table (through `StoredEvents`), at the loop clock's time.
public final class CoreEventRecorder: EventRecording {
    private let clock: Clock

    public init(clock: Clock) {
        self.clock = clock
    }

    public func record(_ tx: any CoreTransaction, type: String, subject: String, data: [String: String]) throws {
        try StoredEvents.append(NewEvent(type, subject: subject, data), at: clock.now, in: tx)
    }
}

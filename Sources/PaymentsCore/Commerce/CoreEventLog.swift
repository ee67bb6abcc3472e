import Clocks
import Foundation
import GRDB

/// How issue 4 writes to issue 3's append-only event log: inside the transaction that makes the
/// state change, so a change and its event commit together.
public protocol EventRecording: AnyObject {
    func record(_ db: Database, type: String, subject: String, data: [String: String]) throws
}

/// Appends to the core's `events` table (through `SQLiteEventLog`), at the loop clock's time.
public final class CoreEventRecorder: EventRecording {
    private let clock: Clock

    public init(clock: Clock) {
        self.clock = clock
    }

    public func record(_ db: Database, type: String, subject: String, data: [String: String]) throws {
        try SQLiteEventLog.append(NewEvent(type, subject: subject, data), at: clock.now, in: db)
    }
}

import Foundation

/// A handle to cancel a scheduled action.
public struct TimerID: Hashable, Sendable {
    fileprivate let raw: Int
}

/// Something that runs an action later, on the loop, by the loop's clock.
///
/// The payments core takes a `Scheduler` for the simulated acquirer's latency and for polling,
/// so that its delays are events on the one loop rather than sleeping threads.
public protocol Scheduler: AnyObject {
    var clock: Clock { get }
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerID
    func cancel(_ id: TimerID)
}

/// The loop's timers: a queue ordered by deadline, drained by whoever owns the loop.
///
/// Nothing here sleeps. The interactive loop asks `nextDeadline` to know how long it may wait
/// for input; a tape moves its manual clock with `advance(_:by:)`, which fires every timer on
/// the way in deadline order, at its own deadline.
public final class TimerQueue: Scheduler {
    private struct Entry {
        let id: TimerID
        let deadline: Date
        let sequence: Int
        let action: () -> Void
    }

    public let clock: Clock
    private var entries: [Entry] = []
    private var nextSequence = 0

    public init(clock: Clock) {
        self.clock = clock
    }

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerID {
        schedule(at: clock.now.addingTimeInterval(max(delay, .zero).timeInterval), action)
    }

    @discardableResult
    public func schedule(at deadline: Date, _ action: @escaping () -> Void) -> TimerID {
        nextSequence += 1
        let entry = Entry(id: TimerID(raw: nextSequence), deadline: deadline, sequence: nextSequence, action: action)
        // Keep the queue sorted by (deadline, sequence): equal deadlines fire in the order scheduled.
        let index = entries.firstIndex { ($0.deadline, $0.sequence) > (deadline, nextSequence) } ?? entries.endIndex
        entries.insert(entry, at: index)
        return entry.id
    }

    public func cancel(_ id: TimerID) {
        entries.removeAll { $0.id == id }
    }

    /// The earliest deadline still waiting, if any.
    public var nextDeadline: Date? { entries.first?.deadline }

    /// How many timers are waiting.
    public var count: Int { entries.count }

    /// Runs every timer whose deadline has come, including ones that those timers schedule for
    /// now or earlier. Returns how many ran.
    @discardableResult
    public func fireDue() -> Int {
        var fired = 0
        while let first = entries.first, first.deadline <= clock.now {
            entries.removeFirst()
            first.action()
            fired += 1
        }
        return fired
    }

    /// Moves a manual clock forward by `duration`, stopping at each timer's deadline on the way
    /// so that every timer runs at the time it asked for, and timers it schedules run too.
    public func advance(_ manualClock: ManualClock, by duration: Duration) {
        let target = manualClock.now.addingTimeInterval(max(duration, .zero).timeInterval)
        while let deadline = nextDeadline, deadline <= target {
            manualClock.advance(to: deadline)
            fireDue()
        }
        manualClock.advance(to: target)
        fireDue()
    }
}

import Clocks

/// A `Scheduler` for a payments core that must exist before the loop starts: it runs on the
/// loop's own timers once `bind(to:)` has handed them over (in `Application.start`), so the
/// simulated acquirer's latency is an event on the one loop and a tape's `Sleep` fires it.
///
/// Before binding it keeps what it is given and hands it on at `bind`, so nothing is lost.
public final class LoopScheduler: Scheduler {
    public let clock: Clock
    private var timers: TimerQueue?
    private var early: [(delay: Duration, action: () -> Void, id: TimerID)] = []
    private var parked = TimerQueue(clock: SystemClock())

    public init(clock: Clock) {
        self.clock = clock
    }

    /// From now on, everything runs on `timers`.
    public func bind(to timers: TimerQueue) {
        self.timers = timers
        for entry in early { timers.schedule(after: entry.delay, entry.action) }
        early.removeAll()
    }

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerID {
        if let timers { return timers.schedule(after: delay, action) }
        // Not bound yet: an id from a queue that never fires, and the work kept for `bind`.
        let id = parked.schedule(after: delay) {}
        early.append((delay, action, id))
        return id
    }

    public func cancel(_ id: TimerID) {
        timers?.cancel(id)
        early.removeAll { $0.id == id }
    }
}

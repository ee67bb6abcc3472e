import Clocks
import Foundation
import PaymentsCore

/// Runs the core's settler on the loop: every `busyInterval` while anything is unsettled, further
/// apart while passes find nothing to change (up to `quietCeiling`); once the app `start`s it,
/// also at the next renewal and at least every `idleInterval` when nothing is (renewals and
/// auction closes are scheduled at their own times). Woken (`wake`) when a payment is left
/// unsettled, it passes again soon. Everything on the loop's clock, so a tape's `Sleep` settles
/// exactly as time would.
public final class SettlerLoop {
    public static let busyInterval: Duration = .seconds(3)
    /// When nothing is open here: another counter on the same database may leave work behind
    /// (it died with a challenge open); its own restart settles it too, so a slow look suffices.
    public static let idleInterval: Duration = .seconds(600)
    /// While something stays open and passes change nothing (an express sheet left open for an
    /// hour), passes come 3, 6, 12... seconds apart, up to this: asking every 3 seconds would be
    /// 28,800 passes a day of the loop's clock. The bank and the wallet wake the loop when they
    /// answer (`onChange`), so their answers do not wait for it.
    public static let quietCeiling: Duration = .seconds(300)
    /// This counter's heartbeat while something is open: passes may be further apart than other
    /// hosts' counters wait before they take a counter for gone (`CounterInstance.heartbeatTimeout`).
    public static let heartbeatInterval: Duration = .seconds(20)

    private let commerce: Commerce
    private let scheduler: Scheduler
    private var onPass: () -> Void = {}
    /// Started by the app: keeps its idle cadence. Otherwise it stops once all is settled.
    private var isRunning = false
    private var scheduled: (id: TimerID, at: Date)?
    /// Passes in a row that settled nothing while something was open.
    private var quietPasses = 0
    private var heartbeat: TimerID?

    init(commerce: Commerce, scheduler: Scheduler) {
        self.commerce = commerce
        self.scheduler = scheduler
        commerce.bank.onChange = { [weak self] in self?.wake() }
        commerce.sources.onChange = { [weak self] in self?.wake() }
    }

    /// The app's call at start; `onPass` runs after every pass (screens may wait on an order).
    public func start(onPass: @escaping () -> Void) {
        self.onPass = onPass
        isRunning = true
        scheduleNext()
    }

    /// Something was left unsettled just now: pass again soon.
    public func wake() {
        quietPasses = 0
        schedule(after: Self.busyInterval)
    }

    /// The busy cadence, doubled for each quiet pass, up to the ceiling.
    var busyDelay: Duration {
        min(Self.busyInterval * (1 << min(quietPasses, 8)), Self.quietCeiling)
    }

    private func scheduleNext() {
        let open = commerce.settler.hasUnsettled()
        guard open || isRunning else { return }
        if open { keepBeating() }
        var delay = open ? busyDelay : Self.idleInterval
        if let due = (try? commerce.nextDueDate()) ?? nil {
            // Rounded up: a delay cut short of the due moment would wake, find nothing due yet,
            // and wake again at once, forever.
            delay = min(delay, .milliseconds(Int64((max(0, due.timeIntervalSince(scheduler.clock.now)) * 1000).rounded(.up))))
        }
        schedule(after: delay)
    }

    /// Beats every `heartbeatInterval` while anything is open, and stops when nothing is.
    private func keepBeating() {
        guard heartbeat == nil else { return }
        heartbeat = scheduler.schedule(after: Self.heartbeatInterval) { [weak self] in
            guard let self else { return }
            self.heartbeat = nil
            guard self.commerce.settler.hasUnsettled() else { return }
            self.commerce.settler.heartbeat()
            self.keepBeating()
        }
    }

    /// Whether a pass has anything to do: something unsettled (here or left by another
    /// counter), or due work. An idle look costs one read, so a month of a tape's `Sleep` stays
    /// cheap.
    private var hasWork: Bool {
        if commerce.settler.hasUnsettled() { return true }
        guard let due = (try? commerce.nextDueDate()) ?? nil else { return false }
        return due <= scheduler.clock.now
    }

    /// Keeps the sooner of the pass already scheduled and this one.
    private func schedule(after delay: Duration) {
        let at = scheduler.clock.now.addingTimeInterval(delay.timeInterval)
        if let scheduled {
            guard at < scheduled.at else { return }
            scheduler.cancel(scheduled.id)
        }
        let id = scheduler.schedule(after: delay) { [weak self] in self?.pass() }
        scheduled = (id, at)
    }

    private func pass() {
        scheduled = nil
        guard hasWork else { return scheduleNext() }
        commerce.settler.settle { [weak self] report in
            guard let self else { return }
            self.quietPasses = report.isEmpty ? self.quietPasses + 1 : 0
            self.onPass()
            self.scheduleNext()
        }
    }
}

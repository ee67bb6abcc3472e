import Clocks
import Foundation
import PaymentsCore

/// Runs the core's settler on the loop: every `busyInterval` while anything is unsettled; once
/// the app `start`s it, also at the next renewal and at least every `idleInterval` when nothing
/// is (renewals and auction closes are scheduled at their own times). Woken
/// (`wake`) when a payment is left unsettled, it passes again soon. Everything on the loop's
/// clock, so a tape's `Sleep` settles exactly as time would.
public final class SettlerLoop {
    public static let busyInterval: Duration = .seconds(3)
    /// When nothing is open here: another counter on the same database may leave work behind
    /// (it died with a challenge open); its own restart settles it too, so a slow look suffices.
    public static let idleInterval: Duration = .seconds(600)

    private let commerce: Commerce
    private let scheduler: Scheduler
    private var onPass: () -> Void = {}
    /// Started by the app: keeps its idle cadence. Otherwise it stops once all is settled.
    private var isRunning = false
    private var scheduled: (id: TimerID, at: Date)?

    init(commerce: Commerce, scheduler: Scheduler) {
        self.commerce = commerce
        self.scheduler = scheduler
    }

    /// The app's call at start; `onPass` runs after every pass (screens may wait on an order).
    public func start(onPass: @escaping () -> Void) {
        self.onPass = onPass
        isRunning = true
        scheduleNext()
    }

    /// Something was left unsettled just now: pass again soon.
    public func wake() {
        schedule(after: Self.busyInterval)
    }

    private func scheduleNext() {
        if commerce.settler.hasUnsettled() { return schedule(after: Self.busyInterval) }
        guard isRunning else { return }
        var delay = Self.idleInterval
        if let due = (try? commerce.nextDueDate()) ?? nil {
            // Rounded up: a delay cut short of the due moment would wake, find nothing due yet,
            // and wake again at once, forever.
            delay = min(delay, .milliseconds(Int64((max(0, due.timeIntervalSince(scheduler.clock.now)) * 1000).rounded(.up))))
        }
        schedule(after: delay)
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
        commerce.settler.settle { [weak self] _ in
            guard let self else { return }
            self.onPass()
            self.scheduleNext()
        }
    }
}

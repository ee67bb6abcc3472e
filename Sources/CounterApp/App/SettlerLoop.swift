import CheckoutKit
import Clocks
import Foundation
import TerminalUI

/// Runs the settler on the loop: at start, then every `busyInterval` while anything is
/// unsettled, else at the next renewal and at least every `idleInterval` (auctions close on
/// their own times, and another counter may leave work behind). Everything on the loop's clock,
/// so a tape's `Sleep` settles exactly as time would.
final class SettlerLoop {
    static let busyInterval: Duration = .seconds(3)
    static let idleInterval: TimeInterval = 60

    private let services: CheckoutServices
    private let timers: TimerQueue
    private let onPass: () -> Void
    private var scheduled: TimerID?
    private var scheduledAt: Date?

    init(services: CheckoutServices, timers: TimerQueue, onPass: @escaping () -> Void) {
        self.services = services
        self.timers = timers
        self.onPass = onPass
    }

    /// Schedules the next pass by what is open now.
    func start() {
        scheduleNext()
    }

    /// Something was left unsettled just now: pass again soon, not at the idle interval.
    func wake() {
        let soon = timers.clock.now.addingTimeInterval(Self.busyInterval.timeInterval)
        guard let at = scheduledAt, at > soon else { return }
        schedule(at: soon)
    }

    private func scheduleNext() {
        let now = timers.clock.now
        if services.commerce.settler.hasUnsettled() {
            return schedule(at: now.addingTimeInterval(Self.busyInterval.timeInterval))
        }
        let idle = now.addingTimeInterval(Self.idleInterval)
        let renewal = ((try? services.commerce.nextDueDate()) ?? nil).map { max($0, now) }
        schedule(at: renewal.map { min($0, idle) } ?? idle)
    }

    private func schedule(at date: Date) {
        if let scheduled { timers.cancel(scheduled) }
        scheduledAt = date
        scheduled = timers.schedule(at: date) { [weak self] in
            guard let self else { return }
            self.scheduled = nil
            self.scheduledAt = nil
            self.services.runDueWork {
                self.onPass()
                self.scheduleNext()
            }
        }
    }
}

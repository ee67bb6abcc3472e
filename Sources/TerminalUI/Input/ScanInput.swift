import Clocks

/// The scan detector between a terminal and an application, on the loop's clock and timers:
/// the interactive loop and the headless terminal both send their events through one, so a
/// scan is told the same way on a terminal and under a tape.
///
/// Only while the application says it takes scans (`Application.takesScans`) are digits held;
/// elsewhere every event goes straight on, as before.
public final class ScanInput {
    private var detector = ScanDetector()
    private let timers: TimerQueue
    private let deliver: (InputEvent) -> Void
    private var releaseTimer: TimerID?

    /// `deliver`: hands one event to the application (a key, or `.scan`).
    public init(timers: TimerQueue, deliver: @escaping (InputEvent) -> Void) {
        self.timers = timers
        self.deliver = deliver
    }

    public var isHolding: Bool { detector.isHolding }

    /// One event from the terminal.
    public func receive(_ event: InputEvent, takesScans: Bool) {
        guard case let .key(key) = event, takesScans || detector.isHolding else {
            release()
            deliver(event)
            return
        }
        let outputs = takesScans ? detector.receive(key, at: timers.clock.now) : detector.release() + [.key(key)]
        rescheduleRelease()
        send(outputs)
    }

    /// The loop is at rest (headless: the screen is looked at, or settled): what is held went
    /// as typed.
    public func release() {
        guard detector.isHolding else { return }
        let outputs = detector.release()
        rescheduleRelease()
        send(outputs)
    }

    private func send(_ outputs: [ScanDetector.Output]) {
        for output in outputs {
            switch output {
            case .key(let key): deliver(.key(key))
            case .scan(let code): deliver(.scan(code))
            }
        }
    }

    private func rescheduleRelease() {
        if let releaseTimer { timers.cancel(releaseTimer) }
        releaseTimer = detector.releaseAt.map { deadline in
            timers.schedule(at: deadline) { [weak self] in
                self?.releaseTimer = nil
                self?.release()
            }
        }
    }
}

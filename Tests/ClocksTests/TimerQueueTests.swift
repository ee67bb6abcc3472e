import Clocks
import Foundation
import Testing

@Suite struct TimerQueueTests {
    @Test func timersFireInDeadlineOrderAtTheirOwnTime() {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        var log: [String] = []
        timers.schedule(after: .seconds(2)) { log.append("b@\(Int(clock.now.timeIntervalSince(ManualClock.defaultStart)))") }
        timers.schedule(after: .seconds(1)) { log.append("a@\(Int(clock.now.timeIntervalSince(ManualClock.defaultStart)))") }
        timers.advance(clock, by: .seconds(5))
        #expect(log == ["a@1", "b@2"])
        #expect(clock.now == ManualClock.defaultStart.addingTimeInterval(5))
    }

    @Test func equalDeadlinesFireInTheOrderScheduled() {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        var log: [Int] = []
        for i in 0..<5 { timers.schedule(after: .seconds(1)) { log.append(i) } }
        timers.advance(clock, by: .seconds(1))
        #expect(log == [0, 1, 2, 3, 4])
    }

    @Test func aTimerScheduledByATimerWithinTheSpanAlsoFires() {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        var fired = 0
        timers.schedule(after: .seconds(1)) {
            timers.schedule(after: .milliseconds(500)) { fired += 1 }
        }
        timers.advance(clock, by: .seconds(1))
        #expect(fired == 0)
        timers.advance(clock, by: .milliseconds(500))
        #expect(fired == 1)
    }

    @Test func cancelledTimersNeverRunAndFutureTimersWait() {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        var fired = false
        let id = timers.schedule(after: .seconds(1)) { fired = true }
        timers.schedule(after: .seconds(10)) {}
        timers.cancel(id)
        #expect(timers.fireDue() == 0)
        timers.advance(clock, by: .seconds(2))
        #expect(!fired)
        #expect(timers.count == 1)
        #expect(timers.nextDeadline == ManualClock.defaultStart.addingTimeInterval(10))
    }

    @Test func manualClockNeverRunsBackwards() {
        let clock = ManualClock()
        clock.advance(by: .seconds(-5))
        clock.advance(to: ManualClock.defaultStart.addingTimeInterval(-1))
        #expect(clock.now == ManualClock.defaultStart)
    }
}

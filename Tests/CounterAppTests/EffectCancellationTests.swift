@testable import CounterApp
import Testing

/// Effects cancelled by id never answer: a timer that fires after its cancel, or after another
/// started in its place, sends nothing.
@Suite struct EffectCancellationTests {
    /// Timers that fire only when the test says.
    final class Timers {
        var pending: [() -> Void] = []
        func fireAll() {
            let due = pending
            pending = []
            due.forEach { $0() }
        }
    }

    enum Action: Equatable { case start(Int), stop, fired(Int) }
    enum TimerID: Hashable, Sendable { case only }

    static func reduce(_ fired: inout [Int], _ action: Action) -> Effect<Action, Timers> {
        switch action {
        case .start(let n):
            return Effect.run { timers, send in timers.pending.append { send(.fired(n)) } }
                .cancellable(id: TimerID.only, cancelInFlight: true)
        case .stop:
            return .cancel(id: TimerID.only)
        case .fired(let n):
            fired.append(n)
            return .none
        }
    }

    @Test func aCancelledTimersAnswerNeverArrives() {
        let store = TestStore(initialState: [Int](), environment: Timers(), reducer: Self.reduce)
        store.send(.start(1))
        #expect(store.isRunning(TimerID.only))
        store.send(.stop)
        #expect(!store.isRunning(TimerID.only))
        store.environment.fireAll()
        store.finish()
    }

    @Test func aTimerStartedAgainReplacesTheOneInFlight() {
        let store = TestStore(initialState: [Int](), environment: Timers(), reducer: Self.reduce)
        store.send(.start(1))
        store.send(.start(2))
        store.environment.fireAll()
        store.receive(.fired(2)) { $0 = [2] }
        store.finish()
    }

    @Test func theRealStoreDropsACancelledAnswerToo() {
        let timers = Timers()
        let store = Store(initialState: [Int](), environment: timers, reducer: Self.reduce)
        store.send(.start(1))
        store.send(.stop)
        store.send(.start(2))
        timers.fireAll()
        #expect(store.state == [2])
    }

    // Runs under an id that is never cancelled (no cancelInFlight): each must leave the books
    // when it finishes, or the id keeps every run it ever started.
    enum Asking: Equatable { case askNow, askLater, answered }

    static func reduceAsking(_ answers: inout Int, _ action: Asking) -> Effect<Asking, Timers> {
        switch action {
        case .askNow:
            return Effect.run { _, send in send(.answered) }.cancellable(id: TimerID.only)
        case .askLater:
            return Effect.run { timers, send in timers.pending.append { send(.answered) } }.cancellable(id: TimerID.only)
        case .answered:
            answers += 1
            return .none
        }
    }

    @Test func aRunThatAnsweredAtOnceHasFinished() {
        let store = TestStore(initialState: 0, environment: Timers(), reducer: Self.reduceAsking)
        for count in 1...3 {
            store.send(.askNow)
            store.receive(.answered) { $0 = count }
        }
        #expect(!store.isRunning(TimerID.only))
        store.finish()
    }

    @Test func aRunIsLiveUntilItsTimerHasFired() {
        let store = TestStore(initialState: 0, environment: Timers(), reducer: Self.reduceAsking)
        store.send(.askLater)
        store.send(.askLater)
        #expect(store.isRunning(TimerID.only))
        store.environment.fireAll()
        store.receive(.answered) { $0 = 1 }
        store.receive(.answered) { $0 = 2 }
        #expect(!store.isRunning(TimerID.only))
        store.finish()
    }
}

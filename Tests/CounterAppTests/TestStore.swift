@testable import CounterApp
import Testing

/// Drives a feature's reducer the way The Composable Architecture's TestStore does: each `send`
/// states exactly how the state changes; actions that effects send back wait in `received`
/// until a `receive` claims them, and any left unclaimed at `finish()` fail the test. Effects
/// run with `environment`, and are cancelled by id as the real store cancels them.
final class TestStore<State: Equatable, Action: Equatable, Environment> {
    private(set) var state: State
    let environment: Environment
    private let reducer: (inout State, Action) -> Effect<Action, Environment>
    private let effects = EffectRunner<Action, Environment>()
    private var received: [Action] = []

    init(initialState: State, environment: Environment, reducer: @escaping (inout State, Action) -> Effect<Action, Environment>) {
        self.state = initialState
        self.environment = environment
        self.reducer = reducer
    }

    func send(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout State) -> Void = { _ in }) {
        #expect(received.isEmpty, "sent \(action) while effects' actions were still unclaimed: \(received)", sourceLocation: sourceLocation)
        reduce(action, update, sourceLocation)
    }

    func receive(_ expected: Action, sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout State) -> Void = { _ in }) {
        guard !received.isEmpty else {
            Issue.record("expected to receive \(expected), but no action was sent back", sourceLocation: sourceLocation)
            return
        }
        let action = received.removeFirst()
        #expect(action == expected, sourceLocation: sourceLocation)
        reduce(action, update, sourceLocation)
    }

    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(received.isEmpty, "unclaimed actions: \(received)", sourceLocation: sourceLocation)
    }

    /// Whether an effect under `id` may still answer (it was started, and has neither finished nor been cancelled).
    func isRunning(_ id: some Hashable) -> Bool { effects.isRunning(id) }

    private func reduce(_ action: Action, _ update: (inout State) -> Void, _ sourceLocation: SourceLocation) {
        var expected = state
        update(&expected)
        let effect = reducer(&state, action)
        #expect(state == expected, "state after \(action) differs from what the test expects", sourceLocation: sourceLocation)
        effects.run(effect, environment: environment) { [weak self] in self?.received.append($0) }
    }
}

/// Runs a feature: holds its state, reduces actions one at a time, and runs their effects with
/// the environment it holds (the reducer never sees it).
///
/// Actions sent while an action is being reduced (an effect that answers at once) wait in a
/// queue, so a reducer never runs inside another: the order of changes is the order of actions.
public final class Store<State, Action, Environment> {
    public private(set) var state: State
    /// What effects run with; may be replaced once the world is open (the counter's core opens
    /// in `start`, after the store exists).
    public var environment: Environment
    private let reducer: (inout State, Action) -> Effect<Action, Environment>
    private let effects = EffectRunner<Action, Environment>()
    private var queue: [Action] = []
    private var isReducing = false

    public init(initialState: State, environment: Environment,
                reducer: @escaping (inout State, Action) -> Effect<Action, Environment>) {
        self.state = initialState
        self.environment = environment
        self.reducer = reducer
    }

    public func send(_ action: Action) {
        queue.append(action)
        guard !isReducing else { return }
        isReducing = true
        defer { isReducing = false }
        while !queue.isEmpty {
            let next = queue.removeFirst()
            let effect = reducer(&state, next)
            effects.run(effect, environment: environment) { [weak self] answer in self?.send(answer) }
        }
    }
}

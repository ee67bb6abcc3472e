/// Runs a feature: holds its state, reduces actions one at a time, and runs their effects.
///
/// Actions sent while an action is being reduced (an effect that answers at once) wait in a
/// queue, so a reducer never runs inside another: the order of changes is the order of actions.
public final class Store<State, Action> {
    public private(set) var state: State
    private let reducer: (inout State, Action) -> Effect<Action>
    private var queue: [Action] = []
    private var isReducing = false

    public init(initialState: State, reducer: @escaping (inout State, Action) -> Effect<Action>) {
        self.state = initialState
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
            for operation in effect.operations {
                operation { [weak self] answer in self?.send(answer) }
            }
        }
    }
}

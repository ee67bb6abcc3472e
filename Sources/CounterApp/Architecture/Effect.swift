/// Work a reducer asks for that happens outside the state: a call into a controller, a timer.
///
/// Effects are the edge of a feature: the reducer stays a pure function of state and action,
/// and whatever the outside world answers comes back later as another action through `send`.
public struct Effect<Action> {
    let operations: [(@escaping (Action) -> Void) -> Void]

    public static var none: Effect { Effect(operations: []) }

    /// Runs `work`, which may call `send` at once or later (from a completion, on the loop).
    public static func run(_ work: @escaping (_ send: @escaping (Action) -> Void) -> Void) -> Effect {
        Effect(operations: [work])
    }

    /// Sends an action straight back, after the current one is reduced.
    public static func send(_ action: Action) -> Effect {
        .run { send in send(action) }
    }

    public static func merge(_ effects: Effect...) -> Effect {
        Effect(operations: effects.flatMap(\.operations))
    }

    /// Lifts a child feature's effect into its parent's actions.
    public func map<Parent>(_ transform: @escaping (Action) -> Parent) -> Effect<Parent> {
        Effect<Parent>(operations: operations.map { operation in
            { send in operation { send(transform($0)) } }
        })
    }

    public var isNone: Bool { operations.isEmpty }
}

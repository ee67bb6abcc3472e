/// Work a reducer asks for that happens outside the state: a call into a client, a timer.
///
/// Effects are the edge of a feature: the reducer is a pure function of state and action and
/// never holds a client. An effect's work receives the feature's environment (its client) only
/// when the store runs it, and whatever the world answers comes back later as an action through
/// `send`. A reducer cannot reach the world any other way: that is what keeps it pure.
public struct Effect<Action, Environment> {
    public typealias Send = (Action) -> Void
    public typealias Work = (_ environment: Environment, _ send: @escaping Send) -> Void

    enum Operation {
        /// Work to run; under an id it can be cancelled, and then nothing it sends arrives.
        case run(id: AnyHashable?, cancelInFlight: Bool, work: Work)
        /// Cancels every effect running under the id (a timer's answer included).
        case cancel(id: AnyHashable)
    }

    let operations: [Operation]

    public static var none: Effect { Effect(operations: []) }

    /// Runs `work` with the environment the store holds; it may call `send` at once or later
    /// (from a completion, on the loop).
    public static func run(_ work: @escaping Work) -> Effect {
        Effect(operations: [.run(id: nil, cancelInFlight: false, work: work)])
    }

    /// Sends an action straight back, after the current one is reduced.
    public static func send(_ action: Action) -> Effect {
        .run { _, send in send(action) }
    }

    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    public static func merge(_ effects: [Effect]) -> Effect {
        Effect(operations: effects.flatMap(\.operations))
    }

    /// Stops every effect started under `id`: what it would send later is dropped.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(operations: [.cancel(id: AnyHashable(id))])
    }

    /// Marks this effect's work as cancellable under `id`. With `cancelInFlight`, starting it
    /// first cancels any still running under the same id (a timer restarted replaces the old one).
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        let id = AnyHashable(id)
        return Effect(operations: operations.map { operation in
            switch operation {
            case let .run(_, _, work): .run(id: id, cancelInFlight: cancelInFlight, work: work)
            case .cancel: operation
            }
        })
    }

    /// Lifts a child feature's effect into its parent's actions, with the same environment.
    public func map<Parent>(_ transform: @escaping (Action) -> Parent) -> Effect<Parent, Environment> {
        map(transform, environment: { $0 })
    }

    /// Lifts a child feature's effect into its parent's actions and environment: the child's
    /// environment is found in the parent's when the effect runs.
    public func map<Parent, ParentEnvironment>(_ transform: @escaping (Action) -> Parent,
                                               environment child: @escaping (ParentEnvironment) -> Environment)
        -> Effect<Parent, ParentEnvironment> {
        Effect<Parent, ParentEnvironment>(operations: operations.map { operation in
            switch operation {
            case let .run(id, cancelInFlight, work):
                .run(id: id, cancelInFlight: cancelInFlight) { environment, send in
                    work(child(environment)) { send(transform($0)) }
                }
            case let .cancel(id):
                .cancel(id: id)
            }
        })
    }

    public var isNone: Bool { operations.isEmpty }
}

extension Effect where Environment == Void {
    /// A feature that needs nothing from the world: its effects run in any parent's environment.
    public func map<Parent, ParentEnvironment>(_ transform: @escaping (Action) -> Parent) -> Effect<Parent, ParentEnvironment> {
        map(transform, environment: { _ in () })
    }
}

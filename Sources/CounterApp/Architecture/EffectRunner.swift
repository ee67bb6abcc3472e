/// Runs effects for a store and keeps the books of cancellation: which effects run under which
/// id. A cancelled effect's work may still finish (a timer still fires), but what it sends is
/// dropped here, so its answer never reaches the reducer.
final class EffectRunner<Action, Environment> {
    /// For each id, the runs still allowed to send.
    private var live: [AnyHashable: Set<Int>] = [:]
    private var lastRun = 0

    func run(_ effect: Effect<Action, Environment>, environment: Environment, send: @escaping (Action) -> Void) {
        for operation in effect.operations {
            switch operation {
            case let .run(nil, _, work):
                work(environment, send)
            case let .run(id?, cancelInFlight, work):
                if cancelInFlight { live[id] = nil }
                lastRun += 1
                let run = lastRun
                live[id, default: []].insert(run)
                work(environment) { [weak self] action in
                    guard let self, self.live[id]?.contains(run) == true else { return }
                    send(action)
                }
            case let .cancel(id):
                live[id] = nil
            }
        }
    }

    /// Whether anything runs under `id` that has not been cancelled (for tests).
    func isRunning(_ id: some Hashable) -> Bool {
        !(live[AnyHashable(id)]?.isEmpty ?? true)
    }
}

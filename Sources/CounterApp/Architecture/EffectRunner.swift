/// Runs effects for a store and keeps the books of cancellation: which effects run under which
/// id. A cancelled effect's work may still finish (a timer still fires), but what it sends is
/// dropped here, so its answer never reaches the reducer.
final class EffectRunner<Action, Environment> {
    /// For each id, the runs still allowed to send: started, not cancelled, not yet finished.
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
                // A run has finished when nothing can send for it any more: its work returned
                // and let go of every completion and timer that held its `send`. It leaves the
                // books then, so an id that is never cancelled does not keep every run it started.
                let end = RunEnd { [weak self] in self?.forget(run, under: id) }
                work(environment) { [weak self] action in
                    withExtendedLifetime(end) {
                        guard let self, self.live[id]?.contains(run) == true else { return }
                        send(action)
                    }
                }
            case let .cancel(id):
                live[id] = nil
            }
        }
    }

    /// Whether anything runs under `id` that has neither finished nor been cancelled (for tests).
    func isRunning(_ id: some Hashable) -> Bool {
        !(live[AnyHashable(id)]?.isEmpty ?? true)
    }

    private func forget(_ run: Int, under id: AnyHashable) {
        live[id]?.remove(run)
        if live[id]?.isEmpty == true { live[id] = nil }
    }
}

/// Held by one run's `send` alone: when the last closure that could send lets go, the run is over.
private final class RunEnd {
    private let onEnd: () -> Void
    init(_ onEnd: @escaping () -> Void) { self.onEnd = onEnd }
    deinit { onEnd() }
}

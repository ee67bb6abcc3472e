import Clocks

extension Scheduler {
    /// Hands `value` to `completion` from a timer due now, never inside the caller's own call:
    /// like the core's charge service, every flow of issue 4 answers on the loop, exactly once,
    /// so a caller never sees its completion run before the call returns.
    func answer<T>(_ completion: @escaping (T) -> Void, with value: T) {
        schedule(after: .zero) { completion(value) }
    }
}

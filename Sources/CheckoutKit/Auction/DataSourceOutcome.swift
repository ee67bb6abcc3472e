/// The outcome of a data source call with alternative callbacks: exactly one of them, once.
public enum DataSourceOutcome: Equatable, Sendable {
    case success
    case failure(Refusal)
    case cancelled
    case exceededAttempts
}

/// Builds the four alternative callbacks of one data source call on one `OnceCallback`, so that
/// "success, then failure" is caught as a second call just like "success, success".
struct AlternativeCallbacks {
    let guardian: OnceCallback<DataSourceOutcome>

    init(_ name: String, reporter: ContractViolationReporter, _ handle: @escaping (DataSourceOutcome) -> Void) {
        guardian = OnceCallback(name, reporter: reporter, handle)
    }

    var success: () -> Void { { [guardian] in guardian.call(.success) } }
    var failure: (Refusal) -> Void { { [guardian] in guardian.call(.failure($0)) } }
    var cancel: () -> Void { { [guardian] in guardian.call(.cancelled) } }
    var exceededAttempts: () -> Void { { [guardian] in guardian.call(.exceededAttempts) } }
}

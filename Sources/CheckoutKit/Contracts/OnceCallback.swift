/// A completion that calls through at most once, and says so when it is misused.
///
/// Every seed asks for "completion exactly once, on every path". This wrapper enforces it:
/// - the first `call` goes through to the wrapped closure;
/// - a second `call` is dropped and reported as `.calledMoreThanOnce`;
/// - if the wrapper is released without ever being called it reports `.neverCalled`, unless the
///   receiving side said it no longer needs an answer (`waive()`, e.g. the sheet was cancelled).
///
/// Hand the other side `closure` (or one of the closures built on it): the closure keeps the guard
/// alive, so "the other side dropped my completion" and "the guard deinitialised uncalled" are the
/// same event.
public final class OnceCallback<Value> {
    public let name: String
    private var body: ((Value) -> Void)?
    private let reporter: ContractViolationReporter
    public private(set) var callCount = 0
    private var waived = false

    public init(_ name: String, reporter: ContractViolationReporter, _ body: @escaping (Value) -> Void) {
        self.name = name
        self.reporter = reporter
        self.body = body
    }

    public var wasCalled: Bool { callCount > 0 }

    public func call(_ value: Value) {
        callCount += 1
        if waived { return }
        guard let body else {
            if callCount > 1 {
                reporter.report(ContractViolation(rule: .calledMoreThanOnce, callback: name, detail: "call #\(callCount) dropped"))
            }
            return
        }
        // Drop the closure before calling it, so that a re-entrant second call is caught too.
        self.body = nil
        body(value)
    }

    /// The receiver no longer needs an answer (it finished or was cancelled); an answer that still
    /// arrives is swallowed silently, and none arriving is not a violation.
    public func waive() {
        waived = true
        body = nil
    }

    /// The guard as a plain closure for the other side to call.
    public var closure: (Value) -> Void { { value in self.call(value) } }

    deinit {
        if callCount == 0 && !waived {
            reporter.report(ContractViolation(rule: .neverCalled, callback: name, detail: "released without being called"))
        }
    }
}

extension OnceCallback where Value == Void {
    public func call() { call(()) }
}

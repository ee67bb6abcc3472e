/// "One callback at a time": the sheet's half of seed 003's rule.
///
/// The sheet "waits for its delegate's completion before it calls another method". Every callback
/// goes through `submit`: if one is unanswered, later ones wait in order and go out when it is
/// answered. `close()` (the sheet finished) drops whatever waits and makes answers harmless.
///
/// `enter`/`leave` are the raw form; calling `enter` while a callback is unanswered reports
/// `.overlappingCallback`, which is how a sheet that skipped the queue would be caught.
public final class CallbackGate {
    private struct Waiting {
        let name: String
        let send: (_ answered: @escaping () -> Void) -> Void
    }

    private let reporter: ContractViolationReporter
    /// The name of the callback that is out and unanswered, if any.
    public private(set) var unanswered: String?
    private var waiting: [Waiting] = []
    public private(set) var isClosed = false
    /// How many callbacks went out, and the most that were ever unanswered at once (always <= 1).
    public private(set) var sentCount = 0
    public private(set) var maxUnansweredAtOnce = 0
    private var unansweredCount = 0
    private var generation = 0

    public init(reporter: ContractViolationReporter) {
        self.reporter = reporter
    }

    /// Names of the callbacks waiting for the unanswered one.
    public var queued: [String] { waiting.map(\.name) }

    /// Marks `name` as sent. Reports a violation if another is still unanswered.
    public func enter(_ name: String) {
        if let unanswered {
            reporter.report(ContractViolation(rule: .overlappingCallback, callback: name, detail: "\(unanswered) is still unanswered"))
        }
        unanswered = name
        unansweredCount += 1
        sentCount += 1
        maxUnansweredAtOnce = max(maxUnansweredAtOnce, unansweredCount)
    }

    /// Marks the unanswered callback as answered.
    public func leave() {
        unansweredCount = max(0, unansweredCount - 1)
        unanswered = nil
    }

    /// Sends now if nothing is unanswered, otherwise queues. Returns false if the gate is closed.
    /// `send` gets an `answered` closure to call once the other side's completion arrived;
    /// callbacks without a completion (e.g. `willAuthorizePayment`) call it at once.
    @discardableResult
    public func submit(_ name: String, _ send: @escaping (_ answered: @escaping () -> Void) -> Void) -> Bool {
        guard !isClosed else { return false }
        waiting.append(Waiting(name: name, send: send))
        drain()
        return true
    }

    /// The sheet finished: nothing more goes out, and answers still on their way change nothing.
    public func close() {
        isClosed = true
        waiting.removeAll()
        generation += 1
        if unanswered != nil { leave() }
    }

    private func drain() {
        while unanswered == nil, !isClosed, !waiting.isEmpty {
            let next = waiting.removeFirst()
            enter(next.name)
            let sentIn = generation
            var answered = false
            next.send { [weak self] in
                guard let self, !answered, sentIn == self.generation else { return }
                answered = true
                self.leave()
                self.drain()
            }
        }
    }
}

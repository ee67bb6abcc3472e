import Clocks
import Foundation

/// Seed 000's `TMPPayment`: drives one payment through its preparer.
///
/// `start` hands the raw params to the preparer. Each time the preparer passes decorated params,
/// one attempt runs: create source -> authorise -> poll every `pollInterval` until the source is
/// consumed or failed, or `pollTimeout` passes. Each phase is reported to the preparer through
/// `PaymentDelegate`. The preparer's completion ends the payment; `start`'s completion receives
/// exactly what the preparer passed.
///
/// Rules kept here:
/// - a failed attempt lets the preparer try again (a second `decorated` starts a new attempt);
///   after a success or a possible success a second `decorated` is refused (it could charge twice);
/// - a poll timeout after authorisation is `PollingResultState.timeout`, never a failure;
/// - the preparer's completion, the port's completions and `start`'s completion are each guarded:
///   twice or never is reported to the `ContractViolationReporter`;
/// - after the preparer completed (e.g. dismissed mid-poll), late answers from the core change nothing.
public final class Payment {
    public enum Phase: Equatable, Sendable {
        case idle
        /// The preparer has the counter: waiting for decorated params or its completion.
        case preparing
        case creatingSource
        case authorizing(sourceIdentifier: String)
        case polling(sourceIdentifier: String)
        /// The last attempt failed; the preparer may restore idle and try again.
        case attemptFailed(SourcePaymentError)
        case attemptSucceeded
        /// Authorised, then the poll timed out.
        case attemptPossiblySucceeded
        /// The preparer completed; nil = dismissed.
        case finished(PaymentResultState?)
    }

    public let rawParams: SourceParams
    public let userInfo: [String: String]?
    public let pollInterval: Duration
    public let pollTimeout: Duration
    public private(set) var phase: Phase = .idle
    /// How many attempts the preparer started.
    public private(set) var attemptCount = 0
    /// The source of the latest attempt, once created.
    public private(set) var currentSource: Source?

    private let preparer: PaymentSourceParamsPreparer
    private let service: SourceService
    private let scheduler: Scheduler
    private let reporter: ContractViolationReporter
    private var startCompletion: OnceCallback<(PaymentResultState?, Error?)>?
    /// Bumped when an attempt starts or the payment ends: answers for an older value are stale.
    private var generation = 0
    private var pollTimer: TimerID?
    private var timeoutTimer: TimerID?
    private var lastPollFailure: Refusal?

    public init(
        params: SourceParams,
        preparer: PaymentSourceParamsPreparer,
        service: SourceService,
        scheduler: Scheduler,
        pollInterval: Duration = .seconds(2),
        pollTimeout: Duration = .seconds(30),
        userInfo: [String: String]? = nil,
        reporter: ContractViolationReporter = LoggingViolationReporter()
    ) {
        self.rawParams = params
        self.preparer = preparer
        self.service = service
        self.scheduler = scheduler
        self.pollInterval = pollInterval
        self.pollTimeout = pollTimeout
        self.userInfo = userInfo
        self.reporter = reporter
    }

    /// What the counter shows: `.inProgress` while an attempt runs, the preparer's result once
    /// finished, nil otherwise (idle, or dismissed).
    public var resultState: PaymentResultState? {
        switch phase {
        case .creatingSource, .authorizing, .polling: .inProgress
        case .finished(let state): state
        default: nil
        }
    }

    public var isFinished: Bool {
        if case .finished = phase { return true }
        return false
    }

    /// Starts the payment: the preparer gets the counter. Call once.
    public func start(completion: @escaping (PaymentResultState?, Error?) -> Void) {
        guard phase == .idle else {
            reporter.report(ContractViolation(rule: .unexpectedCallback, callback: "Payment.start", detail: "already started"))
            return
        }
        startCompletion = OnceCallback("Payment.start completion", reporter: reporter) { completion($0.0, $0.1) }
        phase = .preparing
        preparer.payment = self
        // The completion guard holds `self` strongly until it is called (as the seed's retain
        // cycle does); `decorated` holds it weakly, because a preparer may keep that block forever.
        let preparerCompletion = OnceCallback<(PaymentResultState?, Error?)>(
            "PaymentSourceParamsPreparer completion", reporter: reporter
        ) { result in self.preparerCompleted(result.0, result.1) }
        preparer.prepareSourceParams(
            rawParams,
            availableMethods: service.availablePaymentMethods(),
            userInfo: userInfo,
            decorated: { [weak self] params in self?.startAttempt(with: params) },
            completion: { state, error in preparerCompletion.call((state, error)) }
        )
    }

    // MARK: - The preparer's completion

    private func preparerCompleted(_ state: PaymentResultState?, _ error: Error?) {
        stopTimers()
        generation += 1
        phase = .finished(state)
        preparer.payment = nil
        startCompletion?.call((state, error))
    }

    // MARK: - One attempt: create source -> authorise -> poll

    private func startAttempt(with decoratedParams: SourceParams) {
        switch phase {
        case .preparing, .attemptFailed:
            break
        default:
            reporter.report(ContractViolation(
                rule: .unexpectedCallback, callback: "decorated source params",
                detail: "an attempt may start only when the counter is idle, not in \(phase)"))
            return
        }
        generation += 1
        attemptCount += 1
        lastPollFailure = nil
        currentSource = nil
        var params = decoratedParams
        // The seed: the preparer need not set the method on the params; Payment fills it in from
        // `paymentMethod`, which must come from the list the preparer was given.
        if params.type == nil { params.type = preparer.paymentMethod }
        guard let method = params.type else {
            return failCreation(.noPaymentMethodSelected)
        }
        guard service.availablePaymentMethods().contains(method) else {
            return failCreation(.paymentMethodNotAvailable(method.identifier))
        }
        phase = .creatingSource
        let attempt = generation
        let answer = OnceCallback<Result<Source, SourceServiceFailure>>("SourceService.createSource completion", reporter: reporter) { [weak self] result in
            guard let self, attempt == self.generation else { return }
            switch result {
            case .failure(let failure):
                self.failCreation(.sourceCreationFailed(reason: failure.reason))
            case .success(let source):
                self.currentSource = source
                self.phase = .authorizing(sourceIdentifier: source.id)
                self.preparer.didCreateSource(source, error: nil)
                // The delegate may have dismissed the counter inside that call.
                guard attempt == self.generation else { return }
                self.authorize(source, attempt: attempt)
            }
        }
        service.createSource(params) { answer.call($0) }
    }

    private func failCreation(_ error: SourcePaymentError) {
        phase = .attemptFailed(error)
        preparer.didCreateSource(nil, error: error)
    }

    private func authorize(_ source: Source, attempt: Int) {
        let answer = OnceCallback<Result<PaymentAuthorizationState, SourceServiceFailure>>("SourceService.authorize completion", reporter: reporter) { [weak self] result in
            guard let self, attempt == self.generation else { return }
            let error: SourcePaymentError
            let state: PaymentAuthorizationState
            switch result {
            case .success(.authorized):
                self.phase = .polling(sourceIdentifier: source.id)
                self.preparer.didFinishAuthorization(.authorized, error: nil)
                guard attempt == self.generation else { return }
                self.startPolling(source, attempt: attempt)
                return
            case .success(.failed):
                (state, error) = (.failed, .authorizationFailed(reason: .paymentMethodDeclined))
            case .success(.cancelled):
                (state, error) = (.cancelled, .authorizationCancelled)
            case .failure(let failure):
                (state, error) = (.failed, .authorizationFailed(reason: failure.reason))
            }
            self.phase = .attemptFailed(error)
            self.preparer.didFinishAuthorization(state, error: error)
        }
        service.authorize(source) { answer.call($0) }
    }

    private func startPolling(_ source: Source, attempt: Int) {
        timeoutTimer = scheduler.schedule(after: pollTimeout) { [weak self] in
            guard let self, attempt == self.generation else { return }
            self.endPolling(source, .timeout, error: .pollingTimedOut(lastError: self.lastPollFailure), attempt: attempt)
        }
        schedulePoll(source, attempt: attempt)
    }

    private func schedulePoll(_ source: Source, attempt: Int) {
        pollTimer = scheduler.schedule(after: pollInterval) { [weak self] in
            guard let self, attempt == self.generation else { return }
            self.pollTimer = nil
            self.pollOnce(source, attempt: attempt)
        }
    }

    private func pollOnce(_ source: Source, attempt: Int) {
        let answer = OnceCallback<Result<SourceStatus, SourceServiceFailure>>("SourceService.status completion", reporter: reporter) { [weak self] result in
            guard let self, attempt == self.generation else { return }
            var polled = source
            switch result {
            case .success(.consumed):
                polled.status = .consumed
                self.endPolling(polled, .success, error: nil, attempt: attempt)
            case .success(.failed(let reason)):
                polled.status = .failed(reason: reason)
                self.endPolling(polled, .failure, error: .paymentFailed(reason: reason), attempt: attempt)
            case .success(.pending), .success(.awaitingConfirmation), .success(.authorized):
                self.schedulePoll(source, attempt: attempt)
            case .failure(let failure):
                // A failed query says nothing about the payment: keep asking until the timeout.
                self.lastPollFailure = failure.reason
                self.schedulePoll(source, attempt: attempt)
            }
        }
        service.status(ofSource: source.id) { answer.call($0) }
    }

    private func endPolling(_ source: Source, _ state: PollingResultState, error: SourcePaymentError?, attempt: Int) {
        stopTimers()
        // Answers still in flight for this attempt are stale from here on.
        generation += 1
        currentSource = source
        switch state {
        case .success: phase = .attemptSucceeded
        case .timeout: phase = .attemptPossiblySucceeded
        case .failure: phase = .attemptFailed(error ?? .paymentFailed(reason: "unknown"))
        }
        preparer.didPollSource(source, state: state, error: error)
    }

    private func stopTimers() {
        if let pollTimer { scheduler.cancel(pollTimer) }
        if let timeoutTimer { scheduler.cancel(timeoutTimer) }
        pollTimer = nil
        timeoutTimer = nil
    }
}

import CheckoutKit
import Clocks
import Foundation

/// A stand-in core for `Payment`: scripted answers, delivered after `latency` on the loop.
final class ScriptedSourceService: SourceService {
    let timers: TimerQueue
    var latency: Duration = .milliseconds(200)
    var methods: [PaymentMethodType] = [.wechatPay, .card]
    var createFailure: SourceServiceFailure?
    var authorization: Result<PaymentAuthorizationState, SourceServiceFailure> = .success(.authorized)
    /// Answers to successive status queries; the last repeats.
    var statuses: [Result<SourceStatus, SourceServiceFailure>] = [.success(.pending), .success(.consumed)]
    /// A misbehaving core: answers every createSource twice.
    var answersCreateTwice = false
    private(set) var calls: [String] = []
    private var sourceCount = 0

    init(timers: TimerQueue) { self.timers = timers }

    func availablePaymentMethods() -> [PaymentMethodType] { methods }

    func createSource(_ params: SourceParams, completion: @escaping (Result<Source, SourceServiceFailure>) -> Void) {
        calls.append("createSource(\(params.type?.identifier ?? "nil"))")
        sourceCount += 1
        let result: Result<Source, SourceServiceFailure> = createFailure.map { .failure($0) }
            ?? .success(Source(id: "src_\(sourceCount)", params: params))
        timers.schedule(after: latency) {
            completion(result)
            if self.answersCreateTwice { completion(result) }
        }
    }

    func authorize(_ source: Source, completion: @escaping (Result<PaymentAuthorizationState, SourceServiceFailure>) -> Void) {
        calls.append("authorize(\(source.id))")
        let result = authorization
        timers.schedule(after: latency) { completion(result) }
    }

    func status(ofSource identifier: String, completion: @escaping (Result<SourceStatus, SourceServiceFailure>) -> Void) {
        calls.append("status(\(identifier))")
        let result = statuses.count > 1 ? statuses.removeFirst() : statuses[0]
        timers.schedule(after: latency) { completion(result) }
    }
}

/// A stand-in checkout counter playing the seed's built-in preparer: PAY passes decorated params,
/// a failure restores idle (keeping `latestError`), success and possible success complete.
final class CounterPreparer: PaymentSourceParamsPreparer {
    enum CounterState: Equatable { case notShown, idle, inProgress, done }

    var payment: Payment?
    var latestError: Error?
    var paymentMethod: PaymentMethodType?
    private(set) var counter: CounterState = .notShown
    private(set) var events: [String] = []
    private(set) var availableMethods: [PaymentMethodType] = []
    private(set) var raw: SourceParams?
    private var decorated: ((SourceParams) -> Void)?
    private var completion: ((PaymentResultState?, Error?) -> Void)?

    /// Misbehaviours, for the contract tests.
    var completesTwice = false
    var dropsCompletion = false
    /// Calls PAY again from inside a failure callback (the quickest possible retry).
    var retriesImmediatelyOnFailure = false

    func prepareSourceParams(_ raw: SourceParams, availableMethods: [PaymentMethodType], userInfo: [String: String]?,
                             decorated: @escaping (SourceParams) -> Void,
                             completion: @escaping (PaymentResultState?, Error?) -> Void) {
        self.raw = raw
        self.availableMethods = availableMethods
        self.decorated = decorated
        if !dropsCompletion { self.completion = completion }
        paymentMethod = availableMethods.first
        counter = .idle
        events.append("prepare(\(availableMethods.map(\.identifier).joined(separator: ",")))")
    }

    /// The customer pressed PAY.
    func pay(flow: SourceFlow = .inApp) {
        guard let raw else { return }
        latestError = nil
        counter = .inProgress
        var params = raw
        params.flow = flow
        params.metadata = ["counter": "test"]
        decorated?(params)
    }

    func choose(_ method: PaymentMethodType?) { paymentMethod = method }

    /// Esc on the counter: dismissed, the payment is no longer needed.
    func dismiss() { finish(nil) }
    /// The customer gave up after a failure.
    func giveUp() { finish(.failure) }

    private func finish(_ state: PaymentResultState?) {
        counter = .done
        completion?(state, latestError)
        if completesTwice { completion?(state, latestError) }
    }

    private func failed(_ error: Error?) {
        latestError = error
        counter = .idle // "show failure and restore idle"
        if retriesImmediatelyOnFailure { retriesImmediatelyOnFailure = false; pay() }
    }

    func didCreateSource(_ source: Source?, error: Error?) {
        events.append("didCreateSource(\(source?.id ?? "nil"), \(describe(error)))")
        if error != nil { failed(error) }
    }

    func didFinishAuthorization(_ state: PaymentAuthorizationState, error: Error?) {
        events.append("didFinishAuthorization(\(state), \(describe(error)))")
        if error != nil { failed(error) }
    }

    func didPollSource(_ source: Source, state: PollingResultState, error: Error?) {
        events.append("didPollSource(\(source.id), \(state), \(describe(error)))")
        switch state {
        case .success: finish(.success)
        case .timeout: finish(.possibleSuccess) // the seed passes no error: the customer has most likely paid
        case .failure: failed(error)
        }
    }

    private func describe(_ error: Error?) -> String {
        error.map { "\($0)" } ?? "nil"
    }
}

import struct PaymentsCore.Money
import struct PaymentsCore.Currency
import enum PaymentsCore.MoneyError
import CheckoutKit
import Clocks
import Foundation
import Testing

/// Seed 000: `Payment` driven with a stand-in counter (preparer) and a stand-in core.
@Suite struct SourcePaymentTests {
    let clock = ManualClock()
    let timers: TimerQueue
    let core: ScriptedSourceService
    let counter = CounterPreparer()
    let violations = RecordingViolationReporter()
    let raw = SourceParams(amount: Money(minorUnits: 1_250, currency: .jpy), description: "Acacia honey")

    init() {
        timers = TimerQueue(clock: clock)
        core = ScriptedSourceService(timers: timers)
    }

    func makePayment() -> Payment {
        Payment(params: raw, preparer: counter, service: core, scheduler: timers,
                pollInterval: .seconds(2), pollTimeout: .seconds(30), reporter: violations)
    }

    final class Outcome {
        var calls: [(PaymentResultState?, String?)] = []
    }

    func start(_ payment: Payment) -> Outcome {
        let outcome = Outcome()
        payment.start { state, error in outcome.calls.append((state, error.map { "\($0)" })) }
        return outcome
    }

    @Test func successCreatesAuthorisesPollsAndCompletes() {
        let payment = makePayment()
        let outcome = start(payment)
        #expect(counter.events == ["prepare(wechatPay,card)"])
        #expect(counter.payment === payment)
        #expect(payment.phase == .preparing)

        counter.pay()
        #expect(payment.resultState == .inProgress)
        #expect(counter.counter == .inProgress)
        timers.advance(clock, by: .seconds(10))

        #expect(counter.events == [
            "prepare(wechatPay,card)",
            "didCreateSource(src_1, nil)",
            "didFinishAuthorization(authorized, nil)",
            "didPollSource(src_1, success, nil)",
        ])
        #expect(core.calls == ["createSource(wechatPay)", "authorize(src_1)", "status(src_1)", "status(src_1)"])
        #expect(outcome.calls.count == 1)
        #expect(outcome.calls.first?.0 == .success)
        #expect(payment.phase == .finished(.success))
        #expect(payment.currentSource?.status == .consumed)
        #expect(counter.payment == nil) // the cycle is broken once the preparer completed
        #expect(violations.violations.isEmpty)
    }

    @Test func theDecoratedParamsReachTheCoreWithTheChosenMethod() {
        let payment = makePayment()
        _ = start(payment)
        counter.choose(.card)
        counter.pay(flow: .qrCode)
        timers.advance(clock, by: .seconds(10))
        #expect(core.calls.first == "createSource(card)")
        #expect(payment.currentSource?.params.flow == .qrCode)
        #expect(payment.currentSource?.params.metadata == ["counter": "test"])
        #expect(payment.currentSource?.params.amount == Money(minorUnits: 1_250, currency: .jpy))
    }

    @Test func pollTimeoutAfterAuthorisationIsPossibleSuccessNeverFailure() {
        core.statuses = [.success(.pending)]
        let payment = makePayment()
        let outcome = start(payment)
        counter.pay()
        timers.advance(clock, by: .seconds(29))
        #expect(outcome.calls.isEmpty)
        #expect(payment.phase == .polling(sourceIdentifier: "src_1"))
        timers.advance(clock, by: .seconds(2))
        #expect(counter.events.last == "didPollSource(src_1, timeout, pollingTimedOut(lastError: nil))")
        #expect(outcome.calls.map(\.0) == [.possibleSuccess])
        #expect(payment.phase == .finished(.possibleSuccess))
        #expect(violations.violations.isEmpty)
    }

    @Test func failingStatusQueriesKeepPollingAndEndInPossibleSuccess() {
        core.statuses = [.failure(SourceServiceFailure(reason: .described("no connection")))]
        let payment = makePayment()
        let outcome = start(payment)
        counter.pay()
        timers.advance(clock, by: .seconds(60))
        #expect(counter.events.last == "didPollSource(src_1, timeout, pollingTimedOut(lastError: Optional(CheckoutKit.Refusal.described(\"no connection\"))))")
        #expect(outcome.calls.map(\.0) == [.possibleSuccess])
        // A query goes out 2 s after the previous answer (0.2 s latency): one every 2.2 s, so 13
        // in the 30 s between authorisation and the timeout.
        #expect(core.calls.filter { $0.hasPrefix("status") }.count == 13)
    }

    @Test func failureAtCreateRestoresIdleAndDismissCompletesWithNil() {
        core.createFailure = SourceServiceFailure(reason: .described("amount too small"))
        let payment = makePayment()
        let outcome = start(payment)
        counter.pay()
        timers.advance(clock, by: .seconds(1))
        #expect(counter.events.last == "didCreateSource(nil, sourceCreationFailed(reason: CheckoutKit.Refusal.described(\"amount too small\")))")
        #expect(counter.counter == .idle)
        #expect(counter.latestError as? SourcePaymentError == .sourceCreationFailed(reason: .described("amount too small")))
        #expect(payment.phase == .attemptFailed(.sourceCreationFailed(reason: .described("amount too small"))))
        #expect(outcome.calls.isEmpty)

        counter.dismiss()
        #expect(outcome.calls.count == 1)
        #expect(outcome.calls.first?.0 == nil)
        #expect(outcome.calls.first?.1 == "sourceCreationFailed(reason: CheckoutKit.Refusal.described(\"amount too small\"))")
        #expect(payment.phase == .finished(nil))
        #expect(payment.resultState == nil)
        #expect(violations.violations.isEmpty)
    }

    @Test(arguments: [
        (Result<PaymentAuthorizationState, SourceServiceFailure>.success(.failed), "didFinishAuthorization(failed, authorizationFailed(reason: CheckoutKit.Refusal.paymentMethodDeclined))"),
        (.success(.cancelled), "didFinishAuthorization(cancelled, authorizationCancelled)"),
        (.failure(SourceServiceFailure(reason: .described("wallet unreachable"))), "didFinishAuthorization(failed, authorizationFailed(reason: CheckoutKit.Refusal.described(\"wallet unreachable\")))"),
    ])
    func failureAtAuthorisationRestoresIdleAndGivingUpIsFailure(answer: Result<PaymentAuthorizationState, SourceServiceFailure>, event: String) {
        core.authorization = answer
        let payment = makePayment()
        let outcome = start(payment)
        counter.pay()
        timers.advance(clock, by: .seconds(5))
        #expect(counter.events.last == event)
        #expect(counter.counter == .idle)
        #expect(!core.calls.contains { $0.hasPrefix("status") }) // never polls an unauthorised source
        counter.giveUp()
        #expect(outcome.calls.map(\.0) == [.failure])
        #expect(outcome.calls.first?.1 != nil)
        #expect(payment.phase == .finished(.failure))
    }

    @Test func failureAtPollWhenTheSourceFails() {
        core.statuses = [.success(.pending), .success(.failed(reason: "insufficient balance"))]
        let payment = makePayment()
        let outcome = start(payment)
        counter.pay()
        timers.advance(clock, by: .seconds(10))
        #expect(counter.events.last == "didPollSource(src_1, failure, paymentFailed(reason: \"insufficient balance\"))")
        #expect(payment.phase == .attemptFailed(.paymentFailed(reason: "insufficient balance")))
        #expect(payment.currentSource?.status == .failed(reason: "insufficient balance"))
        #expect(outcome.calls.isEmpty)
        #expect(timers.count == 0) // polling stopped
    }

    @Test func inProgressWhileTheAttemptRuns() {
        let payment = makePayment()
        _ = start(payment)
        #expect(payment.resultState == nil)
        counter.pay()
        #expect(payment.phase == .creatingSource)
        #expect(payment.resultState == .inProgress)
        timers.advance(clock, by: .milliseconds(200))
        #expect(payment.phase == .authorizing(sourceIdentifier: "src_1"))
        #expect(payment.resultState == .inProgress)
        timers.advance(clock, by: .milliseconds(200))
        #expect(payment.phase == .polling(sourceIdentifier: "src_1"))
        #expect(payment.resultState == .inProgress)
    }

    @Test func retryAfterFailureStartsANewAttempt() {
        core.createFailure = SourceServiceFailure(reason: .described("busy"))
        let payment = makePayment()
        let outcome = start(payment)
        counter.pay()
        timers.advance(clock, by: .seconds(1))
        #expect(counter.counter == .idle)

        core.createFailure = nil
        counter.pay()
        timers.advance(clock, by: .seconds(10))
        #expect(payment.attemptCount == 2)
        #expect(counter.latestError == nil)
        #expect(outcome.calls.map(\.0) == [.success])
        #expect(counter.events.filter { $0.hasPrefix("didCreateSource") } == [
            "didCreateSource(nil, sourceCreationFailed(reason: CheckoutKit.Refusal.described(\"busy\")))",
            "didCreateSource(src_2, nil)",
        ])
        #expect(violations.violations.isEmpty)
    }

    @Test func retryFromInsideTheFailureCallbackWorks() {
        core.authorization = .success(.cancelled)
        counter.retriesImmediatelyOnFailure = true
        let payment = makePayment()
        _ = start(payment)
        counter.pay()
        timers.advance(clock, by: .seconds(1))
        #expect(payment.attemptCount == 2)
        #expect(violations.violations.isEmpty)
    }

    @Test func dismissMidPollStopsEverythingAndLateAnswersChangeNothing() {
        let payment = makePayment()
        let outcome = start(payment)
        counter.pay()
        timers.advance(clock, by: .milliseconds(500)) // polling; first query not yet sent
        counter.dismiss()
        #expect(outcome.calls.count == 1)
        #expect(outcome.calls.first?.0 == nil)
        let eventsAtDismiss = counter.events
        timers.advance(clock, by: .seconds(60))
        #expect(counter.events == eventsAtDismiss)
        #expect(timers.count == 0)
        #expect(violations.violations.isEmpty)
    }

    @Test func noMethodChosenOrAMethodNotOfferedFailsTheAttempt() {
        let payment = makePayment()
        _ = start(payment)
        counter.choose(nil)
        counter.pay()
        #expect(counter.events.last == "didCreateSource(nil, noPaymentMethodSelected)")
        // The stand-in core offers WeChat Pay and card only.
        counter.choose(.alipay)
        counter.pay()
        #expect(counter.events.last == "didCreateSource(nil, paymentMethodNotAvailable(\"alipay\"))")
        #expect(core.calls.isEmpty)
    }

    // MARK: - Contract rules: each test fails if its rule is broken

    @Test func rulePreparerCompletionCalledTwiceIsReportedAndPassedOnOnce() {
        counter.completesTwice = true
        let payment = makePayment()
        let outcome = start(payment)
        counter.dismiss()
        #expect(outcome.calls.count == 1)
        #expect(violations.violations == [ContractViolation(rule: .calledMoreThanOnce, callback: "PaymentSourceParamsPreparer completion", detail: "call #2 dropped")])
    }

    @Test func rulePreparerThatDropsItsCompletionIsReported() {
        counter.dropsCompletion = true
        do {
            let payment = makePayment()
            _ = start(payment)
        }
        #expect(violations.violations.contains { $0.rule == .neverCalled && $0.callback == "PaymentSourceParamsPreparer completion" })
    }

    @Test func ruleDismissIsCompletionNilExactlyOnce() {
        let payment = makePayment()
        let outcome = start(payment)
        counter.dismiss()
        counter.dismiss() // a second Esc
        #expect(outcome.calls.count == 1)
        #expect(outcome.calls[0].0 == nil)
        #expect(violations.rules() == [.calledMoreThanOnce])
    }

    @Test func ruleASecondAttemptWhileOneRunsOrAfterSuccessIsRefused() {
        let payment = makePayment()
        _ = start(payment)
        counter.pay()
        counter.pay() // double press of PAY while the first attempt runs
        #expect(payment.attemptCount == 1)
        #expect(violations.rules() == [.unexpectedCallback])
        timers.advance(clock, by: .seconds(10))
        #expect(core.calls.filter { $0.hasPrefix("createSource") }.count == 1)
    }

    @Test(arguments: [false, true])
    func ruleNoSecondAttemptAfterSuccessOrPossibleSuccess(timesOut: Bool) {
        if timesOut { core.statuses = [.success(.pending)] }
        let payment = makePayment()
        _ = start(payment)
        counter.pay()
        // The outcome is in (success, or possible success after the timeout): a second PAY must
        // not start another attempt, which could charge the customer twice.
        timers.advance(clock, by: .seconds(31))
        counter.pay()
        timers.advance(clock, by: .seconds(31))
        #expect(core.calls.filter { $0.hasPrefix("createSource") }.count == 1)
        #expect(payment.attemptCount == 1)
        #expect(violations.rules() == [.unexpectedCallback])
    }

    @Test func ruleACoreThatAnswersTwiceIsReportedAndIgnored() {
        core.answersCreateTwice = true
        let payment = makePayment()
        let outcome = start(payment)
        counter.pay()
        timers.advance(clock, by: .seconds(10))
        #expect(outcome.calls.map(\.0) == [.success])
        #expect(counter.events.filter { $0.hasPrefix("didCreateSource") }.count == 1)
        #expect(violations.rules() == [.calledMoreThanOnce])
    }

    @Test func ruleStartingTwiceIsReported() {
        let payment = makePayment()
        _ = start(payment)
        _ = start(payment)
        #expect(violations.rules() == [.unexpectedCallback])
    }
}

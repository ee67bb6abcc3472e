import CheckoutKit
import Clocks
import enum PaymentsCore.BankFlowState
import Foundation
import Testing

/// Seed 004: `BankPaymentsManager` driven as the app would call it, over a stand-in core and a
/// stand-in bank page.
@Suite struct BankPaymentsTests {
    let clock = ManualClock()
    let timers: TimerQueue
    let gateway = ScriptedBankGateway()
    let page = ScriptedBankPage()
    let violations = RecordingViolationReporter()
    let manager: BankPaymentsManager
    let context = BankPaymentContext(identifier: "pay_1", token: "rt_1", redirectURL: URL(string: "checkout://bank-return")!,
                                     preferences: BankPaymentPreferences(presentationStyle: .fullScreen, preferredCountryCode: "DE"))

    init() {
        timers = TimerQueue(clock: clock)
        manager = BankPaymentsManager(gateway: gateway, presenter: page, scheduler: timers, authorizationWindow: .minutes(10), reporter: violations)
    }

    final class Box<T> { var values: [T] = [] }

    func pay(_ context: BankPaymentContext? = nil) -> Box<Result<SinglePayment.State, SinglePayment.Error>> {
        let box = Box<Result<SinglePayment.State, SinglePayment.Error>>()
        manager.processSinglePayment(context: context ?? self.context) { box.values.append($0) }
        return box
    }

    func mandate() -> Box<Result<Mandate.State, Mandate.Error>> {
        let box = Box<Result<Mandate.State, Mandate.Error>>()
        manager.processMandate(context: Mandate.Context(identifier: "man_1", token: "rt_m", redirectURL: context.redirectURL)) { box.values.append($0) }
        return box
    }

    /// Sets the stand-ins up for one named path through the flow; the core names a few failures
    /// for the kind of resource that failed.
    func script(_ path: String, for kind: BankResource.Kind = .singlePayment) {
        switch path {
        case "approve->executed": gateway.afterApproval = .success(.executed)
        case "approve->authorized": gateway.afterApproval = .success(.authorized)
        case "approve->settled": gateway.afterApproval = .success(.settled)
        case "approve->wait": gateway.afterApproval = .success(.wait)
        case "approve->redirect": gateway.afterApproval = .success(.redirect)
        case "pendingElsewhere": page.outcome = { .approvalPendingElsewhere($0.providers[0]) }
        case "redirected": page.outcome = { .redirected($0.providers[0]) }
        case "declined": page.outcome = { .declined($0.providers[0]) }
        case "connection": gateway.describeFailure = .connectionIssues
        case "approveConnection": gateway.afterApproval = .failure(.connectionIssues)
        case "other": gateway.describeFailure = .generic(reason: "ledger locked")
        case "noBanks": gateway.banks = [:]
        case "invalidToken": gateway.describeFailure = .invalidToken
        case "pageExpired": page.outcome = { _ in .expired }
        case "notFound": gateway.describeFailure = kind == .mandate ? .mandateNotFound : .paymentNotFound
        case "rejected": gateway.afterApproval = .failure(kind == .mandate ? .mandateRejected : .paymentRejected)
        case "server": gateway.describeFailure = .serverError
        case "unexpected": gateway.afterApproval = .failure(.unexpectedBehaviour)
        case "canceled": page.outcome = { _ in .canceled }
        default: Issue.record("unknown path \(path)")
        }
    }

    // MARK: - sdkNotConfigured

    @Test func everyCallBeforeConfigureIsSdkNotConfigured() {
        let payment = pay()
        let mandate = mandate()
        var paymentStatus: Result<SinglePayment.Status, SinglePayment.Error>?
        var mandateStatus: Result<Mandate.Status, Mandate.Error>?
        manager.paymentStatus(paymentIdentifier: "pay_1", resourceToken: "rt_1") { paymentStatus = $0 }
        manager.mandateStatus(mandateIdentifier: "man_1", resourceToken: "rt_m") { mandateStatus = $0 }
        #expect(payment.values == [.failure(.sdkNotConfigured)])
        #expect(mandate.values == [.failure(.sdkNotConfigured)])
        #expect(paymentStatus == .failure(.sdkNotConfigured))
        #expect(mandateStatus == .failure(.sdkNotConfigured))
        #expect(gateway.log.isEmpty)
        #expect(page.pages.isEmpty)
    }

    // MARK: - Every single payment state

    @Test(arguments: [
        ("approve->executed", SinglePayment.State.executed),
        ("approve->authorized", .authorized),
        ("approve->settled", .settled),
        ("approve->wait", .wait),
        ("approve->redirect", .wait), // approved on the page: the customer waits, not redirected
        ("pendingElsewhere", .wait),
        ("redirected", .redirect),
    ])
    func singlePaymentState(path: String, state: SinglePayment.State) {
        manager.configure(environment: .sandbox, localeCountryCode: "gb")
        script(path)
        let result = pay()
        #expect(result.values == [.success(state)])
        #expect(page.pages.count == 1)
        #expect(violations.violations.isEmpty)
    }

    // MARK: - Every single payment error (sdkNotConfigured above)

    @Test(arguments: [
        ("declined", SinglePayment.Error.authorizationFailed),
        ("connection", .connectionIssues),
        ("approveConnection", .connectionIssues),
        ("other", .generic(reason: "ledger locked")),
        ("noBanks", .generic(reason: "no banks available for DE")),
        ("invalidToken", .invalidToken),
        ("pageExpired", .paymentExpired),
        ("notFound", .paymentNotFound),
        ("rejected", .paymentRejected),
        ("server", .serverError),
        ("unexpected", .unexpectedBehaviour),
        ("canceled", .userCanceled),
    ])
    func singlePaymentError(path: String, error: SinglePayment.Error) {
        manager.configure(environment: .sandbox, localeCountryCode: "GB")
        script(path)
        let result = pay()
        #expect(result.values == [.failure(error)])
        #expect(violations.violations.isEmpty)
    }

    @Test func theAuthorisationWindowExpiresOnTheLoopsClockAndLateAnswersAreIgnored() {
        manager.configure(environment: .sandbox, localeCountryCode: "GB")
        page.outcome = nil // the customer walks away from the bank page
        let result = pay()
        timers.advance(clock, by: .minutes(9))
        #expect(result.values.isEmpty)
        timers.advance(clock, by: .minutes(1))
        #expect(result.values == [.failure(.paymentExpired)])
        #expect(page.dismissals == 1)
        #expect(gateway.log.last == "abandon(pay_1, expired)")
        page.held?(.approved(page.pages[0].providers[0])) // too late
        #expect(result.values.count == 1)
        #expect(!gateway.log.contains { $0.hasPrefix("authorize") })
    }

    @Test func anAlreadyDecidedPaymentReportsWhereItStandsWithoutTheBankPage() {
        manager.configure(environment: .sandbox, localeCountryCode: "GB")
        gateway.decided = .success(.settled)
        #expect(pay().values == [.success(.settled)])
        gateway.decided = .failure(.paymentExpired)
        #expect(pay().values == [.failure(.paymentExpired)])
        #expect(page.pages.isEmpty)
        #expect(!gateway.log.contains { $0.hasPrefix("authorize") })
    }

    // MARK: - Country choice

    @Test func preferredCountryIfItHasBanksElseTheLocale() {
        manager.configure(environment: .sandbox, localeCountryCode: "GB")
        _ = pay()
        #expect(page.pages[0].countryCode == "DE")
        #expect(page.pages[0].providers.map(\.id) == ["ob-n26"])
        #expect(page.pages[0].presentationStyle == .fullScreen)
        #expect(page.pages[0].redirectURL == URL(string: "checkout://bank-return")!)

        var elsewhere = context
        elsewhere.preferences.preferredCountryCode = "ZZ" // invalid
        _ = pay(elsewhere)
        #expect(page.pages[1].countryCode == "GB")
        elsewhere.preferences.preferredCountryCode = nil
        _ = pay(elsewhere)
        #expect(page.pages[2].countryCode == "GB")
        #expect(manager.countryCode(preferred: "fr") == "GB")
    }

    // MARK: - Mandates: every state and error

    @Test(arguments: [
        ("approve->authorized", Mandate.State.authorized),
        ("redirected", .redirect),
    ])
    func mandateState(path: String, state: Mandate.State) {
        manager.configure(environment: .sandbox, localeCountryCode: "GB")
        script(path)
        #expect(mandate().values == [.success(state)])
        #expect(gateway.log.first == "describe(man_1)")
    }

    @Test(arguments: [
        ("declined", Mandate.Error.authorizationFailed),
        ("connection", .connectionIssues),
        ("other", .generic(reason: "ledger locked")),
        ("invalidToken", .invalidToken),
        ("pageExpired", .mandateExpired),
        ("notFound", .mandateNotFound),
        ("rejected", .mandateRejected),
        ("server", .serverError),
        ("unexpected", .unexpectedBehaviour),
        ("approve->executed", .unexpectedBehaviour), // a mandate is never executed
        ("canceled", .userCanceled),
    ])
    func mandateError(path: String, error: Mandate.Error) {
        manager.configure(environment: .sandbox, localeCountryCode: "GB")
        script(path, for: .mandate)
        #expect(mandate().values == [.failure(error)])
    }

    // MARK: - Status queries

    @Test(arguments: SinglePayment.Status.allCases)
    func paymentStatus(status: SinglePayment.Status) {
        manager.configure(environment: .sandbox, localeCountryCode: "GB")
        gateway.paymentStatusAnswer = .success(status)
        var result: Result<SinglePayment.Status, SinglePayment.Error>?
        manager.paymentStatus(paymentIdentifier: "pay_1", resourceToken: "rt_1") { result = $0 }
        #expect(result == .success(status))
        #expect(gateway.log == ["paymentStatus(pay_1)"])
    }

    @Test(arguments: Mandate.Status.allCases)
    func mandateStatus(status: Mandate.Status) {
        manager.configure(environment: .sandbox, localeCountryCode: "GB")
        gateway.mandateStatusAnswer = .success(status)
        var result: Result<Mandate.Status, Mandate.Error>?
        manager.mandateStatus(mandateIdentifier: "man_1", resourceToken: "rt_m") { result = $0 }
        #expect(result == .success(status))
        #expect(gateway.log == ["mandateStatus(man_1)"])
    }

    @Test func statusQueryErrors() {
        manager.configure(environment: .sandbox, localeCountryCode: "GB")
        var payment: Result<SinglePayment.Status, SinglePayment.Error>?
        var mandate: Result<Mandate.Status, Mandate.Error>?
        gateway.paymentStatusAnswer = .failure(.paymentNotFound)
        gateway.mandateStatusAnswer = .failure(.invalidToken)
        manager.paymentStatus(paymentIdentifier: "nope", resourceToken: "rt") { payment = $0 }
        manager.mandateStatus(mandateIdentifier: "man_1", resourceToken: "rt") { mandate = $0 }
        #expect(payment == .failure(.paymentNotFound))
        #expect(mandate == .failure(.invalidToken))
    }

    // MARK: - Contract rule

    @Test func ruleABankPageThatAnswersTwiceIsReportedAndTheCompletionRunsOnce() {
        manager.configure(environment: .sandbox, localeCountryCode: "GB")
        page.outcome = nil
        let result = pay()
        page.held?(.canceled)
        page.held?(.canceled)
        #expect(result.values == [.failure(.userCanceled)])
        #expect(violations.rules() == [.calledMoreThanOnce])
    }
}

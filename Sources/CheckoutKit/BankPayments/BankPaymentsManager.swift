import Clocks
import Foundation
import PaymentsCore

/// Seed 004's manager over the core (`BankGateway`) and the bank page (`BankRedirectPresenter`).
///
/// A flow: check configured -> describe the resource (not found, bad token, already done) ->
/// choose the country (preferred if it has banks, else the locale's) -> show the bank page and
/// wait for the customer, at most `authorizationWindow` on the loop's clock (then: expired) ->
/// record the decision with the core -> its flow answer (the core's state or error) is the seed's.
public final class BankPaymentsManager: PaymentsManager {
    public private(set) var environment: BankEnvironment?
    public private(set) var localeCountryCode: String?
    public let authorizationWindow: Duration
    /// A generic failure's reason when no bank serves the country, followed by its code: in
    /// English, as the database keeps reasons; the screens say it in the shopper's language.
    public static let noBanksPrefix = "no banks available for "

    private let gateway: BankGateway
    private let presenter: BankRedirectPresenter
    private let scheduler: Scheduler
    private let reporter: ContractViolationReporter

    public init(gateway: BankGateway, presenter: BankRedirectPresenter, scheduler: Scheduler,
                authorizationWindow: Duration = .minutes(10), reporter: ContractViolationReporter = LoggingViolationReporter()) {
        self.gateway = gateway
        self.presenter = presenter
        self.scheduler = scheduler
        self.authorizationWindow = authorizationWindow
        self.reporter = reporter
    }

    public var isConfigured: Bool { environment != nil }

    public func configure(environment: BankEnvironment, localeCountryCode: String) {
        self.environment = environment
        self.localeCountryCode = localeCountryCode.uppercased()
    }

    /// The country whose banks the page lists: the preferred one if it has banks, else the
    /// locale's; nil if neither has any.
    public func countryCode(preferred: String?) -> String? {
        if let preferred = preferred?.uppercased(), !gateway.providers(countryCode: preferred).isEmpty { return preferred }
        if let locale = localeCountryCode, !gateway.providers(countryCode: locale).isEmpty { return locale }
        return nil
    }

    // MARK: - PaymentsManager

    public func processSinglePayment(context: SinglePayment.Context,
                                     completion: @escaping (Result<SinglePayment.State, SinglePayment.Error>) -> Void) {
        let once = OnceCallback<Result<SinglePayment.State, SinglePayment.Error>>("processSinglePayment completion", reporter: reporter, completion)
        run(BankResource(kind: .singlePayment, identifier: context.identifier), context) { result in
            once.call(result.map(SinglePayment.State.init))
        }
    }

    public func processMandate(context: Mandate.Context, completion: @escaping (Result<Mandate.State, Mandate.Error>) -> Void) {
        let once = OnceCallback<Result<Mandate.State, Mandate.Error>>("processMandate completion", reporter: reporter, completion)
        run(BankResource(kind: .mandate, identifier: context.identifier), context) { result in
            switch result {
            case .success(let state):
                once.call(Mandate.State(state).map { .success($0) } ?? .failure(.unexpectedBehaviour))
            case .failure(let error):
                once.call(.failure(error))
            }
        }
    }

    public func paymentStatus(paymentIdentifier: String, resourceToken: String,
                              completion: @escaping (Result<SinglePayment.Status, SinglePayment.Error>) -> Void) {
        let once = OnceCallback<Result<SinglePayment.Status, SinglePayment.Error>>("paymentStatus completion", reporter: reporter, completion)
        guard isConfigured else { return once.call(.failure(.sdkNotConfigured)) }
        gateway.paymentStatus(identifier: paymentIdentifier, token: resourceToken) { once.call($0) }
    }

    public func mandateStatus(mandateIdentifier: String, resourceToken: String,
                              completion: @escaping (Result<Mandate.Status, Mandate.Error>) -> Void) {
        let once = OnceCallback<Result<Mandate.Status, Mandate.Error>>("mandateStatus completion", reporter: reporter, completion)
        guard isConfigured else { return once.call(.failure(.sdkNotConfigured)) }
        gateway.mandateStatus(identifier: mandateIdentifier, token: resourceToken) { once.call($0) }
    }

    // MARK: - The flow, shared by payments and mandates

    private func run(_ resource: BankResource, _ context: BankPaymentContext,
                     _ finish: @escaping (Result<BankFlowState, BankError>) -> Void) {
        guard isConfigured else { return finish(.failure(.sdkNotConfigured)) }
        gateway.describe(resource, token: context.token) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let error):
                finish(.failure(error))
            case .success(let summary):
                // Already decided: report where it stands, without the bank page.
                if let decided = summary.decided { return finish(decided) }
                self.presentPage(summary, context, finish)
            }
        }
    }

    private func presentPage(_ summary: BankResourceSummary, _ context: BankPaymentContext,
                             _ finish: @escaping (Result<BankFlowState, BankError>) -> Void) {
        let resource = summary.resource
        guard let country = countryCode(preferred: context.preferences.preferredCountryCode) else {
            let asked = context.preferences.preferredCountryCode ?? localeCountryCode ?? "?"
            return finish(.failure(.generic(reason: Self.noBanksPrefix + asked)))
        }
        let page = BankAuthorizationPage(summary: summary, countryCode: country, providers: gateway.providers(countryCode: country),
                                         redirectURL: context.redirectURL, presentationStyle: context.preferences.presentationStyle)
        var settled = false
        let timer = scheduler.schedule(after: authorizationWindow) { [weak self] in
            guard let self, !settled else { return }
            settled = true
            self.presenter.dismissBankPage()
            self.gateway.abandon(resource, token: context.token, reason: .expired)
            finish(.failure(.expired(resource.kind)))
        }
        let answered = OnceCallback<BankPageOutcome>("BankRedirectPresenter.presentBankPage completion", reporter: reporter) { [weak self] outcome in
            // After the window closed, a late answer from the page changes nothing.
            guard let self, !settled else { return }
            settled = true
            self.scheduler.cancel(timer)
            self.handle(outcome, resource, context, finish)
        }
        presenter.presentBankPage(page) { answered.call($0) }
    }

    private func handle(_ outcome: BankPageOutcome, _ resource: BankResource, _ context: BankPaymentContext,
                        _ finish: @escaping (Result<BankFlowState, BankError>) -> Void) {
        switch outcome {
        case .approved(let provider):
            decide(.approve, at: provider, resource, context, whileAway: nil, finish)
        case .declined(let provider):
            decide(.decline, at: provider, resource, context, whileAway: nil, finish)
        case .redirected(let provider):
            // The bank must still hear which bank the customer went to; the flow answers
            // `redirect` whatever the bank says meanwhile, unless it already refused.
            decide(.approve, at: provider, resource, context, whileAway: .redirect, finish)
        case .approvalPendingElsewhere(let provider):
            decide(.approve, at: provider, resource, context, whileAway: .wait, finish)
        case .expired:
            gateway.abandon(resource, token: context.token, reason: .expired)
            finish(.failure(.expired(resource.kind)))
        case .canceled:
            gateway.abandon(resource, token: context.token, reason: .canceled)
            finish(.failure(.userCanceled))
        }
    }

    /// Records the decision with the core. `away`: the customer finishes outside the counter
    /// (redirect, another device), so any answer short of a refusal is that state.
    private func decide(_ decision: BankDecision, at provider: BankProvider, _ resource: BankResource, _ context: BankPaymentContext,
                        whileAway away: BankFlowState?, _ finish: @escaping (Result<BankFlowState, BankError>) -> Void) {
        let answer = OnceCallback<Result<BankFlowState, BankError>>("BankGateway.authorize completion", reporter: reporter) { result in
            switch (result, away) {
            case (.failure, _): finish(result)
            case (.success, let away?): finish(.success(away))
            // Approved here, and the bank has not confirmed yet: the customer waits, wherever
            // the bank itself would send them.
            case (.success(.redirect), nil): finish(.success(.wait))
            case (.success, nil): finish(result)
            }
        }
        gateway.authorize(resource, token: context.token, provider: provider, decision: decision) { answer.call($0) }
    }
}

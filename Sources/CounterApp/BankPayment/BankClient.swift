import CheckoutKit
import Foundation

/// The bank screens' edge: `BankPaymentsManager` and the bank gateway behind closures, so the
/// reducer stays pure and a test can answer for the bank.
public struct BankClient {
    public struct Request: Equatable, Sendable {
        public var kind: BankPaymentFeature.Kind
        public var amount: Money
        public var reference: String
        public var preferredCountry: String
        public var situation: BankPaymentFeature.TestSituation
    }

    /// Creates the payment or mandate and processes it; the page and the result come through `send`.
    public var start: (Request, @escaping (BankPaymentFeature.Action) -> Void) -> Void
    /// The shopper's answer on the bank page.
    public var answerPage: (BankPageOutcome) -> Void
    public var resume: (BankPaymentFeature.Kind, BankPaymentContext, @escaping (BankPaymentFeature.Action) -> Void) -> Void
    /// The status; whether it will still move; or why the bank could not say.
    public var status: (BankPaymentFeature.Kind, BankPaymentContext,
                        @escaping (_ status: BankPaymentFeature.Status?, _ isFinal: Bool, _ error: BankPaymentFeature.StatusProblem?) -> Void) -> Void
    public var revoke: (BankPaymentContext, @escaping (BankPaymentFeature.MandateNote) -> Void) -> Void
    /// Runs `action` later on the loop's clock.
    public var after: (Duration, @escaping () -> Void) -> Void

    /// The bank screens over the core. `localeCountry` is where the manager falls back to.
    public static func live(services: CheckoutServices, localeCountry: String) -> BankClient {
        let session = LiveBankSession(services: services, localeCountry: localeCountry)
        return BankClient(
            start: session.start,
            answerPage: session.answerPage,
            resume: session.resume,
            status: session.status,
            revoke: session.revoke,
            after: { delay, action in services.scheduler.schedule(after: delay, action) }
        )
    }

    /// The countries the core has banks for, the locale's, and one without banks (to show the
    /// fallback to the locale's banks), each with its number of banks.
    public static func countries(services: CheckoutServices, localeCountry: String) -> [BankPaymentFeature.Country] {
        var codes = services.bankGateway.countries()
        for extra in [localeCountry, "US"] where !codes.contains(extra) { codes.append(extra) }
        return codes.map { BankPaymentFeature.Country(code: $0, bankCount: services.bankGateway.providers(countryCode: $0).count) }
    }

    /// The country of a POSIX locale such as `en_GB.UTF-8`; GB when there is none.
    public static func localeCountry(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for key in ["LC_ALL", "LC_MONETARY", "LANG"] {
            guard let value = environment[key], let underscore = value.firstIndex(of: "_") else { continue }
            let country = value[value.index(after: underscore)...].prefix(2).uppercased()
            if country.count == 2, country.allSatisfy(\.isLetter) { return country }
        }
        return "GB"
    }
}

/// One bank flow at a time: the manager, the page's unanswered completion, and the screen's `send`.
/// It is the screen's `BankRedirectPresenter`.
final class LiveBankSession: BankRedirectPresenter {
    static let redirectURL = URL(string: "checkout://bank-return")!
    private let services: CheckoutServices
    private lazy var manager: BankPaymentsManager = {
        let manager = services.bankPayments(presenter: self)
        manager.configure(environment: .sandbox, localeCountryCode: localeCountry)
        return manager
    }()
    /// A manager nobody configured: the seed's `sdkNotConfigured`.
    private lazy var unconfigured = services.bankPayments(presenter: self)
    private let localeCountry: String
    private var send: ((BankPaymentFeature.Action) -> Void)?
    private var pendingPage: ((BankPageOutcome) -> Void)?

    init(services: CheckoutServices, localeCountry: String) {
        self.services = services
        self.localeCountry = localeCountry
    }

    func start(_ request: BankClient.Request, _ send: @escaping (BankPaymentFeature.Action) -> Void) {
        self.send = send
        let preferences = BankPaymentPreferences(presentationStyle: .overlay, preferredCountryCode: request.preferredCountry)
        var context: BankPaymentContext
        orderId = nil
        // The store's cart (a payment for "cart") is paid as an order: placed and its jars reserved
        // first, the bank payment made for its total under its number. An empty cart (the screen
        // alone) pays the request's amount as before. Another bank after a refusal is another
        // attempt of the same order (its number is now the request's reference): never a payment
        // made out to an order nobody settles.
        let paysTheCart = (request.reference == "cart" || request.reference == placedOrderNumber) && !services.store.cart.isEmpty
        // A mandate set up for the store's cart pays it, as an order, once the bank authorises
        // it: a mandate draws money for an order or a subscription's period, never on its own.
        mandatePaysCart = request.kind == .mandate && paysTheCart
        if request.kind == .payment, paysTheCart {
            do {
                let paying = try services.bankOrderPayment(redirectURL: Self.redirectURL, preferences: preferences)
                orderId = paying.order.id
                placedOrderNumber = paying.order.number
                context = paying.context
                send(.orderPlaced(number: paying.order.number))
            } catch let error as OrderError {
                return send(.finished(.notStarted(.order(error))))
            } catch {
                return send(.finished(.notStarted(.notCreated(detail: "\(error)"))))
            }
            return begin(request, context, send)
        }
        do {
            context = switch request.kind {
            case .payment: try services.bankGateway.createPayment(amount: request.amount, reference: request.reference,
                                                                  redirectURL: Self.redirectURL, preferences: preferences)
            case .mandate: try services.bankGateway.createMandate(maximumAmount: request.amount, reference: request.reference,
                                                                  redirectURL: Self.redirectURL, preferences: preferences)
            }
        } catch {
            return send(.finished(.notStarted(.notCreated(detail: "\(error)"))))
        }
        begin(request, context, send)
    }

    /// The order this bank payment pays, if it pays the store's cart.
    private var orderId: String?
    /// The number of the order this screen last paid the cart by: a retry names it.
    private var placedOrderNumber: String?
    /// The mandate being set up is to pay the store's cart once authorised.
    private var mandatePaysCart = false

    private func begin(_ request: BankClient.Request, _ created: BankPaymentContext, _ send: @escaping (BankPaymentFeature.Action) -> Void) {
        var context = created
        switch request.situation {
        case .none, .notConfigured: break
        case .forgedToken: context.token = "rt_forged"
        case .unknownResource: context.identifier = request.kind == .payment ? "bpay_unknown" : "bman_unknown"
        }
        send(.started(context))
        process(request.kind, context, with: request.situation == .notConfigured ? unconfigured : manager, send)
    }

    func resume(_ kind: BankPaymentFeature.Kind, _ context: BankPaymentContext, _ send: @escaping (BankPaymentFeature.Action) -> Void) {
        self.send = send
        process(kind, context, with: manager, send)
    }

    private func process(_ kind: BankPaymentFeature.Kind, _ context: BankPaymentContext, with manager: BankPaymentsManager,
                         _ send: @escaping (BankPaymentFeature.Action) -> Void) {
        switch kind {
        case .payment:
            let orderId = self.orderId
            manager.processSinglePayment(context: context) { [services] result in
                // The order is settled before the screen hears the outcome.
                if let orderId { services.settleBankOrder(orderId, context: context, result: result) }
                send(.finished(.payment(result)))
            }
        case .mandate:
            manager.processMandate(context: context) { [self] result in
                if case .success(.authorized) = result { payCart(from: context, send) }
                send(.finished(.mandate(result)))
            }
        }
    }

    func answerPage(_ outcome: BankPageOutcome) {
        guard let pending = pendingPage else { return }
        pendingPage = nil
        pending(outcome)
    }

    func status(_ kind: BankPaymentFeature.Kind, _ context: BankPaymentContext, _ answer: @escaping (BankPaymentFeature.Status?, Bool, BankPaymentFeature.StatusProblem?) -> Void) {
        switch kind {
        case .payment:
            manager.paymentStatus(paymentIdentifier: context.identifier, resourceToken: context.token) { result in
                switch result {
                case .success(let status): answer(.payment(status), status == .settled || status == .failed, nil)
                case .failure(let error): answer(nil, true, .payment(error))
                }
            }
        case .mandate:
            manager.mandateStatus(mandateIdentifier: context.identifier, resourceToken: context.token) { result in
                switch result {
                case .success(let status):
                    answer(.mandate(status), status != .authorizationRequired && status != .authorizing, nil)
                case .failure(let error): answer(nil, true, .mandate(error))
                }
            }
        }
    }

    /// The cart paid from the mandate just authorised, once (asking where a mandate stands again
    /// authorises nothing new): the order is paid and the cart emptied before the screen hears.
    private func payCart(from mandate: BankPaymentContext, _ send: @escaping (BankPaymentFeature.Action) -> Void) {
        guard mandatePaysCart else { return }
        mandatePaysCart = false
        do {
            let order = try services.mandateOrderPayment(mandate: mandate)
            send(.orderPaidByMandate(number: order.number))
        } catch let error as OrderError {
            send(.mandateNote(.orderNotPlaced(error)))
        } catch let error as BankError {
            send(.mandateNote(.drawRefused(error)))
        } catch {
            send(.mandateNote(.drawRefused(.generic(reason: "\(error)"))))
        }
    }

    func revoke(_ context: BankPaymentContext, _ note: @escaping (BankPaymentFeature.MandateNote) -> Void) {
        do {
            try services.bankGateway.revokeMandate(context)
            note(.revoked)
        } catch {
            note(.revokeRefused(error))
        }
    }

    // MARK: - BankRedirectPresenter

    func presentBankPage(_ page: BankAuthorizationPage, completion: @escaping (BankPageOutcome) -> Void) {
        pendingPage = completion
        send?(.pagePresented(page))
    }

    func dismissBankPage() {
        // The page's completion is still called exactly once: the manager has stopped waiting
        // and ignores this late answer.
        answerPage(.expired)
        send?(.pageDismissed)
    }
}

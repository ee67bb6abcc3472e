import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// The bank page as a test plays it: picks a bank by name (or answers with a fixed outcome).
final class BankPage: BankRedirectPresenter {
    var choose: (BankAuthorizationPage) -> BankPageOutcome = { .approved($0.providers[0]) }
    private(set) var pages: [BankAuthorizationPage] = []

    func presentBankPage(_ page: BankAuthorizationPage, completion: @escaping (BankPageOutcome) -> Void) {
        pages.append(page)
        completion(choose(page))
    }

    func dismissBankPage() {}

    static func approve(at bank: String) -> (BankAuthorizationPage) -> BankPageOutcome {
        { page in .approved(page.providers.first { $0.name == bank }!) }
    }
}

/// Seed 004 against the real core: `BankPaymentsManager` over `CoreBankGateway`.
@Suite struct CoreBankGatewayTests {
    /// One test's bank side: its world on the engine, the bank page the shopper answers, and the
    /// seed's manager over the core's gateway.
    struct Bank {
        let world: CoreWorld
        let page = BankPage()
        let reporter = RecordingViolationReporter()
        let redirect = URL(string: "checkout://bank-return")!
        var gateway: CoreBankGateway { world.services.bankGateway }

        init(_ engine: ControllerEngine) throws { world = try CoreWorld(engine) }

        func manager(configured: Bool = true) -> BankPaymentsManager {
            let manager = world.services.bankPayments(presenter: page, reporter: reporter)
            if configured { manager.configure(environment: .sandbox, localeCountryCode: "GB") }
            return manager
        }

        func payment(_ euros: Int64 = 4_999, country: String? = "GB") throws -> BankPaymentContext {
            try gateway.createPayment(amount: Money(minorUnits: euros, currency: .gbp), reference: "order-1", redirectURL: redirect,
                                      preferences: BankPaymentPreferences(preferredCountryCode: country))
        }

        func process(_ manager: BankPaymentsManager, _ context: BankPaymentContext, wait: Duration = .seconds(3)) -> Result<SinglePayment.State, SinglePayment.Error>? {
            world.settle(after: wait) { manager.processSinglePayment(context: context, completion: $0) }
        }

        func status(_ manager: BankPaymentsManager, _ context: BankPaymentContext) -> Result<SinglePayment.Status, SinglePayment.Error>? {
            world.settle(after: .zero) { manager.paymentStatus(paymentIdentifier: context.identifier, resourceToken: context.token, completion: $0) }
        }

        func createMandate() throws -> BankPaymentContext {
            try gateway.createMandate(maximumAmount: Money(minorUnits: 5_000, currency: .eur), reference: "honey-club",
                                      redirectURL: redirect, preferences: BankPaymentPreferences(preferredCountryCode: "GB"))
        }
    }

    @Test(arguments: ControllerEngine.allCases)
    func anApprovingBankAuthorisesThenTheStatusExecutesAndSettles(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        let context = try bank.payment()
        bank.page.choose = BankPage.approve(at: "Albion Bank")
        #expect(bank.process(manager, context) == .success(.authorized))
        #expect(bank.page.pages.first?.summary.amount == Money(minorUnits: 4_999, currency: .gbp))
        #expect(bank.page.pages.first?.countryCode == "GB")
        bank.world.advance(.seconds(5))
        #expect(bank.status(manager, context) == .success(.executed))
        bank.world.advance(.seconds(30))
        #expect(bank.status(manager, context) == .success(.settled))
        #expect(bank.reporter.violations.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aRejectingBankIsPaymentRejected(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        let context = try bank.payment()
        bank.page.choose = BankPage.approve(at: "Crown Savings")
        #expect(bank.process(manager, context) == .failure(.paymentRejected))
        #expect(bank.status(manager, context) == .success(.failed))
    }

    @Test(arguments: ControllerEngine.allCases)
    func aBankThatNeverAnswersExpires(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        let context = try bank.payment()
        bank.page.choose = BankPage.approve(at: "Fogline Bank")
        #expect(bank.process(manager, context, wait: .seconds(601)) == .failure(.paymentExpired))
    }

    @Test(arguments: ControllerEngine.allCases)
    func aDecoupledBankIsWaitThenAuthorisedLater(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        let context = try bank.payment()
        bank.page.choose = BankPage.approve(at: "Thames Mutual")
        #expect(bank.process(manager, context) == .success(.wait))
        #expect(bank.status(manager, context) == .success(.authorizing))
        bank.world.advance(.seconds(300))
        #expect(bank.status(manager, context) == .success(.authorized))
    }

    @Test(arguments: ControllerEngine.allCases)
    func theCustomerCancelsOrDeclinesOnTheBankPage(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        let cancelled = try bank.payment()
        bank.page.choose = { _ in .canceled }
        #expect(bank.process(manager, cancelled) == .failure(.userCanceled))
        #expect(bank.status(manager, cancelled) == .success(.failed))
        let declined = try bank.payment()
        bank.page.choose = { .declined($0.providers[0]) }
        #expect(bank.process(manager, declined) == .failure(.authorizationFailed))
    }

    @Test(arguments: ControllerEngine.allCases)
    func callsThatCannotReachAPaymentFail(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        #expect(bank.process(bank.manager(configured: false), try bank.payment()) == .failure(.sdkNotConfigured))
        let manager = bank.manager()
        let context = try bank.payment()
        let badToken = BankPaymentContext(identifier: context.identifier, token: "rt_forged", redirectURL: bank.redirect)
        #expect(bank.process(manager, badToken) == .failure(.invalidToken))
        let unknown = BankPaymentContext(identifier: "bpay_nope", token: context.token, redirectURL: bank.redirect)
        #expect(bank.process(manager, unknown) == .failure(.paymentNotFound))
        bank.page.choose = BankPage.approve(at: "Alpen Volksbank")
        let german = try bank.payment(country: "DE")
        #expect(bank.process(manager, german) == .failure(.connectionIssues))
    }

    @Test(arguments: ControllerEngine.allCases)
    func aRedirectIsAuthorisedLaterAtTheBank(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        let context = try bank.payment(country: "DE")
        bank.page.choose = { page in .redirected(page.providers.first { $0.name == "Nordbank Direkt" }!) }
        #expect(bank.process(manager, context) == .success(.redirect))
        #expect(bank.status(manager, context) == .success(.authorizing))
        bank.world.advance(.seconds(60))
        #expect(bank.status(manager, context) == .success(.authorized))
    }

    @Test(arguments: ControllerEngine.allCases)
    func processingADecidedPaymentAgainAnswersWhereItStands(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        let context = try bank.payment()
        bank.page.choose = BankPage.approve(at: "Albion Bank")
        #expect(bank.process(manager, context) == .success(.authorized))
        bank.world.advance(.seconds(5))
        #expect(bank.process(manager, context, wait: .zero) == .success(.executed))
        bank.world.advance(.seconds(30))
        #expect(bank.process(manager, context, wait: .zero) == .success(.settled))
        #expect(bank.page.pages.count == 1, "a decided payment does not show the bank page again")
    }

    @Test(arguments: ControllerEngine.allCases)
    func processingAFailedPaymentAgainAnswersWhyItFailed(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        let context = try bank.payment()
        bank.page.choose = BankPage.approve(at: "Crown Savings")
        #expect(bank.process(manager, context) == .failure(.paymentRejected))
        #expect(bank.process(manager, context, wait: .zero) == .failure(.paymentRejected))
        #expect(bank.page.pages.count == 1, "a failed payment does not show the bank page again")
    }

    @Test(arguments: ControllerEngine.allCases)
    func aRedirectBankApprovedOnThePageIsWait(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        let context = try bank.payment(country: "DE")
        bank.page.choose = BankPage.approve(at: "Nordbank Direkt")
        #expect(bank.process(manager, context) == .success(.wait))
        #expect(bank.status(manager, context) == .success(.authorizing))
    }

    @Test(arguments: ControllerEngine.allCases, [
        ("Societe Seine", SinglePayment.Error.serverError),
        ("Credit Provence", .authorizationFailed),
    ])
    func frenchBanksThatFail(_ engine: ControllerEngine, _ failing: (bankName: String, error: SinglePayment.Error)) throws {
        let (bankName, error) = failing
        let bank = try Bank(engine)
        let manager = bank.manager()
        bank.page.choose = BankPage.approve(at: bankName)
        #expect(bank.process(manager, try bank.payment(country: "FR")) == .failure(error))
    }

    @Test(arguments: ControllerEngine.allCases)
    func noBanksForTheCountryOrTheLocaleIsAGenericError(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.world.services.bankPayments(presenter: bank.page, reporter: bank.reporter)
        manager.configure(environment: .sandbox, localeCountryCode: "ZZ")
        #expect(bank.process(manager, try bank.payment(country: "XX")) == .failure(.generic(reason: "no banks available for XX")))
        #expect(bank.page.pages.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aDecoupledMandateIsARedirectAuthorisedLater(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        let mandate = try bank.createMandate()
        bank.page.choose = BankPage.approve(at: "Thames Mutual")
        #expect(bank.world.settle(after: .seconds(3)) { manager.processMandate(context: mandate, completion: $0) } == .success(.redirect))
        bank.world.advance(.seconds(300))
        #expect(bank.world.settle(after: .zero) { manager.mandateStatus(mandateIdentifier: mandate.identifier, resourceToken: mandate.token, completion: $0) }
                == .success(.authorized))
    }

    @Test(arguments: ControllerEngine.allCases, [
        ("Crown Savings", Mandate.Error.mandateRejected),
        ("Fogline Bank", .mandateExpired),
    ])
    func mandatesThatFail(_ engine: ControllerEngine, _ failing: (bankName: String, error: Mandate.Error)) throws {
        let (bankName, error) = failing
        let bank = try Bank(engine)
        let manager = bank.manager()
        let mandate = try bank.createMandate()
        bank.page.choose = BankPage.approve(at: bankName)
        #expect(bank.world.settle(after: .seconds(601)) { manager.processMandate(context: mandate, completion: $0) } == .failure(error))
        #expect(bank.world.settle(after: .zero) { manager.mandateStatus(mandateIdentifier: mandate.identifier, resourceToken: mandate.token, completion: $0) }
                == .success(.failed))
    }

    @Test(arguments: ControllerEngine.allCases)
    func anUnknownPreferredCountryFallsBackToTheLocale(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        _ = bank.process(manager, try bank.payment(country: "XX"))
        #expect(bank.page.pages.first?.countryCode == "GB")
        #expect(bank.page.pages.first?.providers.map(\.name).contains("Albion Bank") == true)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aMandatePaysARenewalUntilItIsRevoked(_ engine: ControllerEngine) throws {
        let bank = try Bank(engine)
        let manager = bank.manager()
        bank.world.signUp()
        let mandate = try bank.createMandate()
        bank.page.choose = BankPage.approve(at: "Albion Bank")
        #expect(bank.world.settle(after: .seconds(3)) { manager.processMandate(context: mandate, completion: $0) } == .success(.authorized))
        let plan = try #require(try bank.world.services.account.plans().first { $0.price.currency == .eur })
        let subscription = try #require(try bank.world.settle { bank.world.services.account.subscribe(planId: plan.id, mandate: mandate, completion: $0) }?.get())
        #expect(subscription.state == .active)
        #expect(bank.world.settle(after: .zero) { manager.processMandate(context: mandate, completion: $0) } == .success(.authorized),
                "an authorised mandate answers where it stands")
        try bank.gateway.revokeMandate(mandate)
        #expect(bank.world.settle(after: .zero) { manager.mandateStatus(mandateIdentifier: mandate.identifier, resourceToken: mandate.token, completion: $0) }
                == .success(.revoked))
        #expect(bank.world.settle(after: .zero) { manager.processMandate(context: mandate, completion: $0) } == .failure(.unexpectedBehaviour),
                "a revoked mandate cannot be processed again")
        #expect(bank.page.pages.count == 1)
    }
}

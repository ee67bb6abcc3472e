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
    let world = CoreWorld()
    let page = BankPage()
    let reporter = RecordingViolationReporter()
    let redirect = URL(string: "checkout://bank-return")!
    var gateway: CoreBankGateway { world.services.bankGateway }

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

    @Test func anApprovingBankAuthorisesThenTheStatusExecutesAndSettles() throws {
        let manager = manager()
        let context = try payment()
        page.choose = BankPage.approve(at: "Albion Bank")
        #expect(process(manager, context) == .success(.authorized))
        #expect(page.pages.first?.summary.amount == Money(minorUnits: 4_999, currency: .gbp))
        #expect(page.pages.first?.countryCode == "GB")
        world.advance(.seconds(5))
        #expect(status(manager, context) == .success(.executed))
        world.advance(.seconds(30))
        #expect(status(manager, context) == .success(.settled))
        #expect(reporter.violations.isEmpty)
    }

    @Test func aRejectingBankIsPaymentRejected() throws {
        let manager = manager()
        let context = try payment()
        page.choose = BankPage.approve(at: "Crown Savings")
        #expect(process(manager, context) == .failure(.paymentRejected))
        #expect(status(manager, context) == .success(.failed))
    }

    @Test func aBankThatNeverAnswersExpires() throws {
        let manager = manager()
        let context = try payment()
        page.choose = BankPage.approve(at: "Fogline Bank")
        #expect(process(manager, context, wait: .seconds(601)) == .failure(.paymentExpired))
    }

    @Test func aDecoupledBankIsWaitThenAuthorisedLater() throws {
        let manager = manager()
        let context = try payment()
        page.choose = BankPage.approve(at: "Thames Mutual")
        #expect(process(manager, context) == .success(.wait))
        #expect(status(manager, context) == .success(.authorizing))
        world.advance(.seconds(300))
        #expect(status(manager, context) == .success(.authorized))
    }

    @Test func theCustomerCancelsOrDeclinesOnTheBankPage() throws {
        let manager = manager()
        let cancelled = try payment()
        page.choose = { _ in .canceled }
        #expect(process(manager, cancelled) == .failure(.userCanceled))
        #expect(status(manager, cancelled) == .success(.failed))
        let declined = try payment()
        page.choose = { .declined($0.providers[0]) }
        #expect(process(manager, declined) == .failure(.authorizationFailed))
    }

    @Test func callsThatCannotReachAPaymentFail() throws {
        #expect(process(manager(configured: false), try payment()) == .failure(.sdkNotConfigured))
        let manager = manager()
        let context = try payment()
        let badToken = BankPaymentContext(identifier: context.identifier, token: "rt_forged", redirectURL: redirect)
        #expect(process(manager, badToken) == .failure(.invalidToken))
        let unknown = BankPaymentContext(identifier: "bpay_nope", token: context.token, redirectURL: redirect)
        #expect(process(manager, unknown) == .failure(.paymentNotFound))
        page.choose = BankPage.approve(at: "Alpen Volksbank")
        let german = try payment(country: "DE")
        #expect(process(manager, german) == .failure(.connectionIssues))
    }

    @Test func aRedirectIsAuthorisedLaterAtTheBank() throws {
        let manager = manager()
        let context = try payment(country: "DE")
        page.choose = { page in .redirected(page.providers.first { $0.name == "Nordbank Direkt" }!) }
        #expect(process(manager, context) == .success(.redirect))
        #expect(status(manager, context) == .success(.authorizing))
        world.advance(.seconds(60))
        #expect(status(manager, context) == .success(.authorized))
    }

    @Test func processingADecidedPaymentAgainAnswersWhereItStands() throws {
        let manager = manager()
        let context = try payment()
        page.choose = BankPage.approve(at: "Albion Bank")
        #expect(process(manager, context) == .success(.authorized))
        world.advance(.seconds(5))
        #expect(process(manager, context, wait: .zero) == .success(.executed))
        world.advance(.seconds(30))
        #expect(process(manager, context, wait: .zero) == .success(.settled))
        #expect(page.pages.count == 1, "a decided payment does not show the bank page again")
    }

    @Test func processingAFailedPaymentAgainAnswersWhyItFailed() throws {
        let manager = manager()
        let context = try payment()
        page.choose = BankPage.approve(at: "Crown Savings")
        #expect(process(manager, context) == .failure(.paymentRejected))
        #expect(process(manager, context, wait: .zero) == .failure(.paymentRejected))
        #expect(page.pages.count == 1, "a failed payment does not show the bank page again")
    }

    @Test func aRedirectBankApprovedOnThePageIsWait() throws {
        let manager = manager()
        let context = try payment(country: "DE")
        page.choose = BankPage.approve(at: "Nordbank Direkt")
        #expect(process(manager, context) == .success(.wait))
        #expect(status(manager, context) == .success(.authorizing))
    }

    @Test(arguments: [
        ("Societe Seine", SinglePayment.Error.serverError),
        ("Credit Provence", .authorizationFailed),
    ])
    func frenchBanksThatFail(bank: String, error: SinglePayment.Error) throws {
        let manager = manager()
        page.choose = BankPage.approve(at: bank)
        #expect(process(manager, try payment(country: "FR")) == .failure(error))
    }

    @Test func noBanksForTheCountryOrTheLocaleIsAGenericError() throws {
        let manager = world.services.bankPayments(presenter: page, reporter: reporter)
        manager.configure(environment: .sandbox, localeCountryCode: "ZZ")
        #expect(process(manager, try payment(country: "XX")) == .failure(.generic(reason: "no banks available for XX")))
        #expect(page.pages.isEmpty)
    }

    @Test func aDecoupledMandateIsARedirectAuthorisedLater() throws {
        let manager = manager()
        let mandate = try gateway.createMandate(maximumAmount: Money(minorUnits: 5_000, currency: .eur), reference: "honey-club",
                                                redirectURL: redirect, preferences: BankPaymentPreferences(preferredCountryCode: "GB"))
        page.choose = BankPage.approve(at: "Thames Mutual")
        #expect(world.settle(after: .seconds(3)) { manager.processMandate(context: mandate, completion: $0) } == .success(.redirect))
        world.advance(.seconds(300))
        #expect(world.settle(after: .zero) { manager.mandateStatus(mandateIdentifier: mandate.identifier, resourceToken: mandate.token, completion: $0) }
                == .success(.authorized))
    }

    @Test(arguments: [
        ("Crown Savings", Mandate.Error.mandateRejected),
        ("Fogline Bank", .mandateExpired),
    ])
    func mandatesThatFail(bank: String, error: Mandate.Error) throws {
        let manager = manager()
        let mandate = try gateway.createMandate(maximumAmount: Money(minorUnits: 5_000, currency: .eur), reference: "honey-club",
                                                redirectURL: redirect, preferences: BankPaymentPreferences(preferredCountryCode: "GB"))
        page.choose = BankPage.approve(at: bank)
        #expect(world.settle(after: .seconds(601)) { manager.processMandate(context: mandate, completion: $0) } == .failure(error))
        #expect(world.settle(after: .zero) { manager.mandateStatus(mandateIdentifier: mandate.identifier, resourceToken: mandate.token, completion: $0) }
                == .success(.failed))
    }

    @Test func anUnknownPreferredCountryFallsBackToTheLocale() throws {
        let manager = manager()
        _ = process(manager, try payment(country: "XX"))
        #expect(page.pages.first?.countryCode == "GB")
        #expect(page.pages.first?.providers.map(\.name).contains("Albion Bank") == true)
    }

    @Test func aMandatePaysARenewalUntilItIsRevoked() throws {
        let manager = manager()
        world.signUp()
        let mandate = try gateway.createMandate(maximumAmount: Money(minorUnits: 5_000, currency: .eur), reference: "honey-club",
                                                redirectURL: redirect, preferences: BankPaymentPreferences(preferredCountryCode: "GB"))
        page.choose = BankPage.approve(at: "Albion Bank")
        #expect(world.settle(after: .seconds(3)) { manager.processMandate(context: mandate, completion: $0) } == .success(.authorized))
        let plan = try #require(try world.services.account.plans().first { $0.price.currency == .eur })
        let subscription = try #require(try world.settle { world.services.account.subscribe(planId: plan.id, mandate: mandate, completion: $0) }?.get())
        #expect(subscription.state == .active)
        #expect(world.settle(after: .zero) { manager.processMandate(context: mandate, completion: $0) } == .success(.authorized),
                "an authorised mandate answers where it stands")
        try gateway.revokeMandate(mandate)
        #expect(world.settle(after: .zero) { manager.mandateStatus(mandateIdentifier: mandate.identifier, resourceToken: mandate.token, completion: $0) }
                == .success(.revoked))
        #expect(world.settle(after: .zero) { manager.processMandate(context: mandate, completion: $0) } == .failure(.unexpectedBehaviour),
                "a revoked mandate cannot be processed again")
        #expect(page.pages.count == 1)
    }
}

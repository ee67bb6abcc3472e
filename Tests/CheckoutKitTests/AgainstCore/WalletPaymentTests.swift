import CheckoutKit
import Clocks
import PaymentsCore
import Testing

/// The wallet's confirmation step as a test plays it.
final class WalletScreen: WalletApprovalPresenter {
    var answers: [WalletApproval] = []
    private(set) var codes: [String] = []

    func presentWalletApproval(paymentCode: String, method: PaymentMethodType, amount: Money,
                               completion: @escaping (WalletApproval) -> Void) {
        codes.append(paymentCode)
        completion(answers.isEmpty ? .cancelled : answers.removeFirst())
    }
}

/// Seed 000 against the real core: `Payment` drives the counter preparer over the core's sources.
@Suite struct WalletPaymentTests {
    /// One test's counter: its world on the engine, the wallet's confirmation step, and the
    /// reporter of the preparer's contract.
    struct Counter {
        let world: CoreWorld
        let wallet = WalletScreen()
        let reporter = RecordingViolationReporter()

        init(_ engine: ControllerEngine) throws { world = try CoreWorld(engine) }

        func start() -> (Payment, CheckoutCounterPreparer, () -> (PaymentResultState?, Error?)?) {
            let (payment, preparer) = world.services.walletPayment(amount: Money(minorUnits: 1_800, currency: .eur), description: "Two jars of acacia honey",
                                                                   walletPresenter: wallet, reporter: reporter)
            var outcome: (PaymentResultState?, Error?)?
            payment.start { outcome = ($0, $1) }
            return (payment, preparer, { outcome })
        }
    }

    private func method(_ id: String, _ preparer: CheckoutCounterPreparer) -> PaymentMethodType {
        preparer.availableMethods.first { $0.identifier == id }!
    }

    @Test(arguments: ControllerEngine.allCases)
    func theMethodsComeFromTheCore(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (_, preparer, _) = counter.start()
        #expect(preparer.availableMethods.map(\.identifier) == ["card", "wechatPay", "alipay"])
        #expect(preparer.selectedMethod?.identifier == "card")
        #expect(preparer.status == .idle)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aConfirmedWalletPaymentSucceeds(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (payment, preparer, outcome) = counter.start()
        preparer.select(method("alipay", preparer))
        counter.wallet.answers = [.confirmed]
        preparer.pay()
        #expect(preparer.status == .inProgress)
        counter.world.advance(.seconds(10))
        #expect(outcome()?.0 == .success)
        #expect(preparer.status == .dismissed(.success))
        #expect(counter.wallet.codes.count == 1)
        #expect(payment.currentSource?.status == .consumed)
        #expect(counter.reporter.violations.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aSlowWalletIsAPossibleSuccessThatSettlesLater(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (payment, preparer, outcome) = counter.start()
        preparer.select(method("wechatPay", preparer))
        counter.wallet.answers = [.confirmed]
        preparer.pay(metadata: SourceParams.slowWalletMetadata)
        counter.world.advance(.seconds(31))
        #expect(outcome()?.0 == .possibleSuccess)
        #expect(outcome()?.1 as? SourcePaymentError == .pollingTimedOut(lastError: nil))
        let source = try #require(payment.currentSource)
        counter.world.advance(.seconds(120))
        let settled = counter.world.settle(after: .zero) { counter.world.services.sources.status(ofSource: source.id, completion: $0) }
        #expect(settled == .success(.consumed))
    }

    @Test(arguments: ControllerEngine.allCases)
    func aDeclinedWalletRestoresIdleAndTheRetrySucceeds(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (payment, preparer, outcome) = counter.start()
        preparer.select(method("alipay", preparer))
        counter.wallet.answers = [.declined, .confirmed]
        preparer.pay()
        counter.world.advance()
        guard case .failed = preparer.status else { Issue.record("not failed: \(preparer.status)"); return }
        #expect(preparer.latestError as? SourcePaymentError == .authorizationFailed(reason: .paymentMethodDeclined))
        #expect(preparer.canPay)
        #expect(outcome() == nil)
        preparer.pay()
        #expect(preparer.latestError == nil)
        counter.world.advance(.seconds(10))
        #expect(outcome()?.0 == .success)
        #expect(payment.attemptCount == 2)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aClosedWalletPromptIsACancelledAuthorisation(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (payment, preparer, outcome) = counter.start()
        preparer.select(method("wechatPay", preparer))
        counter.wallet.answers = [.cancelled]
        preparer.pay()
        #expect(payment.resultState == .inProgress)
        counter.world.advance()
        #expect(preparer.latestError as? SourcePaymentError == .authorizationCancelled)
        #expect(preparer.status == .failed(.sourcePayment(.authorizationCancelled)))
        #expect(outcome() == nil)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aCurrencyTheWalletDoesNotTakeFailsTheSourceCreation(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (payment, preparer) = counter.world.services.walletPayment(amount: Money(minorUnits: 1_800, currency: .usd), description: "Two jars",
                                                                       walletPresenter: counter.wallet, reporter: counter.reporter)
        payment.start { _, _ in }
        preparer.select(preparer.availableMethods.first { $0.identifier == "alipay" }!)
        preparer.pay()
        counter.world.advance()
        #expect(preparer.latestError as? SourcePaymentError == .sourceCreationFailed(reason: .source(.unsupportedCurrency(type: .alipay, currency: "USD"))))
        #expect(preparer.canPay)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aCardSourcePaysWithItsToken(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (_, preparer, outcome) = counter.start()
        preparer.pay(metadata: [SourceMetadataKey.cardToken: counter.world.newCard().vaultToken!])
        counter.world.advance(.seconds(10))
        #expect(outcome()?.0 == .success)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aDeclinedCardSourceKeepsTheErrorForTheCounter(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (_, preparer, outcome) = counter.start()
        preparer.pay(metadata: [SourceMetadataKey.cardToken: counter.world.newCard("4000000000009995").vaultToken!])
        counter.world.advance()
        #expect(preparer.status == .failed(.sourcePayment(.authorizationFailed(reason: .cardCharge(.insufficientFunds)))))
        #expect(outcome() == nil)
    }

    @Test(arguments: ControllerEngine.allCases)
    func dismissingTheCounterCompletesWithNil(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (payment, preparer, outcome) = counter.start()
        preparer.dismiss()
        let result = try #require(outcome())
        #expect(result.0 == nil && result.1 == nil)
        #expect(payment.phase == .finished(nil))
        preparer.dismiss()
        #expect(counter.reporter.violations.isEmpty, "a second dismiss does not call the completion again")
    }
}

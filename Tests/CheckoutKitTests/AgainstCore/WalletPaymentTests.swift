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
    let world = CoreWorld()
    let wallet = WalletScreen()
    let reporter = RecordingViolationReporter()

    func start() -> (Payment, CheckoutCounterPreparer, () -> (PaymentResultState?, Error?)?) {
        let (payment, preparer) = world.services.walletPayment(amount: Money(minorUnits: 1_800, currency: .eur), description: "Two jars of acacia honey",
                                                               walletPresenter: wallet, reporter: reporter)
        var outcome: (PaymentResultState?, Error?)?
        payment.start { outcome = ($0, $1) }
        return (payment, preparer, { outcome })
    }

    func method(_ id: String, _ preparer: CheckoutCounterPreparer) -> PaymentMethodType {
        preparer.availableMethods.first { $0.identifier == id }!
    }

    @Test func theMethodsComeFromTheCore() {
        let (_, preparer, _) = start()
        #expect(preparer.availableMethods.map(\.identifier) == ["card", "wechatPay", "alipay"])
        #expect(preparer.selectedMethod?.identifier == "card")
        #expect(preparer.status == .idle)
    }

    @Test func aConfirmedWalletPaymentSucceeds() throws {
        let (payment, preparer, outcome) = start()
        preparer.select(method("alipay", preparer))
        wallet.answers = [.confirmed]
        preparer.pay()
        #expect(preparer.status == .inProgress)
        world.advance(.seconds(10))
        #expect(outcome()?.0 == .success)
        #expect(preparer.status == .dismissed(.success))
        #expect(wallet.codes.count == 1)
        #expect(payment.currentSource?.status == .consumed)
        #expect(reporter.violations.isEmpty)
    }

    @Test func aSlowWalletIsAPossibleSuccessThatSettlesLater() throws {
        let (payment, preparer, outcome) = start()
        preparer.select(method("wechatPay", preparer))
        wallet.answers = [.confirmed]
        preparer.pay(metadata: SourceParams.slowWalletMetadata)
        world.advance(.seconds(31))
        #expect(outcome()?.0 == .possibleSuccess)
        #expect(outcome()?.1 as? SourcePaymentError == .pollingTimedOut(lastError: nil))
        let source = try #require(payment.currentSource)
        world.advance(.seconds(120))
        let settled = world.settle(after: .zero) { world.services.sources.status(ofSource: source.id, completion: $0) }
        #expect(settled == .success(.consumed))
    }

    @Test func aDeclinedWalletRestoresIdleAndTheRetrySucceeds() throws {
        let (payment, preparer, outcome) = start()
        preparer.select(method("alipay", preparer))
        wallet.answers = [.declined, .confirmed]
        preparer.pay()
        world.advance()
        guard case .failed = preparer.status else { Issue.record("not failed: \(preparer.status)"); return }
        #expect(preparer.latestError as? SourcePaymentError == .authorizationFailed(reason: .paymentMethodDeclined))
        #expect(preparer.canPay)
        #expect(outcome() == nil)
        preparer.pay()
        #expect(preparer.latestError == nil)
        world.advance(.seconds(10))
        #expect(outcome()?.0 == .success)
        #expect(payment.attemptCount == 2)
    }

    @Test func aClosedWalletPromptIsACancelledAuthorisation() throws {
        let (payment, preparer, outcome) = start()
        preparer.select(method("wechatPay", preparer))
        wallet.answers = [.cancelled]
        preparer.pay()
        #expect(payment.resultState == .inProgress)
        world.advance()
        #expect(preparer.latestError as? SourcePaymentError == .authorizationCancelled)
        #expect(preparer.status == .failed(.sourcePayment(.authorizationCancelled)))
        #expect(outcome() == nil)
    }

    @Test func aCurrencyTheWalletDoesNotTakeFailsTheSourceCreation() throws {
        let (payment, preparer) = world.services.walletPayment(amount: Money(minorUnits: 1_800, currency: .usd), description: "Two jars",
                                                               walletPresenter: wallet, reporter: reporter)
        payment.start { _, _ in }
        preparer.select(preparer.availableMethods.first { $0.identifier == "alipay" }!)
        preparer.pay()
        world.advance()
        #expect(preparer.latestError as? SourcePaymentError == .sourceCreationFailed(reason: .source(.unsupportedCurrency(type: .alipay, currency: "USD"))))
        #expect(preparer.canPay)
    }

    @Test func aCardSourcePaysWithItsToken() throws {
        let (_, preparer, outcome) = start()
        preparer.pay(metadata: [SourceMetadataKey.cardToken: world.newCard().vaultToken!])
        world.advance(.seconds(10))
        #expect(outcome()?.0 == .success)
    }

    @Test func aDeclinedCardSourceKeepsTheErrorForTheCounter() throws {
        let (_, preparer, outcome) = start()
        preparer.pay(metadata: [SourceMetadataKey.cardToken: world.newCard("4000000000009995").vaultToken!])
        world.advance()
        #expect(preparer.status == .failed(.sourcePayment(.authorizationFailed(reason: .cardCharge(.insufficientFunds)))))
        #expect(outcome() == nil)
    }

    @Test func dismissingTheCounterCompletesWithNil() throws {
        let (payment, preparer, outcome) = start()
        preparer.dismiss()
        let result = try #require(outcome())
        #expect(result.0 == nil && result.1 == nil)
        #expect(payment.phase == .finished(nil))
        preparer.dismiss()
        #expect(reporter.violations.isEmpty, "a second dismiss does not call the completion again")
    }
}

import struct PaymentsCore.Money
import struct PaymentsCore.Currency
import enum PaymentsCore.MoneyError
import CheckoutKit
import Foundation
import Testing

/// Seed 002: `AuctionJoinFlow` driven with a stand-in app (delegate, data source, presenter) and
/// a stand-in acquirer.
@Suite struct AuctionTests {
    let app = AuctionApp()
    let gateway = ScriptedCardGateway()
    let violations = RecordingViolationReporter()

    func makeFlow(tips: [String] = ["Bids are binding"]) -> AuctionJoinFlow {
        AuctionJoinFlow(context: AuctionFixtures.context(tips: tips), delegate: app, dataSource: app, gateway: gateway, reporter: violations)
    }

    /// Terms accepted, review passed: on the payment step.
    func atPayment(locked: Bool = false) -> AuctionJoinFlow {
        app.isPaymentsLocked = locked
        app.payments = [AuctionFixtures.mastercard, AuctionFixtures.visa]
        let flow = makeFlow()
        flow.acceptTerms()
        flow.continueToPayment()
        return flow
    }

    // MARK: - UpgradeContext

    @Test func everyFieldOfTheUpgradeContextIsRequiredAndNamedWhenMissing() throws {
        let fields: [(String, (inout UpgradeContext.Draft) -> Void)] = [
            ("flightNumber", { $0.flightNumber = nil }), ("origin", { $0.origin = " " }), ("destination", { $0.destination = nil }),
            ("departure", { $0.departure = nil }), ("currentCabin", { $0.currentCabin = nil }), ("upgradeCabin", { $0.upgradeCabin = "" }),
            ("auctionIdentifier", { $0.auctionIdentifier = nil }), ("startBid", { $0.startBid = nil }), ("increment", { $0.increment = nil }),
            ("closesAt", { $0.closesAt = nil }), ("terms", { $0.terms = nil }), ("terms", { $0.terms = ["  "] }), ("tips", { $0.tips = nil }),
        ]
        for (name, breakIt) in fields {
            var draft = AuctionFixtures.draft()
            breakIt(&draft)
            #expect(throws: UpgradeContextError.missingField(name)) { try draft.validated() }
        }
        var draft = AuctionFixtures.draft()
        draft.increment = Money(minorUnits: 500, currency: .usd)
        #expect(throws: UpgradeContextError.invalidField("increment", "currency differs from the start bid")) { try draft.validated() }
        draft = AuctionFixtures.draft()
        draft.startBid = Money(minorUnits: 0, currency: .eur)
        #expect(throws: UpgradeContextError.invalidField("startBid", "must be more than zero")) { try draft.validated() }

        #expect(throws: UpgradeContextError.missingField("closesAt")) {
            var draft = AuctionFixtures.draft()
            draft.closesAt = nil
            _ = try UpgradeContext(validating: draft)
        }
        let context = try UpgradeContext(validating: AuctionFixtures.draft())
        #expect(context.route == "LHR → JFK")
        #expect(context.auction.startBid == Money(minorUnits: 15_000, currency: .eur))
    }

    @Test func tipsMustBeProvidedButMayBeEmptyWhichHidesThem() throws {
        let withTips = makeFlow(tips: ["Bids are binding"])
        #expect(withTips.showsTips)
        let withoutTips = makeFlow(tips: [])
        #expect(!withoutTips.showsTips)
        #expect(throws: UpgradeContextError.missingField("tips")) { try AuctionFixtures.draft(tips: nil).validated() }
    }

    // MARK: - Steps, onBack

    @Test func termsMustBeAcceptedBeforeReviewAndPayment() {
        let flow = makeFlow()
        flow.continueToPayment()
        #expect(flow.step == .terms)
        flow.acceptTerms()
        #expect(flow.step == .review)
        #expect(!flow.showsTips) // tips belong to the terms step
        flow.continueToPayment()
        #expect(flow.step == .payment)
    }

    @Test func backWalksStepsAndLeavesFromTermsWithOnBack() {
        let flow = atPayment()
        flow.back()
        #expect(flow.step == .review)
        flow.back()
        #expect(flow.step == .terms)
        #expect(app.log.filter { $0 == "onBack" }.isEmpty)
        flow.back()
        #expect(flow.step == .left)
        #expect(app.log.last == "onBack")
    }

    // MARK: - unlockPayments: success / failure / cancel / exceededAttempts

    @Test func unlockSuccessShowsTheSavedPaymentsDefaultSelected() {
        let flow = atPayment(locked: true)
        #expect(flow.access == .locked)
        #expect(flow.payments.isEmpty)
        flow.unlock()
        #expect(app.log == ["unlockPayments"])
        #expect(flow.access == .unlocked)
        #expect(flow.payments == [AuctionFixtures.mastercard, AuctionFixtures.visa])
        #expect(flow.selectedCard == AuctionFixtures.visa)
        #expect(violations.violations.isEmpty)
    }

    @Test func unlockFailureCancelAndExceededAttempts() {
        app.unlockOutcome = .failure(.described("wrong PIN"))
        let flow = atPayment(locked: true)
        flow.unlock()
        #expect(flow.notice == .unlockFailed(.described("wrong PIN")))
        #expect(flow.access == .locked)

        app.unlockOutcome = .cancelled
        flow.unlock()
        #expect(flow.notice == .unlockCancelled)
        #expect(flow.access == .locked)

        app.unlockOutcome = .exceededAttempts
        flow.unlock()
        #expect(flow.notice == .tooManyAttempts)
        #expect(flow.access == .lockedOut)
        flow.unlock() // locked out: no further attempts
        #expect(app.log.filter { $0 == "unlockPayments" }.count == 3)
        #expect(violations.violations.isEmpty)
    }

    // MARK: - savePayment (isJoin false / true): success / failure / cancel / exceededAttempts

    @Test(arguments: [false, true])
    func saveSuccess(isJoin: Bool) {
        let flow = atPayment()
        if isJoin {
            flow.placeStartBid(with: AuctionFixtures.newCard, keepingIt: true)
            #expect(gateway.requests.map(\.keepCard) == [true]) // the hold first, the card set aside
            #expect(app.log.first == "savePayment(isJoin: true, tok_new)")
            #expect(flow.step == .joined(authToken: "ch_1"))
            #expect(flow.notice == .cardSaved)
        } else {
            flow.addCard(AuctionFixtures.newCard)
            #expect(app.log == ["savePayment(isJoin: false, tok_new)"])
            #expect(flow.notice == .cardSaved)
            #expect(flow.step == .payment)
            #expect(flow.selectedCard?.id == "tok_new")
        }
        #expect(flow.payments.contains { $0.id == "tok_new" })
        #expect(violations.violations.isEmpty)
    }

    @Test(arguments: [false, true], [
        (DataSourceOutcome.failure(.described("card declined by the vault")), AuctionJoinFlow.Notice.saveFailed(.described("card declined by the vault"))),
        (.cancelled, .saveCancelled),
        (.exceededAttempts, .tooManyAttempts),
    ])
    func saveFailureCancelExceeded(isJoin: Bool, scripted: (DataSourceOutcome, AuctionJoinFlow.Notice)) {
        app.saveOutcome = scripted.0
        let flow = atPayment()
        if isJoin { flow.placeStartBid(with: AuctionFixtures.newCard, keepingIt: true) } else { flow.addCard(AuctionFixtures.newCard) }
        #expect(app.log.first == "savePayment(isJoin: \(isJoin), tok_new)")
        #expect(flow.notice == scripted.1)
        if isJoin {
            // Saved only after the hold was authorised: the bid stands though the card is not kept.
            #expect(gateway.requests.count == 1)
            #expect(flow.step == .joined(authToken: "ch_1"))
        } else {
            #expect(flow.step == .payment)
            #expect(gateway.requests.isEmpty)
        }
        #expect(flow.access == (scripted.0 == .exceededAttempts ? .lockedOut : .unlocked))
        #expect(violations.violations.isEmpty)
    }

    // MARK: - removePayment: success / failure

    @Test func removeSuccessAndFailure() {
        let flow = atPayment()
        flow.remove(AuctionFixtures.visa)
        #expect(flow.notice == .cardRemoved)
        #expect(flow.payments == [AuctionFixtures.mastercard])
        #expect(flow.selectedCard == AuctionFixtures.mastercard)

        app.removeOutcome = .failure(.described("card has a pending bid"))
        flow.remove(AuctionFixtures.mastercard)
        #expect(flow.notice == .removeFailed(.described("card has a pending bid")))
        #expect(flow.payments == [AuctionFixtures.mastercard])
        #expect(violations.violations.isEmpty)
    }

    // MARK: - onJoin and the presenter

    @Test func placeStartBidWithTheSelectedCardJoins() {
        let flow = atPayment()
        flow.select(AuctionFixtures.mastercard)
        flow.placeStartBid()
        #expect(flow.step == .joined(authToken: "ch_1"))
        #expect(app.log == ["onJoin(ch_1, auc_7)"])
        let request = gateway.requests[0]
        #expect(request.source == .savedPayment(identifier: "pm_mc"))
        #expect(request.amount == Money(minorUnits: 15_000, currency: .eur))
        #expect(request.captureNow == false)
        #expect(request.customerId == "cus_ada")
        #expect(request.idempotencyKey == "auction-auc_7-cus_ada")
    }

    @Test func aThreeDSChallengeGoesToTheDelegatesPresenter() {
        let challenge = ThreeDSChallenge(identifier: "3ds_1", amount: Money(minorUnits: 15_000, currency: .eur), merchantName: "Counter Air",
                                         cardBrand: "visa", cardLastFour: "4242", prompt: .bankCode)
        gateway.outcome = .success(.challengeRequired(challenge))
        let flow = atPayment()
        flow.placeStartBid()
        #expect(app.log == ["authenticationPresenter", "presentChallenge(3ds_1)", "onJoin(ch_3ds, auc_7)"])
        #expect(gateway.challengeAnswers == ["123456"])
        #expect(flow.step == .joined(authToken: "ch_3ds"))
    }

    @Test func aCancelledChallengeReturnsToPaymentWithoutJoining() {
        gateway.outcome = .success(.challengeRequired(ThreeDSChallenge(identifier: "3ds_2", amount: Money(minorUnits: 15_000, currency: .eur),
                                                                       merchantName: "Counter Air", cardBrand: "visa", cardLastFour: "4242", prompt: .bankCode)))
        app.challengeCode = nil
        let flow = atPayment()
        flow.placeStartBid()
        #expect(gateway.challengeAnswers == [nil])
        #expect(flow.step == .payment)
        #expect(flow.notice == .chargeFailed(.authenticationCancelled))
        #expect(!app.log.contains { $0.hasPrefix("onJoin") })
    }

    @Test func aDeclinedStartBidStaysOnPayment() {
        gateway.outcome = .failure(.insufficientFunds)
        let flow = atPayment()
        flow.placeStartBid()
        #expect(flow.step == .payment)
        #expect(flow.notice == .chargeFailed(.insufficientFunds))
    }

    @Test func joiningNeedsASignedInCustomer() {
        app.customerId = ""
        let flow = atPayment()
        flow.placeStartBid()
        #expect(flow.notice == .signInRequired)
        #expect(gateway.requests.isEmpty)
    }

    @Test func aGuestWhoSignsInOnThePaymentStepStaysThereWithHerCards() {
        app.customerId = ""
        let flow = atPayment()
        flow.placeStartBid()
        #expect(flow.notice == .signInRequired)
        app.customerId = "cus_eve"
        flow.customerChanged()
        #expect(flow.step == .payment)
        #expect(flow.notice == nil)
        #expect(flow.access == .unlocked)
        #expect(flow.payments == [AuctionFixtures.mastercard, AuctionFixtures.visa])
        #expect(flow.selectedCard != nil)
        flow.placeStartBid()
        #expect(gateway.requests.count == 1)
    }

    // MARK: - Contract rules

    @Test func ruleADataSourceThatAnswersTwiceIsReported() {
        app.answersTwice = true
        let flow = atPayment(locked: true)
        flow.unlock()
        #expect(flow.access == .unlocked) // the first answer counts
        #expect(violations.rules() == [.calledMoreThanOnce])
        #expect(violations.violations.first?.callback == "PaymentCardDataSource.unlockPayments")
    }

    @Test func ruleAPresenterThatAnswersTwiceIsReportedAndTheFirstAnswerCounts() {
        gateway.outcome = .success(.challengeRequired(ThreeDSChallenge(identifier: "3ds_3", amount: Money(minorUnits: 15_000, currency: .eur),
                                                                       merchantName: "Counter Air", cardBrand: "visa", cardLastFour: "4242", prompt: .bankCode)))
        let flow = atPayment()
        app.answersTwice = true
        flow.placeStartBid()
        #expect(gateway.challengeAnswers == ["123456"])
        #expect(flow.step == .joined(authToken: "ch_3ds"))
        #expect(violations.violations.map(\.callback) == ["AuthenticationPresenter.presentChallenge completion"])
    }

    @Test func ruleADataSourceThatNeverAnswersIsReported() {
        app.unlockOutcome = nil
        let flow = atPayment(locked: true)
        flow.unlock()
        #expect(violations.rules() == [.neverCalled])
        #expect(flow.pendingCall == "unlockPayments")
    }
}

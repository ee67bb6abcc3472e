import CheckoutKit
import Testing

/// Issue 32: a card typed for the start bid with "Save this card" ticked is saved only after its
/// bank authorised the hold; a refused card, a failed or cancelled challenge, or a hold whose
/// outcome is not known keeps nothing. Driven with the stand-in app and acquirer.
@Suite struct AuctionCardKeptAfterHoldTests {
    let app = AuctionApp()
    let gateway = ScriptedCardGateway()
    let violations = RecordingViolationReporter()

    func atPayment() -> AuctionJoinFlow {
        app.isPaymentsLocked = false
        app.payments = [AuctionFixtures.visa]
        let flow = AuctionJoinFlow(context: AuctionFixtures.context(), delegate: app, dataSource: app, gateway: gateway, reporter: violations)
        flow.acceptTerms()
        flow.continueToPayment()
        return flow
    }

    var saves: [String] { app.log.filter { $0.hasPrefix("savePayment") } }

    @Test(arguments: [CardChargeFailure.declined, .insufficientFunds, .timedOut, .processingError])
    func aRefusedOrUnknownHoldSavesNothing(_ failure: CardChargeFailure) {
        gateway.outcome = .failure(failure)
        let flow = atPayment()
        flow.placeStartBid(with: AuctionFixtures.newCard, keepingIt: true)
        #expect(saves.isEmpty)
        #expect(flow.notice == .chargeFailed(failure))
        #expect(flow.step == .payment)
        #expect(flow.payments == [AuctionFixtures.visa])
        #expect(violations.violations.isEmpty)
    }

    @Test(arguments: [("000000", CardChargeFailure.authenticationFailed), (nil, .authenticationCancelled)] as [(String?, CardChargeFailure)])
    func aChallengeThatFailsSavesNothing(code: String?, failure: CardChargeFailure) {
        gateway.outcome = .success(.challengeRequired(Self.challenge))
        app.challengeCode = code
        let flow = atPayment()
        flow.placeStartBid(with: AuctionFixtures.newCard, keepingIt: true)
        #expect(saves.isEmpty)
        #expect(flow.notice == .chargeFailed(failure))
        #expect(flow.payments == [AuctionFixtures.visa])
    }

    @Test func aChallengeThatSucceedsSavesTheCardAfterTheHold() {
        gateway.outcome = .success(.challengeRequired(Self.challenge))
        let flow = atPayment()
        flow.placeStartBid(with: AuctionFixtures.newCard, keepingIt: true)
        #expect(gateway.challengeAnswers == ["123456"])
        #expect(saves == ["savePayment(isJoin: true, tok_new)"])
        #expect(flow.step == .joined(authToken: "ch_3ds"))
        #expect(flow.payments.contains { $0.id == "tok_new" })
    }

    @Test func aCardNotKeptIsNeverSaved() {
        let flow = atPayment()
        flow.placeStartBid(with: AuctionFixtures.newCard)
        #expect(gateway.requests.map(\.keepCard) == [false])
        #expect(saves.isEmpty)
        #expect(flow.step == .joined(authToken: "ch_1"))
    }

    static let challenge = ThreeDSChallenge(identifier: "3ds_1", amount: AuctionFixtures.context().auction.startBid, merchantName: "Counter Air",
                                            cardBrand: "visa", cardLastFour: "4242", prompt: .bankCode)
}

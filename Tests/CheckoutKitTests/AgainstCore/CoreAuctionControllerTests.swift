@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// The auction screen's side: the flow's delegate, the PIN field and the 3-D Secure page.
final class AuctionScreen: PaymentControllerDelegate, PINProvider {
    var pins: [String?] = []
    private(set) var askedWithAttemptsLeft: [Int?] = []
    private(set) var joins: [(token: String, auction: String)] = []
    private(set) var backs = 0
    let challenge = ChallengeScreen(code: SimulatedAcquirer.challengeCode)

    func onBack() { backs += 1 }
    func onJoin(authToken: String, auction: Auction) { joins.append((authToken, auction.identifier)) }
    func authenticationPresenter() -> AuthenticationPresenter { challenge }

    func requestPIN(attemptsLeft: Int?, completion: @escaping (String?) -> Void) {
        askedWithAttemptsLeft.append(attemptsLeft)
        completion(pins.isEmpty ? nil : pins.removeFirst())
    }
}

/// Seed 002 against the real core: the PIN lock, saved cards, the start bid as a hold.
@Suite struct CoreAuctionControllerTests {
    /// One test's shopper at the auction screen: its world on the engine, the screen (PIN field,
    /// 3-D Secure page) and the reporter of the flow's contract.
    struct Bidder {
        let world: CoreWorld
        let screen = AuctionScreen()
        let reporter = RecordingViolationReporter()

        init(_ engine: ControllerEngine) throws { world = try CoreWorld(engine) }

        /// The join flow, terms accepted, on its payment step.
        func flow(_ auctionId: String = "auction-lx318") throws -> (AuctionJoinFlow, CoreAuctionController) {
            let (flow, controller) = try world.services.auctionJoinFlow(auctionId: auctionId, delegate: screen, pinProvider: screen, reporter: reporter)
            // A card added to the list may ask its bank's question, on the same page as a bid's.
            controller.authentication = screen.challenge
            flow.acceptTerms()
            flow.continueToPayment()
            return (flow, controller)
        }
    }

    @Test(arguments: ControllerEngine.allCases)
    func upgradeContextsComeFromTheSeededAuctions(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        let context = try bidder.world.services.auctionCatalog.upgradeContext(auctionId: "auction-lx318")
        #expect(context.flightNumber == "LX 318")
        #expect(context.route == "LHR → ZRH")
        #expect(context.upgradeCabin == "Business")
        #expect(context.auction.startBid == Money(minorUnits: 15_000, currency: .eur))
        #expect(context.terms.count == 4)
        #expect(context.hasTips)
        #expect(try !bidder.world.services.auctionCatalog.upgradeContext(auctionId: "auction-lx1612").hasTips)
        #expect(throws: UpgradeContextError.missingField("auctionIdentifier")) { try bidder.world.services.auctionCatalog.upgradeContext(auctionId: "nope") }
        #expect(bidder.world.services.auctionCatalog.listings().map(\.isClosed) == [false, false, true])
    }

    @Test(arguments: ControllerEngine.allCases)
    func lockedPaymentsUnlockWithThePIN(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        bidder.world.signUp(pin: true)
        let (flow, controller) = try bidder.flow()
        #expect(controller.isPaymentsLocked)
        #expect(flow.access == .locked)
        bidder.screen.pins = [nil]
        flow.unlock()
        #expect(flow.notice == .unlockCancelled)
        bidder.screen.pins = [CoreWorld.pin]
        flow.unlock()
        #expect(flow.access == .unlocked)
        #expect(!controller.isPaymentsLocked)
        #expect(bidder.reporter.violations.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func threeWrongPINsExceedTheAttemptsUntilTheCooldownEnds(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        bidder.world.signUp(pin: true)
        let (flow, controller) = try bidder.flow()
        bidder.screen.pins = ["0000"]
        flow.unlock()
        #expect(flow.notice == .unlockFailed(.customer(.wrongPIN(attemptsLeft: 2))))
        bidder.screen.pins = ["1111"]
        flow.unlock()
        #expect(flow.notice == .unlockFailed(.customer(.wrongPIN(attemptsLeft: 1))))
        bidder.screen.pins = ["2222"]
        flow.unlock()
        #expect(flow.notice == .tooManyAttempts)
        #expect(flow.access == .lockedOut)
        let until = try #require(controller.paymentsLockedUntil)
        #expect(until == bidder.world.clock.now.addingTimeInterval(15 * 60))
        #expect(bidder.screen.askedWithAttemptsLeft == [nil, 2, 1])
        // Even the right PIN is refused during the cooldown, without asking for it.
        var outcome: DataSourceOutcome?
        controller.unlockPayments(success: { outcome = .success }, failure: { outcome = .failure($0) },
                                  cancel: { outcome = .cancelled }, exceededAttempts: { outcome = .exceededAttempts })
        #expect(outcome == .exceededAttempts)
        #expect(bidder.screen.askedWithAttemptsLeft.count == 3)
        // After the cooldown the right PIN unlocks.
        bidder.world.advance(.minutes(15))
        bidder.screen.pins = [CoreWorld.pin]
        controller.unlockPayments(success: { outcome = .success }, failure: { outcome = .failure($0) },
                                  cancel: { outcome = .cancelled }, exceededAttempts: { outcome = .exceededAttempts })
        #expect(outcome == .success)
        #expect(!controller.isPaymentsLocked)
        #expect(controller.paymentsLockedUntil == nil)
    }

    @Test(arguments: ControllerEngine.allCases)
    func joiningWithASavedCardPlacesAHoldAndHandsOverTheAuthToken(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        let customer = bidder.world.signUp()
        let saved = try bidder.world.services.account.saveCard(bidder.world.newCard()).card
        let (flow, _) = try bidder.flow()
        #expect(flow.access == .unlocked)
        #expect(flow.selectedCard?.id == saved.id)
        flow.placeStartBid()
        #expect(flow.step == .joining)
        bidder.world.advance()
        guard case .joined(let token) = flow.step else { Issue.record("not joined: \(flow.step), \(String(describing: flow.notice))"); return }
        #expect(bidder.screen.joins.map(\.token) == [token])
        #expect(bidder.screen.joins.map(\.auction) == ["auction-lx318"])
        let hold = try #require(bidder.world.charges(for: customer.id).first)
        #expect(hold.status == .authorized, "a hold, never a capture")
        #expect(hold.amount == Money(minorUnits: 15_000, currency: .eur))
        #expect(bidder.reporter.violations.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func joiningWithANewCardKeptSavesItAfterTheHold(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        bidder.world.signUp()
        let (flow, controller) = try bidder.flow()
        flow.placeStartBid(with: bidder.world.newCard(), keepingIt: true)
        bidder.world.advance()
        #expect(flow.notice == .cardSaved)
        guard case .joined = flow.step else { Issue.record("not joined: \(flow.step), \(String(describing: flow.notice))"); return }
        #expect(controller.payments.count == 1)
        #expect(bidder.reporter.violations.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aNewCardNotKeptHoldsTheBidWithItsOneTimeTokenAndIsNotSaved(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        bidder.world.signUp()
        let (flow, controller) = try bidder.flow()
        flow.placeStartBid(with: bidder.world.newCard(), keepingIt: false)
        bidder.world.advance()
        guard case .joined = flow.step else { Issue.record("not joined: \(flow.step), \(String(describing: flow.notice))"); return }
        #expect(controller.payments.isEmpty)
        #expect(try bidder.world.services.account.savedCards().isEmpty)
        // The hold is on the card's one-time token, not on a saved method.
        let holds = try bidder.world.core.store.read { tx in
            try tx.rows("SELECT status, last_four FROM charges WHERE payment_method_id IS NULL")
                .map { [try $0.value(String.self, "status"), try $0.value(String.self, "last_four")] }
        }
        #expect(holds == [["authorized", "4242"]])
        #expect(bidder.reporter.violations.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aChallengeCardJoinsWithTheRightCodeAndFailsWithAWrongOne(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        bidder.world.signUp()
        let (flow, _) = try bidder.flow()
        bidder.screen.challenge.code = "999999"
        flow.placeStartBid(with: bidder.world.newCard(CoreWorld.challengeAlways), keepingIt: true)
        bidder.world.advance()
        #expect(flow.notice == .chargeFailed(.authenticationFailed))
        #expect(flow.step == .payment)
        #expect(flow.payments.isEmpty, "a card whose challenge failed is not kept")
        bidder.screen.challenge.code = SimulatedAcquirer.challengeCode
        flow.placeStartBid(with: bidder.world.newCard(CoreWorld.challengeAlways), keepingIt: true)
        bidder.world.advance()
        guard case .joined = flow.step else { Issue.record("not joined: \(flow.step), \(String(describing: flow.notice))"); return }
        #expect(bidder.screen.challenge.shown.count == 2)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aClosedAuctionRefusesTheBidWithItsReason(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        bidder.world.signUp()
        _ = try bidder.world.services.account.saveCard(bidder.world.newCard())
        let (flow, _) = try bidder.flow("auction-lx40")
        flow.placeStartBid()
        bidder.world.advance()
        #expect({ if case .chargeFailed(.refused(.auction(.auctionClosed))) = flow.notice { true } else { false } }())
        #expect(bidder.screen.joins.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aDeclinedCardAndARemovedCard(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        bidder.world.signUp()
        let declining = try bidder.world.services.account.saveCard(bidder.world.newCard("4000000000000341")).card
        let (flow, _) = try bidder.flow()
        flow.placeStartBid()
        bidder.world.advance()
        #expect(flow.notice == .chargeFailed(.declined))
        flow.remove(declining)
        #expect(flow.notice == .cardRemoved)
        #expect(flow.payments.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func cardsAddedAndRemovedOnThePaymentStep(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        bidder.world.signUp()
        let (flow, _) = try bidder.flow()
        flow.placeStartBid()
        #expect(flow.notice == .noCardSelected)
        let card = bidder.world.newCard()
        flow.addCard(card)
        bidder.world.advance() // the bank's zero-amount check
        #expect(flow.notice == .cardSaved)
        #expect(flow.payments.count == 1)
        flow.addCard(card)
        bidder.world.advance()
        #expect(flow.notice == .saveFailed(.paymentMethod(.token(.tokenAlreadyUsed))), "a one-time token saves once")
        let saved = try #require(flow.payments.first)
        flow.remove(saved)
        #expect(flow.notice == .cardRemoved)
        flow.remove(saved)
        #expect(flow.notice == .removeFailed(.paymentMethod(.notFound)))
    }

    @Test(arguments: ControllerEngine.allCases)
    func nobodySignedInCannotBid(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        let (flow, controller) = try bidder.flow()
        #expect(controller.customerId.isEmpty)
        flow.placeStartBid()
        #expect(flow.notice == .signInRequired)
    }
}

@_spi(Core) import CheckoutKit
import Clocks
import Foundation
@_spi(Testing) import PaymentsCore
import GRDB
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
    let world = CoreWorld()
    let screen = AuctionScreen()
    let reporter = RecordingViolationReporter()

    func flow(_ auctionId: String = "auction-lx318") throws -> (AuctionJoinFlow, CoreAuctionController) {
        let (flow, controller) = try world.services.auctionJoinFlow(auctionId: auctionId, delegate: screen, pinProvider: screen, reporter: reporter)
        flow.acceptTerms()
        flow.continueToPayment()
        return (flow, controller)
    }

    @Test func upgradeContextsComeFromTheSeededAuctions() throws {
        let context = try world.services.auctionCatalog.upgradeContext(auctionId: "auction-lx318")
        #expect(context.flightNumber == "LX 318")
        #expect(context.route == "LHR → ZRH")
        #expect(context.upgradeCabin == "Business")
        #expect(context.auction.startBid == Money(minorUnits: 15_000, currency: .eur))
        #expect(context.terms.count == 4)
        #expect(context.hasTips)
        #expect(try !world.services.auctionCatalog.upgradeContext(auctionId: "auction-lx1612").hasTips)
        #expect(throws: UpgradeContextError.missingField("auctionIdentifier")) { try world.services.auctionCatalog.upgradeContext(auctionId: "nope") }
        #expect(world.services.auctionCatalog.listings().map(\.isClosed) == [false, false, true])
    }

    @Test func lockedPaymentsUnlockWithThePIN() throws {
        world.signUp(pin: true)
        let (flow, controller) = try flow()
        #expect(controller.isPaymentsLocked)
        #expect(flow.access == .locked)
        screen.pins = [nil]
        flow.unlock()
        #expect(flow.notice == .unlockCancelled)
        screen.pins = [CoreWorld.pin]
        flow.unlock()
        #expect(flow.access == .unlocked)
        #expect(!controller.isPaymentsLocked)
        #expect(reporter.violations.isEmpty)
    }

    @Test func threeWrongPINsExceedTheAttemptsUntilTheCooldownEnds() throws {
        world.signUp(pin: true)
        let (flow, controller) = try flow()
        screen.pins = ["0000"]
        flow.unlock()
        #expect(flow.notice == .unlockFailed(.customer(.wrongPIN(attemptsLeft: 2))))
        screen.pins = ["1111"]
        flow.unlock()
        #expect(flow.notice == .unlockFailed(.customer(.wrongPIN(attemptsLeft: 1))))
        screen.pins = ["2222"]
        flow.unlock()
        #expect(flow.notice == .tooManyAttempts)
        #expect(flow.access == .lockedOut)
        let until = try #require(controller.paymentsLockedUntil)
        #expect(until == world.clock.now.addingTimeInterval(15 * 60))
        #expect(screen.askedWithAttemptsLeft == [nil, 2, 1])
        // Even the right PIN is refused during the cooldown, without asking for it.
        var outcome: DataSourceOutcome?
        controller.unlockPayments(success: { outcome = .success }, failure: { outcome = .failure($0) },
                                  cancel: { outcome = .cancelled }, exceededAttempts: { outcome = .exceededAttempts })
        #expect(outcome == .exceededAttempts)
        #expect(screen.askedWithAttemptsLeft.count == 3)
        // After the cooldown the right PIN unlocks.
        world.advance(.minutes(15))
        screen.pins = [CoreWorld.pin]
        controller.unlockPayments(success: { outcome = .success }, failure: { outcome = .failure($0) },
                                  cancel: { outcome = .cancelled }, exceededAttempts: { outcome = .exceededAttempts })
        #expect(outcome == .success)
        #expect(!controller.isPaymentsLocked)
        #expect(controller.paymentsLockedUntil == nil)
    }

    @Test func joiningWithASavedCardPlacesAHoldAndHandsOverTheAuthToken() throws {
        let customer = world.signUp()
        let saved = try world.services.account.saveCard(world.newCard()).card
        let (flow, _) = try flow()
        #expect(flow.access == .unlocked)
        #expect(flow.selectedCard?.id == saved.id)
        flow.placeStartBid()
        #expect(flow.step == .joining)
        world.advance()
        guard case .joined(let token) = flow.step else { Issue.record("not joined: \(flow.step), \(String(describing: flow.notice))"); return }
        #expect(screen.joins.map(\.token) == [token])
        #expect(screen.joins.map(\.auction) == ["auction-lx318"])
        let hold = try #require(world.charges(for: customer.id).first)
        #expect(hold.status == .authorized, "a hold, never a capture")
        #expect(hold.amount == Money(minorUnits: 15_000, currency: .eur))
        #expect(reporter.violations.isEmpty)
    }

    @Test func joiningWithANewCardSavesItFirst() throws {
        world.signUp()
        let (flow, controller) = try flow()
        flow.placeStartBid(with: world.newCard())
        world.advance()
        #expect(flow.notice == nil)
        guard case .joined = flow.step else { Issue.record("not joined: \(flow.step), \(String(describing: flow.notice))"); return }
        #expect(controller.payments.count == 1)
        #expect(reporter.violations.isEmpty)
    }

    @Test func aNewCardNotKeptHoldsTheBidWithItsOneTimeTokenAndIsNotSaved() throws {
        world.signUp()
        let (flow, controller) = try flow()
        flow.placeStartBid(with: world.newCard(), keepingIt: false)
        world.advance()
        guard case .joined = flow.step else { Issue.record("not joined: \(flow.step), \(String(describing: flow.notice))"); return }
        #expect(controller.payments.isEmpty)
        #expect(try world.services.account.savedCards().isEmpty)
        // The hold is on the card's one-time token, not on a saved method.
        let holds = try world.core.database.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT status, last_four FROM charges WHERE payment_method_id IS NULL")
        }
        #expect(holds.count == 1)
        #expect(holds.first?["status"] == "authorized")
        #expect(holds.first?["last_four"] == "4242")
        #expect(reporter.violations.isEmpty)
    }

    @Test func aChallengeCardJoinsWithTheRightCodeAndFailsWithAWrongOne() throws {
        world.signUp()
        let (flow, _) = try flow()
        screen.challenge.code = "999999"
        flow.placeStartBid(with: world.newCard(CoreWorld.challengeAlways))
        world.advance()
        #expect(flow.notice == .chargeFailed(.authenticationFailed))
        #expect(flow.step == .payment)
        screen.challenge.code = SimulatedAcquirer.challengeCode
        flow.placeStartBid()
        world.advance()
        guard case .joined = flow.step else { Issue.record("not joined: \(flow.step), \(String(describing: flow.notice))"); return }
        #expect(screen.challenge.shown.count == 2)
    }

    @Test func aClosedAuctionRefusesTheBidWithItsReason() throws {
        world.signUp()
        _ = try world.services.account.saveCard(world.newCard())
        let (flow, _) = try flow("auction-lx40")
        flow.placeStartBid()
        world.advance()
        #expect({ if case .chargeFailed(.refused(.auction(.auctionClosed))) = flow.notice { true } else { false } }())
        #expect(screen.joins.isEmpty)
    }

    @Test func aDeclinedCardAndARemovedCard() throws {
        world.signUp()
        let declining = try world.services.account.saveCard(world.newCard("4000000000000341")).card
        let (flow, _) = try flow()
        flow.placeStartBid()
        world.advance()
        #expect(flow.notice == .chargeFailed(.declined))
        flow.remove(declining)
        #expect(flow.notice == .cardRemoved)
        #expect(flow.payments.isEmpty)
    }

    @Test func cardsAddedAndRemovedOnThePaymentStep() throws {
        world.signUp()
        let (flow, _) = try flow()
        flow.placeStartBid()
        #expect(flow.notice == .noCardSelected)
        let card = world.newCard()
        flow.addCard(card)
        #expect(flow.notice == .cardSaved)
        #expect(flow.payments.count == 1)
        flow.addCard(card)
        #expect(flow.notice == .saveFailed(.paymentMethod(.token(.tokenAlreadyUsed))), "a one-time token saves once")
        let saved = try #require(flow.payments.first)
        flow.remove(saved)
        #expect(flow.notice == .cardRemoved)
        flow.remove(saved)
        #expect(flow.notice == .removeFailed(.paymentMethod(.notFound)))
    }

    @Test func nobodySignedInCannotBid() throws {
        let (flow, controller) = try flow()
        #expect(controller.customerId.isEmpty)
        flow.placeStartBid()
        #expect(flow.notice == .signInRequired)
    }
}

@_spi(Core) import CheckoutKit
import Clocks
import PaymentsCore
import Testing

/// Issue 32, "a refused card is kept": every path that saves a card typed at the counter saves
/// it only after its bank said yes, to the payment it was typed for or to the zero-amount check.
/// Each path is tried with a declined card, an insufficient-funds card and an approved one, "Save
/// this card" ticked, reading the saved cards after each.
@Suite struct CardSavedOnlyAfterTheBankSaidYesTests {
    static let declined = "4000000000000002"
    static let insufficientFunds = "4000000000009995"
    static let challengeOnce = "4000000000003220"

    static func savedLastFours(_ world: CoreWorld) throws -> [String] {
        try world.services.account.savedCards().map(\.card.lastFour)
    }

    // MARK: - The store's checkout (the screens, the accessible mode and the tapes all pay here)

    @Test(arguments: ControllerEngine.allCases)
    func theStoreKeepsOnlyTheCardWhoseChargeSucceeded(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        world.signUp()
        try store.add(productID: "honey-clover", quantity: 1)
        let declined = world.pay(.newCardToken(world.newCard(Self.declined).vaultToken!), saveCard: true)
        guard case .failure(.checkoutFailed(.declined))? = declined else { Issue.record("not declined: \(String(describing: declined))"); return }
        #expect(try Self.savedLastFours(world).isEmpty)
        let poor = world.pay(.newCardToken(world.newCard(Self.insufficientFunds).vaultToken!), saveCard: true)
        guard case .failure(.checkoutFailed(.insufficientFunds))? = poor else { Issue.record("not refused: \(String(describing: poor))"); return }
        #expect(try Self.savedLastFours(world).isEmpty)
        let paid = try #require(try world.pay(.newCardToken(world.newCard().vaultToken!), saveCard: true)?.get())
        let cards = try world.services.account.savedCards()
        #expect(cards.map(\.card.lastFour) == ["4242"])
        #expect(paid.charge.paymentMethodIdentifier == cards.first?.card.id, "the receipt names the card saved")
    }

    @Test(arguments: ControllerEngine.allCases)
    func theStoreKeepsNothingUnticked(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        world.signUp()
        try store.add(productID: "honey-clover", quantity: 1)
        _ = try #require(try world.pay(.newCardToken(world.newCard().vaultToken!), saveCard: false)?.get())
        #expect(try Self.savedLastFours(world).isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases, [("000000", false), (nil, false), (SimulatedAcquirer.challengeCode, true)] as [(String?, Bool)])
    func aChallengeSavesTheCardOnlyWhenItSucceeds(_ engine: ControllerEngine, _ answer: (code: String?, saves: Bool)) throws {
        let world = try CoreWorld(engine), store = world.services.store
        world.signUp()
        try store.add(productID: "honey-acacia", quantity: 1)
        let screen = ChallengeScreen(code: answer.code)
        let result = world.pay(.newCardToken(world.newCard(Self.challengeOnce).vaultToken!), saveCard: true, challenge: screen)
        #expect(screen.shown.count == 1)
        #expect(((try? result?.get()) != nil) == answer.saves)
        #expect(try Self.savedLastFours(world) == (answer.saves ? ["3220"] : []))
        guard answer.saves, let saved = try world.services.account.savedCards().first else { return }
        // Saved after its challenge: its bank does not ask again at the next payment.
        try store.add(productID: "honey-acacia", quantity: 1)
        _ = try #require(try world.pay(.savedPayment(identifier: saved.card.id), challenge: screen)?.get())
        #expect(screen.shown.count == 1)
    }

    /// The bank does not answer: nothing is saved while the outcome is not known, nor when the
    /// settler learns the yes after the shopper stopped waiting (she never heard it).
    @Test(arguments: ControllerEngine.allCases)
    func aChargeWhoseOutcomeIsNotKnownSavesNothing(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        world.signUp()
        try store.add(productID: "honey-acacia", quantity: 1)
        var answer: Result<StoreReceipt, StoreError>?
        store.checkout(with: .newCardToken(world.newCard(CoreWorld.neverAnswers).vaultToken!), saveCard: true, authentication: nil) { answer = $0 }
        world.advance(.seconds(5))
        #expect(answer == nil)
        #expect(try Self.savedLastFours(world).isEmpty, "not while the outcome is not known")
        store.stopWaiting()
        world.advance(.seconds(60))
        #expect(try world.services.account.orderHistory().first?.state == .paid, "the settler learnt the bank's yes")
        #expect(try Self.savedLastFours(world).isEmpty)
    }

    /// The same card answered while the shopper still waits: its bank said yes, and it is kept.
    @Test(arguments: ControllerEngine.allCases)
    func aLateYesHeardByTheShopperSavesTheCard(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        world.signUp()
        try store.add(productID: "honey-acacia", quantity: 1)
        var answer: Result<StoreReceipt, StoreError>?
        store.checkout(with: .newCardToken(world.newCard(CoreWorld.neverAnswers).vaultToken!), saveCard: true, authentication: nil) { answer = $0 }
        world.advance(.seconds(60))
        #expect((try? answer?.get()) != nil)
        #expect(try Self.savedLastFours(world) == ["0259"])
    }

    // MARK: - The auction's "New card bid" and "Add card"

    @Test(arguments: ControllerEngine.allCases)
    func theAuctionKeepsOnlyTheNewCardWhoseHoldWasAuthorised(_ engine: ControllerEngine) throws {
        let bidder = try CoreAuctionControllerTests.Bidder(engine)
        bidder.world.signUp()
        let (flow, _) = try bidder.flow()
        flow.placeStartBid(with: bidder.world.newCard(Self.declined), keepingIt: true)
        bidder.world.advance()
        #expect(flow.notice == .chargeFailed(.declined))
        #expect(flow.payments.isEmpty)
        #expect(try Self.savedLastFours(bidder.world).isEmpty)
        flow.placeStartBid(with: bidder.world.newCard(Self.insufficientFunds), keepingIt: true)
        bidder.world.advance()
        #expect(flow.notice == .chargeFailed(.insufficientFunds))
        #expect(try Self.savedLastFours(bidder.world).isEmpty)
        flow.placeStartBid(with: bidder.world.newCard(), keepingIt: true)
        bidder.world.advance()
        guard case .joined = flow.step else { Issue.record("not joined: \(flow.step), \(String(describing: flow.notice))"); return }
        #expect(try Self.savedLastFours(bidder.world) == ["4242"])
        #expect(bidder.reporter.violations.isEmpty)
    }

    /// "Add card" moves no money: the bank's zero-amount check decides. It refuses a refused
    /// card; it does not test funds, so the insufficient-funds card passes it, as a real bank's
    /// would (the simulated acquirer's rule), and is saved.
    @Test(arguments: ControllerEngine.allCases)
    func theAuctionsAddCardSavesOnlyWhatTheBanksCheckApproved(_ engine: ControllerEngine) throws {
        let bidder = try CoreAuctionControllerTests.Bidder(engine)
        bidder.world.signUp()
        let (flow, _) = try bidder.flow()
        flow.addCard(bidder.world.newCard(Self.declined))
        #expect(flow.payments.isEmpty, "nothing saved before the bank answers")
        bidder.world.advance()
        #expect(flow.notice == .saveFailed(.decline(PaymentDecline(.genericDecline))))
        #expect(try Self.savedLastFours(bidder.world).isEmpty)
        flow.addCard(bidder.world.newCard(Self.insufficientFunds))
        bidder.world.advance()
        #expect(try Self.savedLastFours(bidder.world) == ["9995"])
        flow.addCard(bidder.world.newCard())
        bidder.world.advance()
        #expect(flow.notice == .cardSaved)
        #expect(try Set(Self.savedLastFours(bidder.world)) == ["9995", "4242"])
    }

    @Test(arguments: ControllerEngine.allCases)
    func theAuctionsAddCardAsksTheChallengeAndSavesOnlyWhenItSucceeds(_ engine: ControllerEngine) throws {
        let bidder = try CoreAuctionControllerTests.Bidder(engine)
        bidder.world.signUp()
        let (flow, _) = try bidder.flow()
        bidder.screen.challenge.code = "000000"
        flow.addCard(bidder.world.newCard(CoreWorld.challengeAlways))
        bidder.world.advance()
        #expect(try Self.savedLastFours(bidder.world).isEmpty)
        bidder.screen.challenge.code = SimulatedAcquirer.challengeCode
        flow.addCard(bidder.world.newCard(CoreWorld.challengeAlways))
        bidder.world.advance()
        #expect(flow.notice == .cardSaved)
        #expect(try Self.savedLastFours(bidder.world) == ["3184"])
        #expect(bidder.screen.challenge.shown.count == 2)
    }

    // MARK: - The account's "Saved cards" (no payment: the zero-amount check)

    @Test(arguments: ControllerEngine.allCases)
    func theAccountSavesOnlyWhatTheBanksCheckApproved(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), account = world.services.account
        world.signUp()
        let declined = world.settle { account.saveCheckedCard(world.newCard(Self.declined), authentication: nil, completion: $0) }
        #expect({ if case .failure? = declined { true } else { false } }())
        #expect(try Self.savedLastFours(world).isEmpty)
        let poor = world.settle { account.saveCheckedCard(world.newCard(Self.insufficientFunds), authentication: nil, completion: $0) }
        #expect((try? poor?.get()) != nil, "the check moves no money, so it does not test funds")
        let approved = world.settle { account.saveCheckedCard(world.newCard(), authentication: nil, completion: $0) }
        #expect((try? approved?.get()) != nil)
        #expect(try Set(Self.savedLastFours(world)) == ["9995", "4242"])
    }
}

private extension CoreWorld {
    /// The store's checkout, run until the bank has answered.
    func pay(_ source: CardFundingSource, saveCard: Bool = false, challenge: ChallengeScreen? = nil) -> Result<StoreReceipt, StoreError>? {
        settle { services.store.checkout(with: source, saveCard: saveCard, authentication: challenge, completion: $0) }
    }
}

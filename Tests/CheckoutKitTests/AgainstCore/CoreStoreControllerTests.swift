@_spi(Core) import CheckoutKit
import Clocks
import PaymentsCore
import Testing

/// Seed 001 against the real core: the four jars, the cart, checkout by new card and saved card,
/// 3-D Secure, declines, the double "Pay", and the account side.
@Suite struct CoreStoreControllerTests {
    @Test(arguments: ControllerEngine.allCases)
    func theFourJarsComeFromTheDatabase(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        let loaded = world.settle { store.loadProducts(completion: $0) }
        let products = try #require(try loaded?.get())
        #expect(products.map(\.id) == ["honey-acacia", "honey-clover", "honey-manuka", "honey-wildflower"])
        #expect(products[0].price == Money(minorUnits: 650, currency: .eur))
        #expect(products[2].stock == 3)
        #expect(store.products == products)
    }

    @Test(arguments: ControllerEngine.allCases)
    func buyingTwoJarsWith4242PaysTheOrderAndTakesThemOffTheShelf(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        try store.add(productID: "honey-acacia", quantity: 2)
        #expect(store.total == Money(minorUnits: 1_300, currency: .eur))
        let card = world.newCard()
        let receipt = try #require(try world.checkout(.newCardToken(card.vaultToken!))?.get())
        #expect(receipt.total == Money(minorUnits: 1_300, currency: .eur))
        #expect(receipt.lines.map(\.quantity) == [2])
        #expect(receipt.charge.lastFour == "4242")
        #expect(world.stock(of: "honey-acacia") == 10)
        #expect(store.cart.isEmpty)
        let order = try #require(try world.services.account.orderHistory().first)
        #expect(order.state == .paid)
        #expect(order.number == receipt.orderIdentifier)
        #expect(try world.core.charges.charge(receipt.charge.chargeIdentifier).status == .succeeded)
    }

    @Test(arguments: ControllerEngine.allCases, [
        ("4000000000000002", CardChargeFailure.declined),
        ("4000000000009995", .insufficientFunds),
        ("4000000000009987", .lostCard),
        ("4000000000000069", .expiredCard),
        ("4000000000000127", .incorrectCVC),
        ("4000000000000119", .processingError),
    ])
    func eachDeclineHasItsMessageAndKeepsTheCart(_ engine: ControllerEngine, _ decline: (number: String, failure: CardChargeFailure)) throws {
        let (number, failure) = decline
        let world = try CoreWorld(engine), store = world.services.store
        try store.add(productID: "honey-clover", quantity: 1)
        let result = world.checkout(.newCardToken(world.newCard(number).vaultToken!))
        guard case .failure(.checkoutFailed(let got))? = result else { Issue.record("no decline: \(String(describing: result))"); return }
        #expect(got == failure)
        #expect(store.cart.quantity(of: "honey-clover") == 1, "a failed payment restores the counter to idle with the cart")
        #expect(world.stock(of: "honey-clover") == 20)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aChallengeCardAsksForTheCodeAndPaysWithTheRightOne(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        try store.add(productID: "honey-manuka", quantity: 1)
        let screen = ChallengeScreen(code: SimulatedAcquirer.challengeCode)
        let receipt = try #require(try world.checkout(.newCardToken(world.newCard(CoreWorld.challengeAlways).vaultToken!), challenge: screen)?.get())
        #expect(screen.shown.count == 1)
        #expect(screen.shown.first?.amount == Money(minorUnits: 2_400, currency: .eur))
        #expect(receipt.charge.lastFour == "3184")
        #expect(world.stock(of: "honey-manuka") == 2)
    }

    /// The checkout screen shows the challenge step and answers when the shopper has typed.
    final class HeldChallengeScreen: AuthenticationPresenter {
        var held: ((String?) -> Void)?
        func presentChallenge(_ challenge: ThreeDSChallenge, completion: @escaping (String?) -> Void) { held = completion }
    }

    @Test(arguments: ControllerEngine.allCases)
    func theChallengeWaitsForTheShopper(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        try store.add(productID: "honey-acacia", quantity: 1)
        let screen = HeldChallengeScreen()
        var answer: Result<StoreReceipt, StoreError>?
        store.checkout(with: .newCardToken(world.newCard(CoreWorld.challengeAlways).vaultToken!), saveCard: false, authentication: screen) { answer = $0 }
        world.advance(.seconds(60))
        #expect(answer == nil)
        #expect(store.isCheckingOut)
        #expect(throws: StoreError.self) { try store.add(productID: "honey-acacia", quantity: 1) }
        let typed = try #require(screen.held)
        typed(SimulatedAcquirer.challengeCode)
        world.advance()
        #expect(try answer?.get().total == Money(minorUnits: 650, currency: .eur))
        #expect(!store.isCheckingOut)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aWrongCodeOrACancelledChallengeChargesNothing(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        try store.add(productID: "honey-manuka", quantity: 1)
        let wrong = world.checkout(.newCardToken(world.newCard(CoreWorld.challengeAlways).vaultToken!), challenge: ChallengeScreen(code: "000000"))
        #expect(wrong.map { if case .failure(.checkoutFailed(.authenticationFailed)) = $0 { true } else { false } } == true)
        let cancelled = world.checkout(.newCardToken(world.newCard(CoreWorld.challengeAlways).vaultToken!), challenge: ChallengeScreen(code: nil))
        #expect(cancelled.map { if case .failure(.checkoutFailed(.authenticationCancelled)) = $0 { true } else { false } } == true)
        let unattended = world.checkout(.newCardToken(world.newCard(CoreWorld.challengeAlways).vaultToken!))
        #expect(unattended.map { if case .failure(.checkoutFailed(.refused)) = $0 { true } else { false } } == true)
        #expect(world.stock(of: "honey-manuka") == 3)
        #expect(store.cart.quantity(of: "honey-manuka") == 1)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aDoublePayChargesOnce(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        let customer = world.signUp()
        try store.add(productID: "honey-wildflower", quantity: 1)
        let saved = try world.services.account.saveCard(world.newCard())
        var answers: [Result<StoreReceipt, StoreError>] = []
        store.checkout(with: .savedPayment(identifier: saved.card.id)) { answers.append($0) }
        store.checkout(with: .savedPayment(identifier: saved.card.id)) { answers.append($0) }
        #expect(store.isCheckingOut)
        world.advance()
        #expect(answers.count == 2)
        let first = try answers[0].get(), second = try answers[1].get()
        #expect(first == second)
        #expect(world.charges(for: customer.id).count == 1)
        #expect(world.stock(of: "honey-wildflower") == 7)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aSavedCardIsReusedAndNeverSavedTwice(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        let customer = world.signUp()
        try store.add(productID: "honey-acacia", quantity: 1)
        let first = try #require(try world.checkout(.newCardToken(world.newCard().vaultToken!), saveCard: true)?.get())
        let savedId = try #require(first.charge.paymentMethodIdentifier)
        try store.add(productID: "honey-acacia", quantity: 1)
        let again = try #require(try world.checkout(.newCardToken(world.newCard().vaultToken!), saveCard: true)?.get())
        #expect(again.charge.paymentMethodIdentifier == savedId, "same fingerprint: the card saved before is used")
        let cards = try #require(try world.settle { store.savedPayments(completion: $0) }?.get())
        #expect(cards.map(\.id) == [savedId])
        try store.add(productID: "honey-acacia", quantity: 1)
        let reuse = try #require(try world.checkout(.savedPayment(identifier: savedId))?.get())
        #expect(reuse.charge.paymentMethodIdentifier == savedId)
        // The first two were charged to the typed card's token (the card saved after each
        // succeeded), the third to the saved card: three orders paid.
        #expect(world.charges(for: customer.id).count == 1)
        #expect(try world.services.account.orderHistory().filter { $0.state == .paid }.count == 3)
        #expect(try world.services.account.orderHistory().count == 3)
    }

    @Test(arguments: ControllerEngine.allCases)
    func theCartKeepsToTheShelfAndTheSession(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        #expect(throws: StoreError.notEnoughStock(productID: "honey-manuka", available: 3)) { try store.add(productID: "honey-manuka", quantity: 4) }
        #expect(throws: StoreError.productNotFound("honey-royal")) { try store.add(productID: "honey-royal", quantity: 1) }
        try store.add(productID: "honey-clover", quantity: 2)
        try store.changeQuantity(productID: "honey-clover", to: 3)
        #expect(store.cart.quantity(of: "honey-clover") == 3)
        store.remove(productID: "honey-clover")
        #expect(store.cart.isEmpty)
        try store.add(productID: "honey-clover", quantity: 1)
        world.signUp()
        #expect(store.cart.quantity(of: "honey-clover") == 1, "the guest's jars come along into the customer's cart")
        store.emptyCart()
        #expect(world.checkout(.newCardToken(world.newCard().vaultToken!)).map { if case .failure(.emptyCart) = $0 { true } else { false } } == true)
        try store.add(productID: "honey-acacia", quantity: 1)
        world.services.account.logOut()
        #expect(store.cart.isEmpty, "the next guest starts empty")
        #expect(world.settle { store.savedPayments(completion: $0) }.map { if case .failure(.notSignedIn) = $0 { true } else { false } } == true)
        _ = try world.services.account.logIn(email: "ada@example.com", password: "honey-2026")
        #expect(store.cart.quantity(of: "honey-acacia") == 1, "the customer's cart waits for them")
    }
}

/// The account screens against the real core: sign up / log in / log out, saved cards,
/// subscriptions.
@Suite struct StoreAccountTests {
    @Test(arguments: ControllerEngine.allCases)
    func signUpLogInAndOut(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), account = world.services.account
        let customer = world.signUp()
        #expect(customer.clientID.hasPrefix("client"))
        account.logOut()
        #expect(!account.isSignedIn)
        #expect(throws: AccountError.self) { try account.logIn(email: "ada@example.com", password: "wrong-2026") }
        #expect(try account.logIn(email: "ada@example.com", password: "honey-2026").id == customer.id)
        #expect(throws: AccountError.self) { try account.signUp(email: "ada@example.com", password: "honey-2026") }
    }

    @Test(arguments: ControllerEngine.allCases)
    func savedCardsDefaultFirstAndRemovable(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), account = world.services.account
        world.signUp()
        let visa = try account.saveCard(world.newCard()).card
        let amex = try account.saveCard(world.newCard(CoreWorld.amex, cvc: "1234")).card
        #expect(try account.saveCard(world.newCard()).alreadySaved)
        #expect(try account.savedCards().map(\.card.id) == [visa.id, amex.id])
        try account.setDefaultCard(amex.id)
        #expect(try account.savedCards().first?.card.id == amex.id)
        #expect(try account.savedCards().allSatisfy { !$0.isExpired })
        try account.removeCard(amex.id)
        #expect(try account.savedCards().map(\.card.id) == [visa.id])
    }

    @Test(arguments: ControllerEngine.allCases)
    func aCardThatExpiresIsFlaggedAndNoLongerOfferedForBids(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), account = world.services.account
        world.signUp()
        let card = try account.saveCard(world.newCard(expiry: "12/26")).card
        #expect(try account.savedCards().map(\.isExpired) == [false])
        world.advance(.days(40))
        #expect(try account.savedCards().map(\.isExpired) == [true])
        #expect(try account.savedCards().first?.card.id == card.id, "kept in the list, flagged")
        #expect(world.services.auctionController(for: "auction-lx318").payments.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aSwipedOrTypedCardBecomesAOneTimeToken(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), account = world.services.account
        let swiped = try world.services.cards.tokenize(swipe: "%B4242424242424242^LOVELACE/ADA^3012101000000000000000?", cvc: "123")
        #expect(swiped.lastFour == "4242")
        #expect(swiped.expiryYear == 2030)
        #expect(swiped.vaultToken != nil)
        #expect(throws: CardEntryError.self) { try world.services.cards.tokenize(swipe: "%B4242^", cvc: "123") }
        do {
            _ = try world.services.cards.tokenize(number: "4242424242424241", expiry: "01/20", cvc: "1", holder: "")
            Issue.record("an invalid card was tokenised")
        } catch {
            guard case .invalid(let fields) = error else { Issue.record("not a form error: \(error)"); return }
            #expect(fields.number != nil && fields.expiry != nil && fields.cvc != nil && fields.holder != nil,
                    "every field at fault at once: \(fields)")
        }
    }

    /// The first period of a subscription on a card that asks for 3-D Secure: the check is
    /// shown (the shopper is there); the right code pays it, a cancelled check charges nothing
    /// and leaves no subscription, and without anyone to show it the card is refused as before.
    @Test(arguments: ControllerEngine.allCases)
    func subscribingWithACardThatAsksForACheckShowsIt(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), account = world.services.account
        world.signUp()
        let card = try account.saveCard(world.newCard(CoreWorld.challengeAlways)).card
        let plan = try #require(try account.plans().first)
        // Held here: the gateway holds its presenter weakly, as the store's checkout does.
        let walksAway = ChallengeScreen(code: nil)
        let cancelled = world.settle { account.subscribe(planId: plan.id, cardID: card.id, authentication: walksAway, completion: $0) }
        #expect(walksAway.shown.count == 1)
        #expect(cancelled == .failure(.refused(.cardCharge(.authenticationCancelled))))
        let unattended = world.settle { account.subscribe(planId: plan.id, cardID: card.id, completion: $0) }
        #expect(unattended == .failure(.refused(.cardCharge(.authenticationRequired))))
        #expect(try account.subscriptions().isEmpty)
        #expect(world.charges(for: world.services.session.customerId).allSatisfy { $0.status != .succeeded })

        let screen = ChallengeScreen(code: SimulatedAcquirer.challengeCode)
        let subscription = try #require(try world.settle { account.subscribe(planId: plan.id, cardID: card.id, authentication: screen, completion: $0) }?.get())
        #expect(subscription.state == .active)
        #expect(screen.shown.map(\.amount) == [plan.price])
        #expect(screen.shown.map(\.cardLastFour) == ["3184"])
    }

    /// A check nobody answers (the shopper walked away, or the counter stopped) is the settler's:
    /// after 15 minutes the charge is cancelled, the subscription that never was is removed, and
    /// the audit finds nothing wrong.
    @Test(arguments: ControllerEngine.allCases)
    func aCheckNobodyAnswersIsSettledWithNoChargeAndNoSubscription(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), account = world.services.account
        world.signUp()
        let card = try account.saveCard(world.newCard(CoreWorld.challengeAlways)).card
        let plan = try #require(try account.plans().first)
        let screen = CoreStoreControllerTests.HeldChallengeScreen()
        var answer: Result<Subscription, AccountError>?
        account.subscribe(planId: plan.id, cardID: card.id, authentication: screen) { answer = $0 }
        world.advance(.seconds(5))
        #expect(screen.held != nil)
        #expect(answer == nil)
        world.advance(.minutes(16))
        _ = world.settle { world.services.commerce.settler.settle(completion: $0) }
        #expect(try account.subscriptions().isEmpty)
        #expect(world.charges(for: world.services.session.customerId).allSatisfy { $0.status != .succeeded })
        let problems = try LedgerAudit(unsettledAfter: .minutes(15)).violations(in: world.core.store, now: world.clock.now)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: ControllerEngine.allCases)
    func subscribeWithASavedCardAndCancelAtPeriodEnd(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), account = world.services.account
        world.signUp()
        let card = try account.saveCard(world.newCard()).card
        let plan = try #require(try account.plans().first)
        let subscription = try #require(try world.settle { account.subscribe(planId: plan.id, cardID: card.id, completion: $0) }?.get())
        #expect(subscription.state == .active)
        #expect(subscription.nextRenewalAt != nil)
        let cancelled = try account.cancelSubscription(subscription.id, atPeriodEnd: true)
        #expect(cancelled.cancelAtPeriodEnd)
        #expect(try account.subscriptions().map(\.id) == [subscription.id])
        #expect(try account.failedRenewals(of: subscription.id).isEmpty)
    }
}

private extension CoreWorld {
    /// Pays the store's cart as the checkout screen does, and lets the loop run.
    func checkout(_ source: CardFundingSource, saveCard: Bool = false, challenge: ChallengeScreen? = nil) -> Result<StoreReceipt, StoreError>? {
        settle { services.store.checkout(with: source, saveCard: saveCard, authentication: challenge, completion: $0) }
    }
}

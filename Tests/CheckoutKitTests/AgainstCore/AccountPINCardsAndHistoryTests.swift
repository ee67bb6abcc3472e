@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// The account's controller on a real core: the payments PIN (set once, changed with the current
/// one, the auction's lockout shared), saving a card while locked, and the history with the
/// subscriptions' payments.
@Suite struct AccountPINCardsAndHistoryTests {
    @Test(arguments: ControllerEngine.allCases)
    func thePINIsSetOnceAndChangedWithTheCurrentOneUnderTheAuctionsLockout(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        let customer = world.signUp()
        let account = world.services.account
        #expect(!account.hasPIN)
        try account.setPIN("2468")
        #expect(account.hasPIN)
        #expect(throws: AccountError.refused(.customer(.pinAlreadySet))) { try account.setPIN("1357") }
        #expect(throws: AccountError.refused(.customer(.wrongPIN(attemptsLeft: 2)))) { try account.changePIN(current: "1111", new: "1357") }
        // The auction's data source counts the same tries: its next wrong PIN leaves one.
        let controller = world.services.auctionController(for: "auction-lx318")
        let screen = AuctionScreen()
        screen.pins = ["0000"]
        controller.pinProvider = screen
        var refusal: Refusal?
        controller.unlockPayments(success: {}, failure: { refusal = $0 }, cancel: nil, exceededAttempts: nil)
        #expect(refusal == .customer(.wrongPIN(attemptsLeft: 1)))
        let until = world.clock.now.addingTimeInterval(15 * 60)
        #expect(throws: AccountError.refused(.customer(.tooManyPINAttempts(lockedUntil: until)))) {
            try account.changePIN(current: "1111", new: "1357")
        }
        world.advance(.seconds(15 * 60))
        try account.changePIN(current: "2468", new: "1357")
        #expect(account.isPaymentsLocked)
        #expect(throws: AccountError.refused(.customer(.wrongPIN(attemptsLeft: 2)))) { try account.unlockPayments(pin: "2468") }
        try account.unlockPayments(pin: "1357")
        #expect(!account.isPaymentsLocked)
        #expect(customer.hasPIN == false, "the value signed up is a snapshot; the account reads the core")
    }

    @Test(arguments: ControllerEngine.allCases)
    func aCardIsSavedOnlyUnlockedAndTheSameCardIsNotAddedTwice(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        world.signUp(pin: true)
        let account = world.services.account
        #expect(throws: AccountError.refused(.paymentMethod(.paymentsLocked))) { try account.saveCard(world.newCard()) }
        try account.unlockPayments(pin: CoreWorld.pin)
        let first = try account.saveCard(world.newCard())
        #expect(!first.alreadySaved)
        let again = try account.saveCard(world.newCard(expiry: "09/31"))
        #expect(again.alreadySaved)
        #expect(again.card.id == first.card.id)
        let cards = try account.savedCards()
        #expect(cards.count == 1)
        #expect(cards.first?.summary == "Visa •••• 4242 (09/31)")
    }

    @Test(arguments: ControllerEngine.allCases)
    func theHistoryListsTheSubscriptionsPaymentsNewestFirstWithTheirCard(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        world.signUp()
        let account = world.services.account
        let card = try account.saveCard(world.newCard()).card
        let subscribed = world.settle { account.subscribe(planId: "plan-weekly-jar", cardID: card.id, completion: $0) }
        #expect((try? subscribed?.get())?.state == .active)
        // A PIN set since locks the counter, not the renewal.
        try account.setPIN(CoreWorld.pin)
        world.advance(.seconds(7 * 86_400))
        var ran = false
        world.services.runDueWork { ran = true }
        world.advance(.seconds(5))
        #expect(ran)

        let history = try account.history()
        let payments = history.compactMap { entry -> SubscriptionPaymentLine? in
            if case .subscriptionPayment(let payment) = entry { payment } else { nil }
        }
        #expect(payments.map(\.isRenewal) == [true, false])
        #expect(payments.map(\.succeeded) == [true, true])
        #expect(payments.map(\.planName) == ["Weekly jar", "Weekly jar"])
        #expect(payments.allSatisfy { $0.amount == Money(minorUnits: 350, currency: .eur) })
        #expect(payments.allSatisfy { $0.paidWith == .card(brand: "Visa", lastFour: "4242") })
        #expect(payments[0].at > payments[1].at)
    }
}

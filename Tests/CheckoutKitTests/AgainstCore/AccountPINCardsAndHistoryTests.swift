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

    /// Each period paid is an order (booked on the card that paid it), newest first; a payment that
    /// did not go through is listed as a subscription payment (it took no money, so it is no order).
    @Test(arguments: ControllerEngine.allCases)
    func theHistoryListsTheSubscriptionsPeriodsAsOrdersNewestFirstWithTheirCard(_ engine: ControllerEngine) throws {
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
        let orders = history.compactMap { entry -> Order? in
            if case .order(let order) = entry { order } else { nil }
        }
        #expect(history.count == orders.count, "a period paid is listed once, as its order")
        #expect(orders.map { $0.lines.map(\.name) } == [["Weekly jar, period 2"], ["Weekly jar, period 1"]])
        #expect(orders.map(\.state) == [.paid, .paid])
        #expect(orders.allSatisfy { $0.total == Money(minorUnits: 350, currency: .eur) })
        #expect(orders[0].createdAt > orders[1].createdAt)
        let booked = try world.core.store.read { tx in
            try orders.map { order in
                try tx.rows("SELECT tender, card_last_four FROM ledger_entries WHERE order_id = ?", order.id)
                    .map { "\(try $0.value(String.self, "tender")) \(try $0.value(String.self, "card_last_four"))" }
            }
        }
        #expect(booked == [["card 4242"], ["card 4242"]], "each period booked on the card that paid it")
    }
}

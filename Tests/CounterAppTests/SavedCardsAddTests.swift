import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// Adding a card from Account → Saved cards: the store's card form, the PIN first when saved
/// payments are locked, the list kept underneath, and the account's answer said on the list.
@Suite struct SavedCardsAddTests {
    static let visa = SavedCard(card: PaymentCard(id: "pm_1", brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2030,
                                                  holderName: "Bee", isDefault: true),
                                summary: "Visa •••• 4242 (12/30)", isExpired: false, canBeCharged: true)
    static let mastercard = SavedCard(card: PaymentCard(id: "pm_2", brand: "Mastercard", lastFour: "4444", expiryMonth: 1, expiryYear: 2031,
                                                        holderName: "Bee"),
                                      summary: "Mastercard •••• 4444 (01/31)", isExpired: false, canBeCharged: true)
    static let token = PaymentCard(id: "tok_1", brand: "Mastercard", lastFour: "4444", expiryMonth: 1, expiryYear: 2031,
                                   holderName: "Bee", vaultToken: "tok_1")

    static func form() -> CardFormFeature.State {
        var form = CardFormFeature.State(canSave: true, today: StoreWorld.now, submitTitle: "Save card")
        form.saveCard = true
        form.asksToSave = false
        return form
    }

    @Test func unlockedItOpensTheStoresCardFormWithoutTheSaveBox() {
        var client = StoreWorld().client
        client.paymentsLocked = { false }
        let store = TestStore(initialState: SavedCardsFeature.State(cards: [Self.visa]), environment: client) { SavedCardsFeature.reduce(&$0, $1) }
        #expect(SavedCardsFeature.action(for: .key(.character("a")), in: store.state) == .add(.start))
        store.send(.add(.start))
        store.receive(.add(.opened(locked: false, today: StoreWorld.now))) { $0.adding = .form(Self.form()) }
        store.finish()
        #expect(SavedCardsFeature.hasTextFocus(store.state))
        #expect(SavedCardsFeature.keyHints(store.state).map(\.label) == ["Next field", "Next / Save", "Back", "Card reader"])
        // The box is not there to tick, nor to land on: Tab from the CVC goes to Save card.
        var form = Self.form()
        form.focus = .cvc
        _ = CardFormFeature.reduce(&form, .focusNext)
        #expect(form.focus == .submit)
        _ = CardFormFeature.reduce(&form, .focusPrevious)
        #expect(form.focus == .cvc)
    }

    @Test func lockedItAsksForThePINAndAWrongOneIsSaidAtTheField() {
        var client = StoreWorld().client
        client.paymentsLocked = { true }
        let wrong = AccountError.refused(.customer(.wrongPIN(attemptsLeft: 2)))
        var typed: [String] = []
        client.unlockPayments = { typed.append($0); return typed.count == 1 ? wrong : nil }
        let store = TestStore(initialState: SavedCardsFeature.State(cards: [Self.visa]), environment: client) { SavedCardsFeature.reduce(&$0, $1) }
        store.send(.add(.start))
        store.receive(.add(.opened(locked: true, today: StoreWorld.now))) { $0.adding = .unlocking(PaymentsPINFeature.State.pinField()) }
        store.send(.add(.unlock)) {
            var pin = PaymentsPINFeature.State.pinField()
            pin.problem = .pinMissing
            $0.adding = .unlocking(pin)
        }
        #expect(typed.isEmpty, "an empty PIN costs no try")
        #expect(SavedCardsFeature.action(for: .key(.character("q")), in: store.state) == .add(.typedPIN(.character("q"))), "q is typed, never Quit")
        for digit in "1111" {
            store.send(.add(.typedPIN(.character(digit)))) {
                guard case .unlocking(var pin) = $0.adding else { return }
                pin.input.insert(String(digit))
                pin.problem = nil
                $0.adding = .unlocking(pin)
            }
        }
        store.send(.add(.unlock)) {
            guard case .unlocking(var pin) = $0.adding else { return }
            pin.value = ""
            $0.adding = .unlocking(pin)
        }
        store.receive(.add(.unlocked(wrong, today: StoreWorld.now))) {
            var pin = PaymentsPINFeature.State.pinField()
            pin.problem = .account(wrong)
            $0.adding = .unlocking(pin)
        }
        for digit in "2468" {
            store.send(.add(.typedPIN(.character(digit)))) {
                guard case .unlocking(var pin) = $0.adding else { return }
                pin.input.insert(String(digit))
                pin.problem = nil
                $0.adding = .unlocking(pin)
            }
        }
        store.send(.add(.unlock)) {
            guard case .unlocking(var pin) = $0.adding else { return }
            pin.value = ""
            $0.adding = .unlocking(pin)
        }
        store.receive(.add(.unlocked(nil, today: StoreWorld.now))) { $0.adding = .form(Self.form()) }
        store.finish()
        #expect(typed == ["1111", "2468"])
    }

    @Test func escLeavesTheFormWithTheListAsItWas() {
        var initial = SavedCardsFeature.State(cards: [Self.visa, Self.mastercard])
        initial.list = ListSelection(1)
        initial.adding = .form(Self.form())
        let store = TestStore(initialState: initial, environment: StoreWorld().client) { SavedCardsFeature.reduce(&$0, $1) }
        #expect(SavedCardsFeature.action(for: .key(.escape), in: store.state) == .add(.cardForm(.delegate(.cancel))))
        store.send(.add(.cardForm(.delegate(.cancel)))) { $0.adding = nil }
        store.finish()
        #expect(store.state.cards == [Self.visa, Self.mastercard])
        #expect(store.state.selection == 1)
    }

    @Test func aSavedCardIsSelectedAndNamedAndAnEarlierOneSaysSo() {
        var client = StoreWorld().client
        var saved: [PaymentCard] = []
        client.saveCard = { card in
            saved.append(card)
            let stored = PaymentCard(id: "pm_2", brand: "Mastercard", lastFour: "4444", expiryMonth: 1, expiryYear: 2031, holderName: "Bee")
            return .success(CardSaved(card: stored, alreadySaved: saved.count > 1))
        }
        client.savedCards = { [Self.visa, Self.mastercard] }
        var initial = SavedCardsFeature.State(cards: [Self.visa])
        initial.adding = .form(Self.form())
        let store = TestStore(initialState: initial, environment: client) { SavedCardsFeature.reduce(&$0, $1) }
        store.send(.add(.cardForm(.delegate(.cardReady(Self.token, saveCard: true)))))
        store.receive(.add(.saved(.success(CardSaved(card: Self.mastercard.card, alreadySaved: false)), cards: [Self.visa, Self.mastercard]))) {
            $0.adding = nil
            $0.cards = [Self.visa, Self.mastercard]
            $0.list = ListSelection(1)
            $0.message = .added(card: "Mastercard •••• 4444")
        }
        store.finish()
        #expect(saved.map(\.vaultToken) == ["tok_1"], "only the vault's token goes to the account")
        #expect(SavedCardsFeature.words(.added(card: "Mastercard •••• 4444")) == "Saved Mastercard •••• 4444.")
        #expect(SavedCardsFeature.words(.alreadySaved(card: "Mastercard •••• 4444")) == "Mastercard •••• 4444 was already saved: its details are updated.")
    }

    @Test func aRefusalIsSaidOnTheListAndALockMeanwhileAsksForThePINAgain() {
        let expired = AccountError.refused(.paymentMethod(.cardExpired))
        var initial = SavedCardsFeature.State(cards: [Self.visa])
        initial.adding = .form(Self.form())
        let store = TestStore(initialState: initial, environment: StoreWorld().client) { SavedCardsFeature.reduce(&$0, $1) }
        store.send(.add(.saved(.failure(expired), cards: [Self.visa]))) {
            $0.adding = nil
            $0.message = .refused(expired)
        }
        store.send(.add(.start)) { $0.message = nil }
        store.receive(.add(.opened(locked: false, today: StoreWorld.now))) { $0.adding = .form(Self.form()) }
        store.send(.add(.saved(.failure(.refused(.paymentMethod(.paymentsLocked))), cards: [Self.visa]))) {
            $0.adding = .unlocking(PaymentsPINFeature.State.pinField())
        }
        store.finish()
    }

    @Test func theFooterListsOnlyKeysThatAct() {
        #expect(SavedCardsFeature.keyHints(SavedCardsFeature.State(cards: [])).map(\.key) == ["a", "Esc"])
        #expect(SavedCardsFeature.action(for: .key(.character("d")), in: SavedCardsFeature.State(cards: [])) == nil)
        #expect(SavedCardsFeature.keyHints(SavedCardsFeature.State(cards: [Self.visa])).map(\.key) == ["↑↓", "a", "d", "r", "Esc"])
    }
}

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
        store.receive(.add(.opened(locked: true, today: StoreWorld.now))) { $0.adding = .unlocking(PaymentsUnlockFeature.State()) }
        store.send(.add(.unlock(.unlock))) { $0.adding = .unlocking(Self.unlock(problem: .pinMissing)) }
        #expect(typed.isEmpty, "an empty PIN costs no try")
        #expect(SavedCardsFeature.action(for: .key(.character("q")), in: store.state) == .add(.unlock(.typed(.character("q")))),
                "q is typed, never Quit")
        #expect(SavedCardsFeature.keyHints(store.state) == PaymentsUnlockFeature.keyHints)
        Self.type("1111", into: store)
        store.send(.add(.unlock(.unlock))) { $0.adding = .unlocking(Self.unlock()) }
        store.receive(.add(.unlock(.answered(wrong)))) { $0.adding = .unlocking(Self.unlock(problem: .account(wrong))) }
        Self.type("2468", into: store)
        store.send(.add(.unlock(.unlock))) { $0.adding = .unlocking(Self.unlock()) }
        store.receive(.add(.unlock(.answered(nil))))
        store.receive(.add(.unlock(.delegate(.unlocked))))
        store.receive(.add(.opened(locked: false, today: StoreWorld.now))) { $0.adding = .form(Self.form()) }
        store.finish()
        #expect(typed == ["1111", "2468"])
    }

    @Test func escFromThePINLeavesTheListAsItWas() {
        var initial = SavedCardsFeature.State(cards: [Self.visa])
        initial.adding = .unlocking(Self.unlock(typed: "12"))
        let store = TestStore(initialState: initial, environment: StoreWorld().client) { SavedCardsFeature.reduce(&$0, $1) }
        #expect(SavedCardsFeature.action(for: .key(.escape), in: store.state) == .add(.unlock(.delegate(.cancelled))))
        store.send(.add(.unlock(.delegate(.cancelled)))) { $0.adding = nil }
        store.finish()
        #expect(store.state.cards == [Self.visa])
    }

    static func unlock(typed: String = "", problem: FieldProblem? = nil) -> PaymentsUnlockFeature.State {
        var unlock = PaymentsUnlockFeature.State()
        unlock.pin.value = typed
        unlock.pin.problem = problem
        return unlock
    }

    static func type(_ pin: String, into store: TestStore<SavedCardsFeature.State, SavedCardsFeature.Action, StoreClient>) {
        for digit in pin {
            store.send(.add(.unlock(.typed(.character(digit))))) {
                guard case .unlocking(var unlock) = $0.adding else { return }
                unlock.pin.input.insert(String(digit))
                unlock.pin.problem = nil
                $0.adding = .unlocking(unlock)
            }
        }
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
        client.saveCard = { card, _, completion in
            saved.append(card)
            let stored = PaymentCard(id: "pm_2", brand: "Mastercard", lastFour: "4444", expiryMonth: 1, expiryYear: 2031, holderName: "Bee")
            completion(.success(CardSaved(card: stored, alreadySaved: saved.count > 1)))
        }
        client.savedCards = { [Self.visa, Self.mastercard] }
        var initial = SavedCardsFeature.State(cards: [Self.visa])
        initial.adding = .form(Self.form())
        let store = TestStore(initialState: initial, environment: client) { SavedCardsFeature.reduce(&$0, $1) }
        store.send(.add(.cardForm(.delegate(.cardReady(Self.token, saveCard: true))))) { $0.adding = .checking(card: "Mastercard •••• 4444") }
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

    /// The card's bank asks for its 3-D Secure code before the card is kept: the challenge over
    /// the form's place, the answer to the account, and Esc cancels the check (nothing saved).
    @Test func aCardThatAsksForASecurityCheckIsSavedOnlyAfterTheCode() {
        var client = StoreWorld().client
        var answers: [String?] = []
        var finish: ((Result<CardSaved, AccountError>) -> Void)?
        let challenge = ThreeDSChallenge(identifier: "tok_1", amount: .zero(.eur), merchantName: "Honey Store",
                                         cardBrand: "Mastercard", cardLastFour: "4444", prompt: .confirmCard)
        client.saveCard = { _, onChallenge, completion in
            finish = completion
            onChallenge(challenge)
        }
        client.answerChallenge = { _, code in answers.append(code) }
        client.savedCards = { [Self.visa] }
        var initial = SavedCardsFeature.State(cards: [Self.visa])
        initial.adding = .form(Self.form())
        let store = TestStore(initialState: initial, environment: client) { SavedCardsFeature.reduce(&$0, $1) }
        store.send(.add(.cardForm(.delegate(.cardReady(Self.token, saveCard: true))))) { $0.adding = .checking(card: "Mastercard •••• 4444") }
        store.receive(.add(.challengeRequested(challenge))) { $0.adding = .challenge(ChallengeFeature.State(challenge: challenge)) }
        #expect(SavedCardsFeature.hasTextFocus(store.state))
        #expect(SavedCardsFeature.keyHints(store.state).map(\.label) == ["Code", "Confirm", "Cancel"], "a check, not a payment, is cancelled")
        #expect(SavedCardsFeature.action(for: .key(.escape), in: store.state) == .add(.challenge(.delegate(.answer(nil)))))
        store.send(.add(.challenge(.typed(.character("1"))))) {
            guard case .challenge(var typed) = $0.adding else { return }
            typed.code.input.insert("1")
            $0.adding = .challenge(typed)
        }
        store.send(.add(.challenge(.delegate(.answer(nil))))) { $0.adding = .checking(card: "Mastercard •••• 4444") }
        store.finish()
        #expect(answers == [nil], "Esc answers the bank: the check is cancelled")
        #expect(SavedCardsFeature.action(for: .key(.escape), in: store.state) == .add(.busy), "nothing leaves while the bank answers")
        let cancelled = AccountError.refused(.decline(PaymentDecline(code: "authentication_cancelled", cause: .securityCheckCancelled)))
        finish?(.failure(cancelled))
        store.receive(.add(.saved(.failure(cancelled), cards: [Self.visa]))) {
            $0.adding = nil
            $0.message = .refused(cancelled)
        }
        store.finish()
        #expect(SavedCardsFeature.words(.refused(cancelled)) == "The security check was cancelled.")
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
            $0.adding = .unlocking(PaymentsUnlockFeature.State())
        }
        store.finish()
    }

    @Test func theFooterListsOnlyKeysThatAct() {
        #expect(SavedCardsFeature.keyHints(SavedCardsFeature.State(cards: [])).map(\.key) == ["a", "Esc"])
        #expect(SavedCardsFeature.action(for: .key(.character("d")), in: SavedCardsFeature.State(cards: [])) == nil)
        // One card, the default: nothing to move to, nothing to make default.
        #expect(SavedCardsFeature.keyHints(SavedCardsFeature.State(cards: [Self.visa])).map(\.key) == ["a", "r", "Esc"])
        var two = SavedCardsFeature.State(cards: [Self.visa, Self.mastercard])
        #expect(SavedCardsFeature.keyHints(two).map(\.key) == ["↑↓", "a", "r", "Esc"], "the default card is selected")
        two.list = ListSelection(1)
        #expect(SavedCardsFeature.keyHints(two).map(\.key) == ["↑↓", "a", "d", "r", "Esc"])
    }
}

/// Paying with a saved card while saved payments are locked: the PIN first, then the charge;
/// Esc goes back to the picker without paying.
@Suite struct CheckoutUnlockTests {
    @Test func aLockedSavedCardAsksForThePINThenPays() {
        let world = StoreWorld()
        var client = world.client
        client.unlockPayments = { $0 == "2468" ? nil : .refused(.customer(.wrongPIN(attemptsLeft: 2))) }
        let initial = CheckoutFeature.State(savedCards: [SavedCardsAddTests.visa], now: StoreWorld.now, paymentsLocked: true)
        let store = TestStore(initialState: initial, environment: client) { CheckoutFeature.reduce(&$0, $1, session: StoreSession(shopper: "bee@example.com")) }
        store.send(.choose) { $0.phase = .unlocking(PaymentsUnlockFeature.State(), then: .payWith(SavedCardsAddTests.visa)) }
        #expect(world.checkouts.isEmpty, "nothing is charged before the PIN")
        #expect(CheckoutFeature.hasTextFocus(store.state))
        #expect(CheckoutFeature.action(for: .key(.escape), in: store.state) == .unlock(.delegate(.cancelled)))
        store.send(.unlock(.typed(.character("x"))))   // not a digit: the field keeps nothing
        for digit in "2468" {
            store.send(.unlock(.typed(.character(digit)))) {
                guard case .unlocking(var typed, let next) = $0.phase else { return }
                typed.pin.input.insert(String(digit))
                $0.phase = .unlocking(typed, then: next)
            }
        }
        store.send(.unlock(.unlock)) { $0.phase = .unlocking(PaymentsUnlockFeature.State(), then: .payWith(SavedCardsAddTests.visa)) }
        store.receive(.unlock(.answered(nil)))
        store.receive(.unlock(.delegate(.unlocked))) {
            $0.paymentsLocked = false
            $0.phase = .paying(.charging(card: "Visa •••• 4242"))
        }
        store.receive(.chargeStarted(at: StoreWorld.now)) { $0.payingSince = StoreWorld.now }
        #expect(world.checkouts.count == 1)
        store.finish()
    }

    @Test func escFromThePINGoesBackToThePickerWithoutPaying() {
        let world = StoreWorld()
        var initial = CheckoutFeature.State(savedCards: [SavedCardsAddTests.visa], now: StoreWorld.now, paymentsLocked: true)
        initial.phase = .unlocking(PaymentsUnlockFeature.State(), then: .payWith(SavedCardsAddTests.visa))
        let store = TestStore(initialState: initial, environment: world.client) { CheckoutFeature.reduce(&$0, $1, session: StoreSession(shopper: "bee@example.com")) }
        store.send(.unlock(.delegate(.cancelled))) { $0.phase = .choosing }
        store.finish()
        #expect(world.checkouts.isEmpty)
        #expect(store.state.paymentsLocked)
    }

    /// "Save this card" ticked while saved payments are locked: saving needs the PIN, so it is
    /// asked before anything is charged; once right, the card is saved and pays.
    @Test func savingATypedCardWhileLockedAsksForThePINFirst() {
        let world = StoreWorld()
        var initial = CheckoutFeature.State(savedCards: [SavedCardsAddTests.visa], now: StoreWorld.now, paymentsLocked: true)
        initial.phase = .cardForm(SavedCardsAddTests.form())
        let store = TestStore(initialState: initial, environment: world.client) { CheckoutFeature.reduce(&$0, $1, session: StoreSession(shopper: "bee@example.com")) }
        store.send(.cardForm(.delegate(.cardReady(SavedCardsAddTests.token, saveCard: true)))) {
            $0.phase = .unlocking(PaymentsUnlockFeature.State(), then: .saveAndPay(SavedCardsAddTests.token))
        }
        #expect(world.checkouts.isEmpty, "nothing is charged before the PIN")
        store.send(.unlock(.delegate(.unlocked))) {
            $0.paymentsLocked = false
            $0.phase = .paying(.charging(card: "Mastercard •••• 4444"))
        }
        store.receive(.chargeStarted(at: StoreWorld.now)) { $0.payingSince = StoreWorld.now }
        store.finish()
        #expect(world.checkouts.count == 1)
        #expect(world.checkouts.first?.1 == true, "the card is saved as it pays")
    }
}

import CheckoutKit
@testable import CounterApp
import Foundation
@testable import PaymentsCore
import TerminalUI
import Testing

@Suite struct AuthFeatureTests {
    @Test func signUpChecksEachFieldAtTheFieldBeforeAskingTheCore() {
        var client = StoreWorld().client
        var asked: [String] = []
        client.signUp = { email, _ in asked.append(email); return .success(email) }
        let store = TestStore(initialState: AuthFeature.State(mode: .signUp), environment: client) { AuthFeature.reduce(&$0, $1) }
        for key in "bee@example.com" { store.send(.typed(.character(key))) { $0.email.input.insert(String(key)) } }
        store.send(.focusNext) { $0.focus = .password }
        for key in "short" { store.send(.typed(.character(key))) { $0.password.input.insert(String(key)) } }
        store.send(.focusNext) {
            $0.focus = .confirm
            $0.password.problem = .passwordRule
        }
        store.send(.submit) {
            $0.confirm.problem = .passwordsDiffer
            $0.focus = .password
        }
        store.finish()
        // Worded at the field when drawn.
        #expect(store.state.password.problem?.message == "At least 8 characters, with a letter and a digit.")
        #expect(store.state.confirm.problem?.message == "The two passwords are not the same.")
        #expect(asked.isEmpty)
    }

    @Test func aRefusalGoesToTheFieldItIsAbout() {
        var client = StoreWorld().client
        client.logIn = { _, _ in .failure(.refused(.customer(.wrongEmailOrPassword))) }
        var state = AuthFeature.State(mode: .logIn)
        state.email.value = "bee@example.com"
        state.password.value = "wrong1234"
        let store = TestStore(initialState: state, environment: client) { AuthFeature.reduce(&$0, $1) }
        store.send(.submit)
        store.receive(.answered(.failure(.refused(.customer(.wrongEmailOrPassword))))) {
            $0.password.problem = .account(.refused(.customer(.wrongEmailOrPassword)))
            $0.focus = .password
        }
        store.finish()
        #expect(store.state.password.problem?.message == "The email or password is not right.")
    }

    @Test func signingInClearsThePasswordsAndTellsTheParent() {
        var client = StoreWorld().client
        client.logIn = { email, _ in .success(email) }
        var state = AuthFeature.State(mode: .logIn)
        state.email.value = "bee@example.com"
        state.password.value = "honey2026"
        let store = TestStore(initialState: state, environment: client) { AuthFeature.reduce(&$0, $1) }
        store.send(.submit)
        store.receive(.answered(.success("bee@example.com"))) { $0.password.value = "" }
        store.receive(.delegate(.signedIn(email: "bee@example.com")))
        store.finish()
    }
}

@Suite struct SubscriptionsFeatureTests {
    // Subscribing itself (with and without a saved card) is in Tapes/store/subscription.tape:
    // the core's `Plan` has no public initialiser for a test to make one.
    @Test func aReloadReadsThroughAnEffect() {
        let store = TestStore(initialState: SubscriptionsFeature.State(), environment: StoreWorld().client) { SubscriptionsFeature.reduce(&$0, $1) }
        store.send(.reload)
        store.receive(.loaded(.init(plans: [], rows: [], payingCard: nil)))
        store.send(.subscribe(planIndex: 0))
        store.finish()
    }

    @Test func cancellingRunsAsAnEffectAndReloads() {
        var client = StoreWorld().client
        var cancelled: [(String, Bool)] = []
        client.cancelSubscription = { id, atEnd in cancelled.append((id, atEnd)); return nil }
        let store = TestStore(initialState: SubscriptionsFeature.State(), environment: client) { SubscriptionsFeature.reduce(&$0, $1) }
        store.send(.cancel(atPeriodEnd: true))
        store.finish()
        #expect(cancelled.isEmpty, "nothing to cancel without a subscription")
    }
}

/// A first payment whose card asks for 3-D Secure: the check is shown over the plans, takes the
/// keys (a typed `q` is a digit field's, not Quit), and its answer goes back to the card's bank.
@Suite struct SubscriptionSecurityCheckTests {
    static let challenge = ThreeDSChallenge(identifier: "ch_1", amount: Money(minorUnits: 990, currency: .eur), merchantName: "Honey Store",
                                            cardBrand: "Visa", cardLastFour: "3184", prompt: .approvePayment)

    @Test func theCheckTakesTheKeysAndItsAnswerGoesToTheBank() {
        var client = StoreWorld().client
        var answers: [(String, String?)] = []
        client.answerChallenge = { id, code in answers.append((id, code)) }
        let store = TestStore(initialState: SubscriptionsFeature.State(), environment: client) { SubscriptionsFeature.reduce(&$0, $1) }
        store.send(.challengeRequested(Self.challenge)) { $0.challenge = ChallengeFeature.State(challenge: Self.challenge) }
        #expect(SubscriptionsFeature.action(for: .key(.character("1")), in: store.state) == .challenge(.typed(.character("1"))))
        #expect(SubscriptionsFeature.action(for: .key(.escape), in: store.state) == .challenge(.delegate(.answer(nil))))
        #expect(SubscriptionsFeature.keyHints(store.state) == ChallengeFeature.keyHints)
        store.send(.challenge(.delegate(.answer("123456")))) { $0.challenge = nil }
        store.finish()
        #expect(answers.map(\.0) == ["ch_1"])
        #expect(answers.map(\.1) == ["123456"])
    }
}

@Suite struct SubscriptionConfirmationTests {
    /// A single key never subscribes (it charges) nor cancels now (it ends what is paid): the
    /// digit and `x` ask; only Enter (or y) then does it, Esc (or n) keeps things as they were.
    @Test func aDigitAndXAskFirst() {
        var state = SubscriptionsFeature.State()
        #expect(SubscriptionsFeature.action(for: .key(.character("1")), in: state) == .askSubscribe(planIndex: 0))
        #expect(SubscriptionsFeature.action(for: .key(.character("x")), in: state) == .askCancelNow)
        state.confirming = .cancelNow
        #expect(SubscriptionsFeature.action(for: .key(.enter), in: state) == .confirm)
        #expect(SubscriptionsFeature.action(for: .key(.character("y")), in: state) == .confirm)
        #expect(SubscriptionsFeature.action(for: .key(.escape), in: state) == .dismiss)
        #expect(SubscriptionsFeature.action(for: .key(.character("1")), in: state) == nil, "no other key while asking")
        #expect(SubscriptionsFeature.action(for: .key(.character("x")), in: state) == nil)
    }

    @Test func confirmingSendsTheStepAndDismissingSendsNothing() {
        var initial = SubscriptionsFeature.State()
        initial.confirming = .cancelNow
        let confirmed = TestStore(initialState: initial, environment: StoreWorld().client) { SubscriptionsFeature.reduce(&$0, $1) }
        confirmed.send(.confirm) { $0.confirming = nil }
        confirmed.receive(.cancel(atPeriodEnd: false))
        confirmed.finish()

        let dismissed = TestStore(initialState: initial, environment: StoreWorld().client) { SubscriptionsFeature.reduce(&$0, $1) }
        dismissed.send(.dismiss) { $0.confirming = nil }
        dismissed.finish()
    }
}

@Suite struct AccountMenuTests {
    @Test func aGuestSeesLogInAndSignUpAShopperTheirAccount() {
        let guest = TestStore(initialState: AccountFeature.State(), environment: ()) { AccountFeature.reduce(&$0, $1, session: StoreSession()) }
        guest.send(.pick(1)) { $0.list = ListSelection(1) }
        guest.receive(.choose)
        guest.receive(.delegate(.signUp))
        guest.finish()

        let shopper = TestStore(initialState: AccountFeature.State(), environment: ()) {
            AccountFeature.reduce(&$0, $1, session: StoreSession(shopper: "bee@example.com"))
        }
        shopper.send(.pick(4)) { $0.list = ListSelection(4) }
        shopper.receive(.choose)
        shopper.receive(.delegate(.logOut))
        shopper.finish()
    }

    @Test func theSubscriptionsFooterListsOnlyKeysThatAct() {
        var state = SubscriptionsFeature.State()
        #expect(SubscriptionsFeature.keyHints(state).map(\.key) == ["Esc"], "no plans, no rows: only the way back")
        state.plans = [Plan(id: "p1", name: "Monthly jar", price: Money(minorUnits: 990, currency: .eur), interval: .months(1)),
                       Plan(id: "p2", name: "Weekly jar", price: Money(minorUnits: 350, currency: .eur), interval: .weeks(1))]
        #expect(SubscriptionsFeature.keyHints(state).map(\.key) == ["1-2", "Esc"], "nothing of one's own to move or cancel")
    }

    @Test func aLockedShopperGivesHerPINBeforeASubscriptionIsCharged() {
        var state = SubscriptionsFeature.State()
        state.plans = [Plan(id: "p1", name: "Monthly jar", price: Money(minorUnits: 990, currency: .eur), interval: .months(1))]
        state.paymentsLocked = true
        state.confirming = .subscribe(planIndex: 0)
        let store = TestStore(initialState: state, environment: StoreWorld().client) { SubscriptionsFeature.reduce(&$0, $1) }
        // Confirming asks for the PIN; nothing is sent to the card (no `.subscribe` received).
        store.send(.confirm) {
            $0.confirming = nil
            $0.unlocking = SubscriptionsFeature.Unlocking(planIndex: 0)
        }
        #expect(SubscriptionsFeature.action(for: .key(.character("q")), in: store.state) == .unlock(.typed(.character("q"))), "the PIN field has the keys")
        store.send(.unlock(.delegate(.cancelled))) { $0.unlocking = nil }
        store.finish()
    }
}

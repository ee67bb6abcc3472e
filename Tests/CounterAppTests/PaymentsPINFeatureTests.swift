import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// Setting and changing the payments PIN: each problem at its field before the account is asked,
/// the account's refusals at the field they are about, and nothing of a PIN kept once saved.
@Suite struct PaymentsPINFeatureTests {
    static func state(_ mode: PaymentsPINFeature.Mode, current: String = "", new: String, again: String) -> PaymentsPINFeature.State {
        var state = PaymentsPINFeature.State(mode: mode)
        state.current.value = current
        state.new.value = new
        state.repeated.value = again
        return state
    }

    @Test func aFirstPINIsTypedTwiceAndCheckedAtItsFieldsFirst() {
        var client = StoreWorld().client
        var asked: [String] = []
        client.setPaymentsPIN = { asked.append($0); return nil }
        let store = TestStore(initialState: Self.state(.set, new: "12a", again: "1234"), environment: client) { PaymentsPINFeature.reduce(&$0, $1) }
        #expect(store.state.focus == .new, "no current PIN to ask for a first one")
        store.send(.submit) {
            $0.new.problem = .customer(.pinInvalid)
            $0.repeated.problem = .pinsDiffer
        }
        #expect(store.state.new.problem?.message == "A payments PIN has 4 to 6 digits.")
        #expect(store.state.repeated.problem?.message == "The two PINs are not the same.")
        #expect(asked.isEmpty)
        store.finish()
    }

    @Test func aSavedPINLeavesNoDigitsInTheStateAndTellsTheMenu() {
        var client = StoreWorld().client
        var asked: [String] = []
        client.setPaymentsPIN = { asked.append($0); return nil }
        let store = TestStore(initialState: Self.state(.set, new: "2468", again: "2468"), environment: client) { PaymentsPINFeature.reduce(&$0, $1) }
        store.send(.submit) { $0.isSaving = true }
        store.receive(.answered(nil)) {
            $0.isSaving = false
            $0.new.value = ""
            $0.repeated.value = ""
        }
        store.receive(.delegate(.saved(.set)))
        store.finish()
        #expect(asked == ["2468"])
    }

    @Test func aWrongCurrentPINIsSaidAtThatFieldWhichIsCleared() {
        var client = StoreWorld().client
        var asked: [(String, String)] = []
        let wrong = AccountError.refused(.customer(.wrongPIN(attemptsLeft: 1)))
        client.changePaymentsPIN = { asked.append(($0, $1)); return wrong }
        var initial = Self.state(.change, current: "1111", new: "1357", again: "1357")
        initial.focus = .submit
        let store = TestStore(initialState: initial, environment: client) { PaymentsPINFeature.reduce(&$0, $1) }
        store.send(.submit) { $0.isSaving = true }
        store.receive(.answered(wrong)) {
            $0.isSaving = false
            $0.current.value = ""
            $0.current.problem = .account(wrong)
            $0.focus = .current
        }
        store.finish()
        #expect(asked.map(\.0) == ["1111"])
        #expect(asked.map(\.1) == ["1357"])
        #expect(store.state.current.problem?.message == "Wrong PIN. 1 try left.")
    }

    @Test func theLockoutSaysUntilWhen() {
        let until = Date(timeIntervalSince1970: 1_795_342_500)   // 10:15 UTC
        let locked = AccountError.refused(.customer(.tooManyPINAttempts(lockedUntil: until)))
        var initial = Self.state(.change, current: "1111", new: "1357", again: "1357")
        initial.isSaving = true
        let store = TestStore(initialState: initial, environment: StoreWorld().client) { PaymentsPINFeature.reduce(&$0, $1) }
        store.send(.answered(locked)) {
            $0.isSaving = false
            $0.current.value = ""
            $0.current.problem = .account(locked)
        }
        store.finish()
        #expect(store.state.current.problem?.message.hasPrefix("Too many wrong PINs. Payments are locked; try again at ") == true)
    }

    @Test func anEmptyCurrentPINIsAskedForBeforeTheAccount() {
        let store = TestStore(initialState: Self.state(.change, new: "1357", again: "1357"), environment: StoreWorld().client) {
            PaymentsPINFeature.reduce(&$0, $1)
        }
        store.send(.submit) { $0.current.problem = .pinMissing }
        store.finish()
    }

    @Test func keysTypeIntoTheFieldsAndEscIsTheApps() {
        let state = PaymentsPINFeature.State(mode: .change)
        #expect(PaymentsPINFeature.action(for: .key(.character("q")), in: state) == .typed(.character("q")), "q is typed, never Quit")
        #expect(PaymentsPINFeature.action(for: .key(.escape), in: state) == nil)
        #expect(PaymentsPINFeature.action(for: .key(.tab), in: state) == .focusNext)
        #expect(PaymentsPINFeature.hasTextFocus(state))
        var typed = state
        _ = PaymentsPINFeature.reduce(&typed, .typed(.character("q")))
        _ = PaymentsPINFeature.reduce(&typed, .typed(.character("7")))
        #expect(typed.current.value == "7", "digits only")
        #expect(typed.current.input.isMasked)
    }
}

@Suite struct AccountMenuPINTests {
    @Test func theMenuOffersToSetAPINOrToChangeTheOneThereIs() {
        let session = StoreSession(shopper: "bee@example.com")
        let without = TestStore(initialState: AccountFeature.State(), environment: ()) { AccountFeature.reduce(&$0, $1, session: session) }
        without.send(.pick(3)) { $0.list = ListSelection(3) }
        without.receive(.choose)
        without.receive(.delegate(.setPIN))
        without.send(.pinStatusLoaded(true)) { $0.hasPaymentsPIN = true }
        without.send(.choose)
        without.receive(.delegate(.changePIN))
        without.finish()
    }
}

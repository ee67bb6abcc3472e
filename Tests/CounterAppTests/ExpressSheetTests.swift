@testable import CounterApp
import CheckoutKit
import Foundation
import PaymentsCore
import TerminalUI
import Testing

@Suite struct ExpressSheetTests {
    final class Calls {
        var log: [String] = []
        var client: ExpressClient {
            ExpressClient(open: { _, _ in self.log.append("open") }, selectContact: { self.log.append("contact \($0.postalAddress.countryCode)") },
                          selectShippingMethod: { self.log.append("shipping \($0.id)") }, selectCard: { self.log.append("card \($0.network)") },
                          setBilling: { self.log.append("billing \($0.postalAddress.postcode)") }, pay: { self.log.append("pay \($0.method.network)") },
                          cancel: { self.log.append("cancel") })
        }
    }

    static func sheet(busy: Bool = false, status: AuthorizationStatus? = nil) -> ExpressSheetFeature.Sheet {
        var sheet = ExpressSheetFeature.Sheet()
        let euros = { (cents: Int64) in Money(minorUnits: cents, currency: .eur) }
        sheet.summaryItems = [SummaryItem(label: "Jar", amount: euros(650)), SummaryItem(label: "Honey Store", amount: euros(650))]
        sheet.shippingMethods = [ShippingMethod(id: "a", label: "A", amount: euros(100)), ShippingMethod(id: "b", label: "B", amount: euros(200))]
        sheet.selectedShippingMethod = sheet.shippingMethods[0]
        sheet.isBusy = busy
        sheet.lastStatus = status
        return sheet
    }

    @Test func eachStatusMovesTheFocusWhereItBelongsButASurchargeAnswerDoesNot() {
        let calls = Calls()
        var state = ExpressSheetFeature.State(goods: [])
        state.sheet = Self.sheet()
        state.focus = .pay
        let store = TestStore(initialState: state, environment: calls.client) { ExpressSheetFeature.reduce(&$0, $1) }
        store.send(.answered(.authorization, Self.sheet(status: .invalidShippingContact))) {
            $0.sheet = Self.sheet(status: .invalidShippingContact)
            $0.focus = .shipTo
        }
        store.send(.answered(.authorization, Self.sheet(status: .invalidBillingPostalAddress))) {
            $0.sheet = Self.sheet(status: .invalidBillingPostalAddress)
            $0.focus = .billing
        }
        store.send(.answered(.paymentMethod, Self.sheet(status: .failure))) { $0.sheet = Self.sheet(status: .failure) }
        store.send(.answered(.shippingContact, Self.sheet(status: .invalidShippingPostalAddress))) {
            $0.sheet = Self.sheet(status: .invalidShippingPostalAddress)
            $0.focus = .shipTo
        }
        store.finish()
    }

    @Test func whileACompletionIsAwaitedOnlyCancelDoesAnything() {
        let calls = Calls()
        var state = ExpressSheetFeature.State(goods: [])
        state.sheet = Self.sheet(busy: true)
        let store = TestStore(initialState: state, environment: calls.client) { ExpressSheetFeature.reduce(&$0, $1) }
        store.send(.nextOption)
        store.send(.focusNext)
        store.send(.activate)
        store.send(.cancel)
        store.finish()
        #expect(calls.log == ["cancel"])
        #expect(ExpressSheetFeature.keyHints(for: state).map(\.key) == ["Esc"])
    }

    @Test func choosingRowsCallsTheSessionAndPayUsesTheChosenCard() {
        let calls = Calls()
        var state = ExpressSheetFeature.State(goods: [])
        state.sheet = Self.sheet()
        let store = TestStore(initialState: state, environment: calls.client) { ExpressSheetFeature.reduce(&$0, $1) }
        store.send(.nextOption) { $0.addressIndex = 1 }
        store.send(.focusNext) { $0.focus = .shipping }
        store.send(.nextOption)
        store.send(.focusNext) { $0.focus = .card }
        store.send(.previousOption) { $0.cardIndex = ExpressWallet.cards.count - 1 }
        store.send(.focusNext) { $0.focus = .billing }
        store.send(.nextOption) { $0.billingIndex = 1 }
        store.send(.focusNext) { $0.focus = .pay }
        store.send(.activate)
        store.finish()
        #expect(calls.log == ["contact IE", "shipping b", "card Visa", "billing ", "pay Visa"])
    }

    /// The sheet on "Type an address", Enter pressed: the empty form.
    static func onANewAddressForm(_ calls: Calls) -> TestStore<ExpressSheetFeature.State, ExpressSheetFeature.Action, ExpressClient> {
        var state = ExpressSheetFeature.State(goods: [])
        state.sheet = sheet()
        state.addressIndex = ExpressWallet.addresses.count
        let store = TestStore(initialState: state, environment: calls.client) { ExpressSheetFeature.reduce(&$0, $1) }
        store.send(.activate) { $0.form = ExpressSheetFeature.AddressForm() }
        return store
    }

    @Test func aTypedAddressGoesToTheSessionWhole() {
        let calls = Calls()
        let store = Self.onANewAddressForm(calls)
        #expect(ExpressSheetFeature.action(for: .key(.character("q")), in: store.state) == .form(.type("q")), "q is typed, not quit")
        let typed = ["Ada Lovelace", "ada@example.com", "+31 20 555 0100", "Keizersgracht 1", "Amsterdam", "", "1015 CS", "nl"]
        for (index, text) in typed.enumerated() {
            if !text.isEmpty { store.send(.form(.type(text))) { $0.form?.fields[index] = text } }
            store.send(.form(.next)) { $0.form?.focus = (index + 1) % typed.count }
        }
        store.send(.form(.submit)) {
            $0.form = nil
            $0.typedContact = ExpressSheetFeature.AddressForm(fields: typed, focus: 0).contact
        }
        store.finish()
        #expect(calls.log == ["contact NL"])
    }

    @Test func anIncompleteTypedAddressIsRefusedAtItsFieldsAndNothingTypedIsLost() {
        let calls = Calls()
        let store = Self.onANewAddressForm(calls)
        store.send(.form(.type("Ada"))) { $0.form?.fields[0] = "Ada" }
        store.send(.form(.next)) { $0.form?.focus = 1 }
        store.send(.form(.type("ada@example"))) { $0.form?.fields[1] = "ada@example" }
        store.send(.form(.previous)) { $0.form?.focus = 0 }
        store.send(.form(.previous)) { $0.form?.focus = 7 }
        store.send(.form(.type("Germany"))) { $0.form?.fields[7] = "Germany" }
        // Enter: the form stays, each problem at its field, the first one focused.
        store.send(.form(.submit)) {
            $0.form?.problems = [1: .emailInvalid, 2: .phoneMissing, 3: .streetMissing, 4: .cityMissing, 6: .postcodeMissing, 7: .countryCodeInvalid]
            $0.form?.focus = 1
        }
        // Typing in a field clears its problem.
        store.send(.form(.type(".com"))) {
            $0.form?.fields[1] = "ada@example.com"
            $0.form?.problems[1] = nil
        }
        store.finish()
        #expect(calls.log.isEmpty, "nothing was sent to the sheet")
    }
}

@Suite struct PaymentScreensTests {
    @Test func escWhileTheBankAnswersIsSwallowedAndClosingReportsWhetherItWasPaid() {
        var state = PaymentScreensFeature.State(method: .bank, amount: Money(minorUnits: 1_300, currency: .eur), itemDescription: "Jars",
                                                goods: [], localeCountry: "GB", now: Date(timeIntervalSince1970: 0))
        guard case var .bank(bank) = state.screen else { Issue.record("not the bank"); return }
        bank.step = .working(.contactingTheBank)
        state.screen = .bank(bank)
        #expect(PaymentScreensFeature.action(for: .key(.escape), in: state) == .ignored)

        bank.step = .chooseCountry
        bank.lastResult = .payment(.success(.authorized))
        state.screen = .bank(bank)
        let store = TestStore(initialState: state, environment: .unavailable) { PaymentScreensFeature.reduce(&$0, $1) }
        store.send(.bank(.close))
        store.receive(.delegate(.close(paid: true)))
        store.finish()
    }
}

import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Localization
import Testing

/// The cart's discount keys at a staffed counter: how much (errors said at the field), why (the
/// shop's reasons; "other" needs a note), the core's answer, and above the cashier's ceiling a
/// manager's PIN there and then (refused with a wrong PIN, given with the manager's).
@Suite struct CartDiscountTests {
    static let manager = StaffPerson(id: StaffID(rawValue: "operator"), name: "Operator")

    /// A client that records what it is asked and answers as the core would for a €6.50 line.
    final class Calls {
        var given: [DiscountRequest] = []
        var removed: [DiscountTarget] = []
        var pins: [String] = []
    }

    static func client(_ calls: Calls, answering: @escaping (DiscountRequest) -> Result<Cart, DiscountChangeError>) -> StoreClient {
        var client = StoreClient.unavailable
        client.discountPolicy = { .standard }
        client.giveDiscount = { request in calls.given.append(request); return answering(request) }
        client.removeDiscount = { target in calls.removed.append(target); return .success(StoreWorld.cart((StoreWorld.acacia, 1))) }
        client.approve = { action, pin in
            calls.pins.append(pin)
            return action == .discountAboveCeiling && pin == "4711" ? Self.manager : nil
        }
        return client
    }

    static func discounted(_ request: DiscountRequest) -> Cart {
        var cart = StoreWorld.cart((StoreWorld.acacia, 1))
        cart.discounts = [Discount(target: request.target, adjustment: request.adjustment, reason: request.reason, note: request.note,
                                   approvedBy: request.approvedBy, at: StoreWorld.now)]
        return cart
    }

    typealias Store = TestStore<CartFeature.State, CartFeature.Action, StoreClient>

    /// Types `text` into the entry's open field, as the field itself takes each key.
    static func type(_ text: String, into store: Store) {
        for character in text {
            store.send(.discount(.key(.character(character)))) { state in
                guard var entry = state.discount else { return }
                switch entry.step {
                case let .size(field, _):
                    var typed = field
                    let before = typed.value
                    _ = typed.input.handle(.character(character))
                    entry.step = .size(typed, problem: typed.value == before ? .notAnAmount(.invalidCharacters) : nil)
                case let .note(field, _):
                    var typed = field
                    _ = typed.input.handle(.character(character))
                    entry.step = .note(typed, missing: false)
                case let .approval(field, _):
                    var typed = field
                    _ = typed.input.handle(.character(character))
                    entry.step = .approval(typed, wrong: false)
                default: break
                }
                state.discount = entry
            }
        }
    }

    static func opened(_ store: Store, target: DiscountTarget, base: Int64) {
        store.send(.askDiscount(onOrder: target == .order))
        store.receive(.discountPolicy(target, .standard)) {
            $0.discount = CartDiscountEntry(target: target, product: target == .order ? nil : StoreWorld.acacia,
                                            base: Money(minorUnits: base, currency: .eur), current: nil, policy: .standard)
        }
    }

    @Test func aLineDiscountAboveTheCeilingAsksForAManagersPINAndIsGivenWithIt() {
        let calls = Calls()
        let client = Self.client(calls) { request in
            request.approvedBy == nil ? .failure(.discount(.needsApproval(ceilingBasisPoints: 1000))) : .success(Self.discounted(request))
        }
        let session = StoreSession(cart: StoreWorld.cart((StoreWorld.acacia, 1)))
        let store = Store(initialState: CartFeature.State(takesDiscounts: true), environment: client) { CartFeature.reduce(&$0, $1, session: session) }
        Self.opened(store, target: .line(productId: StoreWorld.acacia.id), base: 650)
        Self.type("15%", into: store)
        store.send(.discount(.submit)) {
            $0.discount?.adjustment = .percent(basisPoints: 1500)
            $0.discount?.step = .reason(ListSelection(0))
        }
        store.send(.discount(.moveDown)) { $0.discount?.step = .reason(ListSelection(1)) }
        store.send(.discount(.submit)) {
            $0.discount?.reason = .loyalty
            $0.discount?.step = .sending
        }
        store.receive(.discount(.answered(.failure(.discount(.needsApproval(ceilingBasisPoints: 1000)))))) {
            $0.discount?.step = .approval(CartDiscountEntry.pinField(), wrong: false)
        }
        Self.type("1234", into: store)
        store.send(.discount(.submit)) { $0.discount?.step = .sending }
        store.receive(.discount(.approved(nil))) { $0.discount?.step = .approval(CartDiscountEntry.pinField(), wrong: true) }
        Self.type("4711", into: store)
        store.send(.discount(.submit)) { $0.discount?.step = .sending }
        store.receive(.discount(.approved(Self.manager))) { $0.discount?.approvedBy = Self.manager }
        let request = DiscountRequest(target: .line(productId: StoreWorld.acacia.id), adjustment: .percent(basisPoints: 1500), reason: .loyalty,
                                      approvedBy: Self.manager)
        let cart = Self.discounted(request)
        store.receive(.discount(.answered(.success(cart)))) {
            $0.discount = nil
            $0.message = .discountGiven(StoreWorld.acacia, taken: Money(minorUnits: 98, currency: .eur))
        }
        #expect(store.state.message.map(CartFeature.words) == "Discount of €0.98 given on Acacia honey.")
        store.receive(.changed(.success(cart)))
        store.receive(.delegate(.cartChanged(cart)))
        store.finish()
        #expect(calls.pins == ["1234", "4711"])
        #expect(calls.given.map(\.approvedBy) == [nil, Self.manager], "refused without the manager, given with")
    }

    @Test func errorsAreSaidAtTheField() {
        let calls = Calls()
        let session = StoreSession(cart: StoreWorld.cart((StoreWorld.acacia, 1)))
        let store = Store(initialState: CartFeature.State(takesDiscounts: true), environment: Self.client(calls) { .success(Self.discounted($0)) }) {
            CartFeature.reduce(&$0, $1, session: session)
        }
        Self.opened(store, target: .line(productId: StoreWorld.acacia.id), base: 650)
        Self.type("x", into: store)
        #expect(store.state.discount.flatMap(Self.problem) == "Type an amount (1.50) or a percentage (10%).")
        Self.type("120%", into: store)
        store.send(.discount(.submit)) {
            guard case let .size(field, _) = $0.discount?.step else { return }
            $0.discount?.step = .size(field, problem: .refused(.percentOutOfRange))
        }
        #expect(store.state.discount.flatMap(Self.problem) == "A percentage is more than 0% and at most 100%.")
        // Backspace four times, then an amount larger than the line.
        for _ in 0..<4 {
            store.send(.discount(.key(.backspace))) {
                guard case let .size(field, _) = $0.discount?.step else { return }
                var shorter = field
                _ = shorter.input.handle(.backspace)
                $0.discount?.step = .size(shorter, problem: nil)
            }
        }
        Self.type("7", into: store)
        store.send(.discount(.submit)) {
            guard case let .size(field, _) = $0.discount?.step else { return }
            $0.discount?.step = .size(field, problem: .refused(.amountOverBase(base: Money(minorUnits: 650, currency: .eur))))
        }
        #expect(store.state.discount.flatMap(Self.problem) == "That is more than €6.50: a discount never goes below zero.")
        store.send(.discount(.cancel)) { $0.discount = nil }
        store.finish()
        #expect(calls.given.isEmpty, "nothing was asked of the core")
    }

    @Test func otherNeedsANote() {
        let calls = Calls()
        let session = StoreSession(cart: StoreWorld.cart((StoreWorld.acacia, 1)))
        let store = Store(initialState: CartFeature.State(takesDiscounts: true), environment: Self.client(calls) { .success(Self.discounted($0)) }) {
            CartFeature.reduce(&$0, $1, session: session)
        }
        Self.opened(store, target: .order, base: 650)
        Self.type("1", into: store)
        store.send(.discount(.submit)) {
            $0.discount?.adjustment = .amount(Money(minorUnits: 100, currency: .eur))
            $0.discount?.step = .reason(ListSelection(0))
        }
        for index in 1...4 { store.send(.discount(.moveDown)) { $0.discount?.step = .reason(ListSelection(index)) } }
        store.send(.discount(.submit)) {
            $0.discount?.reason = .other
            $0.discount?.step = .note(FormField(maxLength: 60), missing: false)
        }
        store.send(.discount(.submit)) { $0.discount?.step = .note(FormField(maxLength: 60), missing: true) }
        Self.type("bent", into: store)
        store.send(.discount(.submit)) {
            $0.discount?.note = "bent"
            $0.discount?.step = .sending
        }
        let cart = Self.discounted(DiscountRequest(target: .order, adjustment: .amount(Money(minorUnits: 100, currency: .eur)), reason: .other, note: "bent"))
        store.receive(.discount(.answered(.success(cart)))) {
            $0.discount = nil
            $0.message = .discountGiven(nil, taken: Money(minorUnits: 100, currency: .eur))
        }
        store.receive(.changed(.success(cart)))
        store.receive(.delegate(.cartChanged(cart)))
        store.finish()
        #expect(calls.given.first?.note == "bent")
    }

    @Test func aKioskHasNoDiscountKeysAndAStaffedCounterShowsThem() {
        let session = StoreSession(cart: StoreWorld.cart((StoreWorld.acacia, 1)))
        #expect(CartFeature.action(for: .key(.character("%")), in: CartFeature.State()) == nil)
        #expect(CartFeature.action(for: .key(.character("o")), in: CartFeature.State()) == nil)
        #expect(!CartFeature.keyHints(CartFeature.State(), session: session).contains { $0.label == "Discount" })
        let staffed = CartFeature.State(takesDiscounts: true)
        #expect(CartFeature.action(for: .key(.character("%")), in: staffed) == .askDiscount(onOrder: false))
        #expect(CartFeature.action(for: .key(.character("o")), in: staffed) == .askDiscount(onOrder: true))
        let hints = CartFeature.keyHints(staffed, session: session) + [KeyHint.help, KeyHint.quit]
        for width in [60, 80] {
            #expect(Footer(hints).items(width: width).contains(.hint(KeyHint("% o", "Discount"))), "the footer keeps the discount keys at \(width) columns")
        }
    }

    static func problem(_ entry: CartDiscountEntry) -> String? {
        guard case let .size(_, problem?) = entry.step else { return nil }
        return CartDiscountEntry.words(problem)
    }
}

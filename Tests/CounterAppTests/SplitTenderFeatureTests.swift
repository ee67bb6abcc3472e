import CheckoutKit
@testable import CounterApp
import Foundation
import Localization
@testable import PaymentsCore
import TerminalUI
import Testing

/// Split tender at the checkout (issue 35): cash short of what is due is offered as a part
/// payment and taken only when `p` says so; after a part the checkout shows the balance left and
/// asks only that of the next tender.
@Suite struct SplitTenderFeatureTests {
    static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    static let order = Order(id: "ord_1", number: "HS-000001", sessionKey: "s", state: .pendingPayment,
                             lines: [OrderLine(productId: "honey-acacia", name: "Acacia honey", unitPrice: euros(650), quantity: 1, taxRate: TaxRate(basisPoints: 700))],
                             total: euros(650), chargeId: nil, failureReason: nil, createdAt: StoreWorld.now)

    static func soFar(paid: Int64) -> PaidSoFar {
        PaidSoFar(order: order, parts: [], paid: euros(paid), left: euros(650 - paid))
    }

    @Test func cashShortOfTheDueIsTakenAsAPartOnlyWhenAsked() {
        var client = StoreWorld().client
        var parts: [Money] = []
        var sales: [Money] = []
        client.payPartInCash = { parts.append($0); return .success(Self.soFar(paid: $0.minorUnits)) }
        client.payInCash = { sales.append($0); return .failure(.cashShort(due: Self.euros(650))) }
        let store = TestStore(initialState: CashTenderFeature.State(total: Self.euros(650), rounding: .unrounded), environment: client) {
            CashTenderFeature.reduce(&$0, $1)
        }
        #expect(CashTenderFeature.action(for: .key(.character("p")), in: store.state) == .key(.character("p")), "p types until a part is offered")
        store.send(.paste("2")) { $0.received.paste("2") }
        store.send(.take) { $0.problem = .short(tendered: Self.euros(200), due: Self.euros(650)) }
        #expect(store.state.offersPart)
        #expect(CashTenderFeature.action(for: .key(.character("p")), in: store.state) == .takePart)
        #expect(CashTenderFeature.keyHints(store.state).map(\.key).contains("p"))
        #expect(CashTenderFeature.words(store.state.problem!) == "€2.00 is less than the €6.50 due. Press p to take it as a part payment.")
        store.send(.takePart) {
            $0.isTaking = true
            $0.problem = nil
        }
        store.receive(.tookPart(.success(Self.soFar(paid: 200)))) { $0.isTaking = false }
        store.receive(.delegate(.partPaid(Self.soFar(paid: 200))))
        #expect(parts == [Self.euros(200)] && sales.isEmpty, "one part, no sale")
        store.finish()
    }

    @Test func afterAPartTheCheckoutShowsTheBalanceAndAsksOnlyWhatIsLeft() {
        let world = StoreWorld()
        var session = StoreSession()
        session.cart = StoreWorld.cart((StoreWorld.acacia, 1))
        let store = TestStore(initialState: CheckoutFeature.State(savedCards: [], now: StoreWorld.now, cashRounding: .unrounded),
                              environment: world.client) { CheckoutFeature.reduce(&$0, $1, session: session) }
        store.send(.cash(.delegate(.partPaid(Self.soFar(paid: 200))))) { $0.paidSoFar = Self.soFar(paid: 200) }
        let cash = try! #require(store.state.options.firstIndex(of: .cash))
        store.send(.pick(cash)) { $0.list = ListSelection(cash) }
        store.receive(.choose) { $0.phase = .cash(CashTenderFeature.State(total: Self.euros(450), rounding: .unrounded)) }
        store.finish()
    }

    @Test(arguments: [(80, 24), (60, 18)])
    func theBalanceStaysOnTheCheckoutScreen(_ size: (width: Int, height: Int)) {
        var session = StoreSession()
        session.cart = StoreWorld.cart((StoreWorld.acacia, 1))
        var state = CheckoutFeature.State(savedCards: [], now: StoreWorld.now, cashRounding: .unrounded, paidSoFar: Self.soFar(paid: 200))
        for phase in [CheckoutFeature.Phase.choosing, .cash(CashTenderFeature.State(total: Self.euros(450), rounding: .unrounded))] {
            state.phase = phase
            var frame = Frame(size: Size(columns: size.width, rows: size.height))
            CheckoutFeature.draw(state, session: session, into: &frame, in: Rect(x: 0, y: 0, width: size.width, height: size.height))
            #expect(frame.text.contains("Paid so far €2.00 · left €4.50"), "\(frame.text)")
        }
    }
}

extension SplitTenderFeatureTests {
    /// A card part whose answer was not known and was later booked by the settler is "paid so
    /// far", never "Not paid".
    @Test func aLateCardPartIsShownAsPaidSoFar() {
        var client = StoreWorld().client
        client.paidSoFar = { Self.soFar(paid: 200) }
        let session = StoreSession()
        var initial = CheckoutFeature.State(savedCards: [], now: StoreWorld.now, cashRounding: .unrounded)
        initial.phase = .checking(orderNumber: "HS-000001")
        let store = TestStore(initialState: initial, environment: client) { CheckoutFeature.reduce(&$0, $1, session: session) }
        store.send(.paid(.failure(.partPaid(orderNumber: "HS-000001", paid: Self.euros(200), left: Self.euros(450))))) { $0.phase = .choosing }
        store.receive(.partPaid(.success(Self.soFar(paid: 200)))) { $0.paidSoFar = Self.soFar(paid: 200) }
        #expect(store.state.failure == nil)
        store.finish()
    }
}

extension SplitTenderFeatureTests {
    /// `x` on a part-paid order asks first; `n` keeps paying and gives nothing back; `y` gives
    /// the parts back once, and the picker says so with the balance gone.
    @Test func givingThePartsBackIsAskedThenDoneOnce() {
        var client = StoreWorld().client
        var asked = 0
        client.giveBackParts = { completion in
            asked += 1
            completion(.success(.givenBack(Self.euros(200), order: "HS-000001")))
        }
        var session = StoreSession()
        session.cart = StoreWorld.cart((StoreWorld.acacia, 1))
        let store = TestStore(initialState: CheckoutFeature.State(savedCards: [], now: StoreWorld.now, cashRounding: .unrounded,
                                                                  paidSoFar: Self.soFar(paid: 200)),
                              environment: client) { CheckoutFeature.reduce(&$0, $1, session: session) }
        #expect(CheckoutFeature.keyHints(store.state).map(\.key).contains("x"))
        #expect(CheckoutFeature.action(for: .key(.character("x")), in: store.state) == .askGiveBack)
        store.send(.askGiveBack) { $0.phase = .givingBack(asked: false) }
        #expect(CheckoutFeature.action(for: .key(.character("n")), in: store.state) == .confirmGiveBack(false))
        #expect(CheckoutFeature.action(for: .key(.enter), in: store.state) == nil, "Enter gives nothing back")
        store.send(.confirmGiveBack(false)) { $0.phase = .choosing }
        #expect(asked == 0)
        store.send(.askGiveBack) { $0.phase = .givingBack(asked: false) }
        store.send(.confirmGiveBack(true)) { $0.phase = .givingBack(asked: true) }
        #expect(CheckoutFeature.action(for: .key(.character("y")), in: store.state) == .busy, "a second y while it runs is swallowed")
        store.receive(.partsGivenBack(.success(.givenBack(Self.euros(200), order: "HS-000001")))) {
            $0.phase = .choosing
            $0.paidSoFar = nil
            $0.failure = .partsGivenBack(.givenBack(Self.euros(200), order: "HS-000001"))
        }
        #expect(asked == 1)
        #expect(!CheckoutFeature.keyHints(store.state).map(\.key).contains("x"), "nothing left to give back")
        store.finish()
    }
}

extension SplitTenderFeatureTests {
    /// The accessible mode's history says a split order part by part, the card as words.
    @Test func theAccessibleHistorySaysEachPartOfASplit() {
        var receipt = PaidOrderReceipt(order: Self.order, tender: .card(brand: "Visa", lastFour: "4242"), paidAt: StoreWorld.now, printedAt: nil, copies: 0)
        #expect(AccessibleCounter.spokenTenders(receipt) == "Paid with Visa ending 4242")
        receipt.parts = [PaidOrderReceipt.Part(tender: .cash(CashTendered(due: Self.euros(200), tendered: Self.euros(200), change: Self.euros(0))), amount: Self.euros(200)),
                         PaidOrderReceipt.Part(tender: .card(brand: "Visa", lastFour: "4242"), amount: Self.euros(450))]
        #expect(AccessibleCounter.spokenTenders(receipt) == "Paid in cash, €2.00; Paid with Visa ending 4242, €4.50")
    }
}

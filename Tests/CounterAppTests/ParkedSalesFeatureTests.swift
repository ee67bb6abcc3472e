@testable import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// Parking at the cart (the name's problems said at its field, the cart emptied for the next
/// customer) and the parked sales' screen (resumed into an empty cart at once; into a cart with
/// jars only after the question, replacing or adding as chosen; discarded after asking).
@Suite struct ParkedSalesFeatureTests {
    static let at = Date(timeIntervalSince1970: 1_795_341_600)
    static let mia = StaffSignature(doneBy: StaffPerson(id: StaffID(rawValue: "staff-1"), name: "Mia"))
    static let sale = ParkedSale(id: "park_1", name: "Anna", counter: "front", parkedAt: at, signature: mia,
                                 lines: [ParkedSale.Line(productId: "honey-acacia", name: "Acacia honey", unitPrice: Money(minorUnits: 650, currency: .eur),
                                                         quantity: 2)],
                                 total: Money(minorUnits: 1300, currency: .eur))

    final class Calls {
        var parkedNames: [String] = []
        var resumed: [(String, ResumeMode)] = []
        var discarded: [String] = []
        var sales: [ParkedSale] = [ParkedSalesFeatureTests.sale]
    }

    private func parking(_ calls: Calls) -> ParkingClient {
        ParkingClient(
            park: { name in
                calls.parkedNames.append(name)
                return name == "Taken" ? .failure(.nameTaken) : .success(ParkedSalesFeatureTests.sale)
            },
            parked: { .success(calls.sales) },
            resume: { id, mode in calls.resumed.append((id, mode)); return .success(StoreWorld.cart((StoreWorld.acacia, 2))) },
            discard: { id in calls.discarded.append(id); calls.sales = []; return nil })
    }

    @Test func theCartIsParkedUnderANameCheckedAtTheField() {
        let calls = Calls()
        let world = StoreWorld()
        var client = world.client
        client.parking = parking(calls)
        let session = StoreSession(cart: StoreWorld.cart((StoreWorld.acacia, 2)))
        let store = TestStore(initialState: CartFeature.State(canPark: true), environment: client) { CartFeature.reduce(&$0, $1, session: session) }
        store.send(.parking(.ask)) { $0.parking = CartFeature.ParkingEntry() }
        #expect(CartFeature.hasTextFocus(store.state) && CartFeature.action(for: .key(.character("q")), in: store.state) == .parking(.typed("q")))
        store.send(.parking(.submit)) { $0.parking?.problem = .nameMissing }
        #expect(calls.parkedNames.isEmpty, "an empty name asks nothing of the core")
        for character in String(repeating: "a", count: ParkingController.maximumNameLength + 1) {
            store.send(.parking(.typed(character))) { $0.parking?.name.append(character); $0.parking?.problem = nil }
        }
        store.send(.parking(.typed("a"))) // no further than one past the limit
        store.send(.parking(.submit)) { $0.parking?.problem = .nameTooLong }
        for _ in 0..<(ParkingController.maximumNameLength + 1) {
            store.send(.parking(.erase)) { $0.parking?.name.removeLast(); $0.parking?.problem = nil }
        }
        for character in "Taken" { store.send(.parking(.typed(character))) { $0.parking?.name.append(character) } }
        store.send(.parking(.submit))
        store.receive(.parking(.parked(.failure(.nameTaken), cart: world.cart))) { $0.parking?.problem = .nameTaken }
        for _ in 0..<5 { store.send(.parking(.erase)) { $0.parking?.name.removeLast(); $0.parking?.problem = nil } }
        for character in "Anna" { store.send(.parking(.typed(character))) { $0.parking?.name.append(character) } }
        store.send(.parking(.submit))
        store.receive(.parking(.parked(.success(Self.sale), cart: world.cart))) { $0.parking = nil; $0.message = .parked(name: "Anna") }
        store.receive(.changed(.success(world.cart)))
        store.receive(.delegate(.cartChanged(world.cart)))
        #expect(calls.parkedNames == ["Taken", "Anna"])
        store.finish()
    }

    @Test func aKioskCartHasNoParking() {
        let state = CartFeature.State()
        #expect(CartFeature.action(for: .key(.character("k")), in: state) == nil)
        #expect(CartFeature.action(for: .key(.character("o")), in: state) == nil)
        let session = StoreSession(cart: StoreWorld.cart((StoreWorld.acacia, 1)))
        #expect(!CartFeature.keyHints(state, session: session).map(\.key).contains("k"))
        #expect(CartFeature.keyHints(CartFeature.State(canPark: true), session: session).map(\.key).contains("k"))
    }

    @Test func intoAnEmptyCartAtOnceIntoAFullOneOnlyAsAsked() {
        let calls = Calls()
        let full = StoreSession(cart: StoreWorld.cart((StoreWorld.acacia, 1)))
        let resumedCart = StoreWorld.cart((StoreWorld.acacia, 2))
        let store = TestStore(initialState: ParkedSalesFeature.State(), environment: parking(calls)) { ParkedSalesFeature.reduce(&$0, $1, session: full) }
        store.send(.onAppear)
        store.receive(.loaded(.success([Self.sale]))) { $0.sales = [Self.sale] }
        store.send(.resume) { $0.asking = .cartNotEmpty(items: 1) }
        #expect(calls.resumed.isEmpty, "never merged unasked")
        #expect(ParkedSalesFeature.keyHints(store.state).map(\.key) == ["r", "a", "Esc"])
        store.send(.cancelQuestion) { $0.asking = nil }
        store.send(.resume) { $0.asking = .cartNotEmpty(items: 1) }
        store.send(.resumeAs(.addingToCart)) { $0.asking = nil; $0.isBusy = true }
        store.receive(.resumed(.success(resumedCart), name: "Anna")) { $0.isBusy = false }
        store.receive(.delegate(.resumed(resumedCart, name: "Anna")))
        #expect(calls.resumed.count == 1 && calls.resumed[0].1 == .addingToCart)

        let empty = TestStore(initialState: ParkedSalesFeature.State(), environment: parking(calls)) {
            ParkedSalesFeature.reduce(&$0, $1, session: StoreSession())
        }
        empty.send(.onAppear)
        empty.receive(.loaded(.success([Self.sale]))) { $0.sales = [Self.sale] }
        empty.send(.resume) { $0.isBusy = true }
        empty.receive(.resumed(.success(resumedCart), name: "Anna")) { $0.isBusy = false }
        empty.receive(.delegate(.resumed(resumedCart, name: "Anna")))
        #expect(calls.resumed.last?.1 == .intoEmptyCart)
        store.finish()
        empty.finish()
    }

    @Test func aSaleIsDiscardedAfterAskingAndOneGoneElsewhereIsReadAgain() {
        let calls = Calls()
        let store = TestStore(initialState: ParkedSalesFeature.State(), environment: parking(calls)) {
            ParkedSalesFeature.reduce(&$0, $1, session: StoreSession())
        }
        store.send(.onAppear)
        store.receive(.loaded(.success([Self.sale]))) { $0.sales = [Self.sale] }
        store.send(.askDiscard) { $0.asking = .discard }
        store.send(.confirmDiscard(false)) { $0.asking = nil }
        #expect(calls.discarded.isEmpty)
        store.send(.askDiscard) { $0.asking = .discard }
        store.send(.confirmDiscard(true)) { $0.asking = nil; $0.isBusy = true }
        store.receive(.discarded(nil, name: "Anna")) { $0.isBusy = false; $0.message = .discarded(name: "Anna") }
        store.receive(.onAppear)
        store.receive(.loaded(.success([]))) { $0.sales = [] }
        #expect(ParkedSalesFeature.keyHints(store.state).map(\.key) == ["Esc"])
        store.send(.resumed(.failure(.gone), name: "Anna")) { $0.message = .refused(.gone) }
        store.receive(.onAppear)
        store.receive(.loaded(.success([])))
        store.finish()
    }
}

/// The sales left parked on the Z report's screen and paper: listed with who parked them, when,
/// and their totals, apart from every figure.
@Suite struct ParkedOnTheDayReportTests {
    static let report: DayReport = {
        var report = DayReport(number: 3, from: nil, to: ParkedSalesFeatureTests.at, sales: [], refunds: [], voids: [], captures: [], net: [],
                               grandTotal: [], unsettled: [], counter: "front")
        report.parked = [DayReport.Parked(name: "Anna", counter: "front", parkedAt: ParkedSalesFeatureTests.at, parkedBy: "Mia", items: 2,
                                          totalMinor: 1300, currency: "EUR")]
        return report
    }()

    @Test func thePaperListsThemUnderTheirHeading() {
        let lines = ReceiptDocument(report: Self.report, copy: false).lines
        #expect(lines.contains(.text("1 parked sale left")))
        #expect(lines.contains { if case let .item(label, amount) = $0 { label.contains("Anna · Mia") && amount == "€13.00" } else { false } })
    }

    @Test func theScreenListsThem() {
        var frame = Frame(size: Size(columns: 80, rows: 24))
        BackOfficeFeature.drawReport(Self.report, into: &frame, in: Rect(x: 0, y: 0, width: 80, height: 24))
        let text = frame.text
        #expect(text.contains("1 parked sale left") && text.contains("Anna · Mia") && text.contains("€13.00"))
    }
}

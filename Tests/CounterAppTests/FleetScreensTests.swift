import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// A counter of a fleet (Docs/fleet.md): another counter's sale or saved card re-read where it
/// is on screen, and the shared server's absence said over every screen while payments wait.
@Suite struct FleetScreensTests {
    static let session = StoreSession(cart: StoreWorld.cart((StoreWorld.acacia, 2)), shopper: nil)

    static func onTheShelves(_ world: StoreWorld) -> TestStore<AppFeature.State, AppFeature.Action, AppEnvironment> {
        var catalog = CatalogFeature.State()
        catalog.isLoading = false
        catalog.productCount = 2
        catalog.window = StoreWorld.shelf
        var state = AppFeature.State()
        state.stack.append(.catalog(catalog))
        return TestStore(initialState: state, environment: AppEnvironment(store: world.client), reducer: AppFeature.reduce)
    }

    @Test func anotherCountersSaleReReadsTheShelvesOnScreen() {
        let world = StoreWorld()
        let store = Self.onTheShelves(world)
        store.send(.fleetNews(FleetNews(stock: ["honey-acacia"])))
        store.receive(.catalog(.load)) { $0.stack[1] = .catalog(Self.loading($0.stack[1])) }
        store.receive(.catalog(.loaded(.success(.shelves(productCount: 2, window: StoreWorld.shelf))))) {
            $0.stack[1] = .catalog(Self.loaded($0.stack[1]))
        }
        store.finish()
    }

    @Test func aSavedCardsChangeLeavesTheShelvesAloneAndTheServerBackReReadsThem() {
        let world = StoreWorld()
        let store = Self.onTheShelves(world)
        store.send(.fleetNews(FleetNews(savedCardsOf: ["cus_1"])))
        // What the others did while the server was away was never heard: everything is re-read.
        store.send(.fleetNews(FleetNews(everything: true)))
        store.receive(.catalog(.load)) { $0.stack[1] = .catalog(Self.loading($0.stack[1])) }
        store.receive(.catalog(.loaded(.success(.shelves(productCount: 2, window: StoreWorld.shelf))))) {
            $0.stack[1] = .catalog(Self.loaded($0.stack[1]))
        }
        store.finish()
    }

    @Test func aCardSavedAtAnotherCounterAppearsInTheListOnScreen() {
        var world = StoreWorld().client
        world.savedCards = { [SavedCardsAddTests.visa, SavedCardsAddTests.mastercard] }
        var state = AppFeature.State()
        state.stack.append(.savedCards(SavedCardsFeature.State(cards: [SavedCardsAddTests.visa])))
        let store = TestStore(initialState: state, environment: AppEnvironment(store: world), reducer: AppFeature.reduce)
        store.send(.fleetNews(FleetNews(stock: ["honey-acacia"])))
        store.send(.fleetNews(FleetNews(savedCardsOf: ["cus_1"])))
        store.receive(.savedCards(.cardsChanged([SavedCardsAddTests.visa, SavedCardsAddTests.mastercard]))) {
            $0.stack[1] = .savedCards(SavedCardsFeature.State(cards: [SavedCardsAddTests.visa, SavedCardsAddTests.mastercard]))
        }
        store.finish()
    }

    @Test func withTheServerAwayNoPaymentBeginsAndTheCardFormIsKept() {
        let world = StoreWorld()
        var away = Self.session
        away.isServerAway = true
        let store = Store(initialState: CheckoutFeature.State(savedCards: [], now: StoreWorld.now), environment: world.client) {
            CheckoutFeature.reduce(&$0, $1, session: away)
        }
        store.send(.choose)
        guard case .cardForm = store.state.phase else { Issue.record("no card form: \(store.state.phase)"); return }
        store.send(.cardForm(.delegate(.cardReady(SavedCardsAddTests.token, saveCard: false))))
        #expect(world.checkouts.isEmpty, "nothing asked of the core")
        #expect(store.state.failure == .notPaid(.refused(.serverAway)))
        guard case .cardForm = store.state.phase else { Issue.record("the form was not kept: \(store.state.phase)"); return }
    }

    @Test func theServerAwayIsSaidOverEveryScreenUntilItIsBack() {
        let store = TestStore(initialState: AppFeature.State(), environment: AppEnvironment(store: .unavailable), reducer: AppFeature.reduce)
        store.send(.serverReach(away: true)) { $0.session.isServerAway = true }
        #expect(Self.screen(store.state).contains("server cannot be reached"))
        store.send(.serverReach(away: false)) { $0.session.isServerAway = false }
        #expect(!Self.screen(store.state).contains("server cannot be reached"))
        store.finish()
    }

    static func screen(_ state: AppFeature.State) -> String {
        var frame = Frame(size: Size(columns: 80, rows: 24))
        AppFeature.draw(state, into: &frame)
        return frame.text
    }

    static func loading(_ screen: AppFeature.Screen) -> CatalogFeature.State {
        guard case var .catalog(catalog) = screen else { return CatalogFeature.State() }
        catalog.isLoading = true
        return catalog
    }

    static func loaded(_ screen: AppFeature.Screen) -> CatalogFeature.State {
        guard case var .catalog(catalog) = screen else { return CatalogFeature.State() }
        catalog.isLoading = false
        return catalog
    }
}

import CheckoutKit
import Clocks
import PaymentsCore
import Testing

/// The durable commits of one "Pay" at the store (issue 18): from the cart to the receipt, with
/// everything the store controller does around the core's payment. Two: the intent before the
/// acquirer is asked, the answer with all it implies after. A commit is a flush to disk on
/// either engine (SQLite's fsync, the server's WAL), so the count holds on both.
@Suite struct CheckoutCommitCountTests {
    @Test(arguments: ControllerEngine.allCases)
    func payingTheCartWithANewCardCostsTwoCommits(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        try store.add(productID: "honey-acacia", quantity: 2)
        let token = world.newCard().vaultToken!
        let commits = try CommittedWrites(on: world)
        let receipt = world.settle { store.checkout(with: .newCardToken(token), saveCard: false, authentication: nil, completion: $0) }
        #expect((try? receipt?.get()) != nil)
        #expect(try commits.commits() == [
            // the order placed, its attempt (jars reserved, key), the charge pending under the key
            ["charges", "counters", "events", "idempotency_keys", "order_lines", "orders", "stock_reservations"],
            // the charge succeeded, the order paid, numbered, booked and journaled, the stock down (and its movement), and the cart
            // emptied with them
            ["cart_lines", "charges", "events", "journal_entries", "ledger_entries", "orders", "products", "receipt_sequences", "stock_movements",
             "stock_reservations"],
        ])
        #expect(store.cart.isEmpty)
        #expect(world.stock(of: "honey-acacia") == 10)
    }

    @Test(arguments: ControllerEngine.allCases)
    func payingTheCartWithASavedCardCostsTwoCommits(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        world.signUp()
        let saved = try world.services.account.saveCard(world.newCard())
        try store.add(productID: "honey-acacia", quantity: 1)
        let commits = try CommittedWrites(on: world)
        let receipt = world.settle { store.checkout(with: .savedPayment(identifier: saved.card.id), saveCard: false, authentication: nil, completion: $0) }
        #expect((try? receipt?.get()) != nil)
        let written = try commits.commits()
        #expect(written.count == 2, "\(written)")
    }

    @Test(arguments: ControllerEngine.allCases)
    func aChallengedCardCostsOneCommitMoreForItsChallenge(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine), store = world.services.store
        try store.add(productID: "honey-manuka", quantity: 1)
        let token = world.newCard(CoreWorld.challengeAlways).vaultToken!
        let commits = try CommittedWrites(on: world)
        let screen = ChallengeScreen(code: SimulatedAcquirer.challengeCode)
        let receipt = world.settle { store.checkout(with: .newCardToken(token), saveCard: false, authentication: screen, completion: $0) }
        #expect((try? receipt?.get()) != nil)
        // The intent; the acquirer asking for the challenge; the challenge passed; the answer.
        let written = try commits.commits()
        #expect(written.count == 4, "\(written)")
        #expect(world.stock(of: "honey-manuka") == 2)
    }
}

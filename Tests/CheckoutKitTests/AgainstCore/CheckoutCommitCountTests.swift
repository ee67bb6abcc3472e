import CheckoutKit
import Clocks
@_spi(Testing) import PaymentsCore
import Testing

/// The durable commits of one "Pay" at the store (issue 18): from the cart to the receipt, with
/// everything the store controller does around the core's payment. Two: the intent before the
/// acquirer is asked, the answer with all it implies after.
@Suite struct CheckoutCommitCountTests {
    let world = CoreWorld()
    var store: CoreStoreController { world.services.store }

    @Test func payingTheCartWithANewCardCostsTwoCommits() throws {
        try store.add(productID: "honey-acacia", quantity: 2)
        let token = world.newCard().vaultToken!
        let commits = CommitLog.install(on: world.core.database)
        let receipt = world.settle { store.checkout(with: .newCardToken(token), saveCard: false, authentication: nil, completion: $0) }
        #expect((try? receipt?.get()) != nil)
        #expect(commits.commits.count == 2, "\(commits.commits)")
        #expect(store.cart.isEmpty)
        #expect(world.stock(of: "honey-acacia") == 10)
    }

    @Test func payingTheCartWithASavedCardCostsTwoCommits() throws {
        world.signUp()
        let saved = try world.services.account.saveCard(world.newCard())
        try store.add(productID: "honey-acacia", quantity: 1)
        let commits = CommitLog.install(on: world.core.database)
        let receipt = world.settle { store.checkout(with: .savedPayment(identifier: saved.card.id), saveCard: false, authentication: nil, completion: $0) }
        #expect((try? receipt?.get()) != nil)
        #expect(commits.commits.count == 2, "\(commits.commits)")
    }

    @Test func aChallengedCardCostsOneCommitMoreForItsChallenge() throws {
        try store.add(productID: "honey-manuka", quantity: 1)
        let token = world.newCard(CoreWorld.challengeAlways).vaultToken!
        let commits = CommitLog.install(on: world.core.database)
        let screen = ChallengeScreen(code: SimulatedAcquirer.challengeCode)
        let receipt = world.settle { store.checkout(with: .newCardToken(token), saveCard: false, authentication: screen, completion: $0) }
        #expect((try? receipt?.get()) != nil)
        // The intent; the acquirer asking for the challenge; the challenge passed; the answer.
        #expect(commits.commits.count == 4, "\(commits.commits)")
        #expect(world.stock(of: "honey-manuka") == 2)
    }
}

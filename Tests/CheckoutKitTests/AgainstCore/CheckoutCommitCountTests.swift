import CheckoutKit
import Clocks
@_spi(Testing) import PaymentsCore
import Testing

/// The durable commits of one "Pay" at the store (issue 18): from the cart to the receipt, with
/// everything the store controller does around the core's payment.
@Suite struct CheckoutCommitCountTests {
    let world = CoreWorld()
    var store: CoreStoreController { world.services.store }

    @Test func payingTheCartWithANewCardCostsTheseCommits() throws {
        try store.add(productID: "honey-acacia", quantity: 2)
        let token = world.newCard().vaultToken!
        let commits = CommitLog.install(on: world.core.database)
        let receipt = world.settle { store.checkout(with: .newCardToken(token), saveCard: false, authentication: nil, completion: $0) }
        #expect((try? receipt?.get()) != nil)
        #expect(commits.commits.count == 5, "\(commits.commits)")
    }

    @Test func payingTheCartWithASavedCardCostsTheseCommits() throws {
        world.signUp()
        let saved = try world.services.account.saveCard(world.newCard())
        try store.add(productID: "honey-acacia", quantity: 1)
        let commits = CommitLog.install(on: world.core.database)
        let receipt = world.settle { store.checkout(with: .savedPayment(identifier: saved.card.id), saveCard: false, authentication: nil, completion: $0) }
        #expect((try? receipt?.get()) != nil)
        #expect(commits.commits.count == 5, "\(commits.commits)")
    }
}

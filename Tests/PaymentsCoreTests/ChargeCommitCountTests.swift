import Clocks
import Foundation
@_spi(Testing) import PaymentsCore
import Testing

/// How many durable commits one card payment of a cart costs (issue 18: a commit is an fsync on
/// a file, so this is what bounds charges per second), and what each commit holds.
@Suite struct ChargeCommitCountTests {
    @Test func aCartPaidByTokenCostsTheseCommits() throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-acacia", quantity: 2, for: "s")
        let commits = CommitLog.install(on: world.core.database)
        let order = try world.orders.orderToPay(for: "s")
        let paid = world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }
        #expect(paid?.value?.state == .paid)
        #expect(commits.commits == [
            ["counters", "events", "order_lines", "orders"],                           // the order placed
            ["events", "orders", "stock_reservations"],                                // the attempt: jars reserved, key
            ["charges", "events", "idempotency_keys"],                                 // the charge pending
            ["charges", "events"],                                                     // the acquirer's answer
            ["cart_lines", "events", "orders", "products", "stock_reservations"],      // the order paid, stock down
        ])
    }
}

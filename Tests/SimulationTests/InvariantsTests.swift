import Foundation
import PaymentsCore
import Testing

/// The simulator's own invariants fire on the state they guard against (so a quiet seed means
/// something): stock that does not add up, and a shopper told something the ledger contradicts.
/// On both engines: the invariants read through the store, in the SQL both speak.
@Suite struct InvariantsTests {
    private func write(_ world: SimulatedWorld, _ sql: String, _ arguments: String...) throws {
        try world.process.core.store.write { tx in try tx.execute(sql, arguments) }
    }

    @Test(arguments: SimulationEngine.allCases)
    func aFreshShopKeepsEveryInvariant(_ engine: SimulationEngine) throws {
        let world = try SimulatedWorld(seed: 9_101, statistics: SimulationStatistics(), engine: engine)
        defer { world.close() }
        #expect(Invariants.check(world, settled: true, scanForCards: true).map(\.kind) == [])
    }

    @Test(arguments: SimulationEngine.allCases)
    func jarsThatVanishFromTheShelfBreakTheStock(_ engine: SimulationEngine) throws {
        let world = try SimulatedWorld(seed: 9_102, statistics: SimulationStatistics(), engine: engine)
        defer { world.close() }
        try write(world, "UPDATE products SET stock = stock - 1 WHERE id = 'honey-acacia'")
        // The audit names it too: the shelf's stock is no longer the sum of its movements (issue 36).
        #expect(Invariants.check(world, settled: false, scanForCards: false).map(\.kind) == ["audit: stockDisagreesWithMovements", "stock not conserved"])
    }

    @Test(arguments: SimulationEngine.allCases)
    func whatAShopperWasToldMustHold(_ engine: SimulationEngine) throws {
        let world = try SimulatedWorld(seed: 9_103, statistics: SimulationStatistics(), engine: engine)
        defer { world.close() }
        let commerce = world.process.commerce
        let told = world.newShopper("card order")
        _ = try commerce.carts.add(productId: "honey-clover", for: told.session)
        let order = try commerce.orders.placeOrder(for: told.session)
        world.tell(told, .paid(orderId: order.id), by: world.process)
        #expect(Invariants.check(world, settled: false, scanForCards: false).map(\.kind) == ["told Paid, not paid"])

        let other = world.newShopper("card order")
        _ = try commerce.carts.add(productId: "honey-acacia", for: other.session)
        let paid = try commerce.orders.placeOrder(for: other.session)
        world.tell(other, .notPaid(orderId: paid.id, reason: "declined"), by: world.process)
        try write(world, "UPDATE orders SET state = 'paid' WHERE id = ?", order.id)
        try write(world, "UPDATE orders SET state = 'paid' WHERE id = ?", paid.id)
        // Both orders paid by hand: the stock no longer adds up either, and the audit finds
        // paid orders with no money; what matters here is the shopper told "Not paid".
        #expect(Invariants.check(world, settled: false, scanForCards: false).map(\.kind).contains("told Not paid, charged"))
        #expect(!Invariants.check(world, settled: false, scanForCards: false).map(\.kind).contains("told Paid, not paid"))
    }

    @Test(arguments: SimulationEngine.allCases)
    func aProcessThatCrashedTellsNobodyAnything(_ engine: SimulationEngine) throws {
        let world = try SimulatedWorld(seed: 9_104, statistics: SimulationStatistics(), engine: engine)
        defer { world.close() }
        let shopper = world.newShopper("card order")
        world.process.injector.crashNow()
        world.tell(shopper, .paid(orderId: "ord_x"), by: world.process)
        #expect(shopper.told.isEmpty)
    }
}

import Foundation
import PaymentsCore
import Testing

/// The injector really fails writes where it says, on both engines: what committed before a
/// crash is in the database, nothing after; a storage error fails one write and the process goes on.
@Suite struct FaultInjectorTests {
    @Test(arguments: SimulationEngine.allCases)
    func aCrashKeepsTheWritesBeforeItAndLosesEveryWriteAfter(_ engine: SimulationEngine) throws {
        let world = try SimulatedWorld(seed: 9_001, statistics: SimulationStatistics(), engine: engine)
        defer { world.close() }
        let carts = world.process.commerce.carts
        world.process.injector.crash(afterWrites: 1)
        _ = try carts.add(productId: "honey-acacia", for: "a")
        #expect(throws: (any Error).self) { _ = try carts.add(productId: "honey-clover", for: "b") }
        #expect(!world.process.isAlive)
        #expect(throws: (any Error).self) { _ = try carts.add(productId: "honey-manuka", for: "c") }
        try world.restart()
        let reopened = world.process.commerce.carts
        #expect(try reopened.cart(for: "a").lines.count == 1)
        #expect(try reopened.cart(for: "b").isEmpty)
        #expect(try reopened.cart(for: "c").isEmpty)
        #expect(world.process.isAlive)
    }

    @Test(arguments: SimulationEngine.allCases)
    func aStorageErrorFailsOneWriteOnly(_ engine: SimulationEngine) throws {
        let world = try SimulatedWorld(seed: 9_002, statistics: SimulationStatistics(), engine: engine)
        defer { world.close() }
        let carts = world.process.commerce.carts
        world.process.injector.failWrite(afterWrites: 0)
        #expect(throws: (any Error).self) { _ = try carts.add(productId: "honey-acacia", for: "a") }
        _ = try carts.add(productId: "honey-clover", for: "a")
        #expect(world.process.isAlive)
        #expect(try carts.cart(for: "a").lines.map(\.product.id) == ["honey-clover"])
        #expect(world.process.injector.storageErrorsFired == 1)
    }

    /// Each counter is a process of its own: one dies, the others write on (on a server each has
    /// its own connection), and its restart sees what they wrote.
    @Test(arguments: SimulationEngine.allCases)
    func aCrashKillsOneCounterOnly(_ engine: SimulationEngine) throws {
        let world = try SimulatedWorld(seed: 9_003, statistics: SimulationStatistics(), engine: engine, counters: 2)
        defer { world.close() }
        let (dying, living) = (world.processes[0], world.processes[1])
        dying.injector.crashNow()
        #expect(throws: (any Error).self) { _ = try dying.commerce.carts.add(productId: "honey-acacia", for: "a") }
        _ = try living.commerce.carts.add(productId: "honey-clover", for: "b")
        #expect(!dying.isAlive && living.isAlive)
        try world.restart(0)
        #expect(try world.processes[0].commerce.carts.cart(for: "b").lines.map(\.product.id) == ["honey-clover"])
        #expect(try world.processes[0].commerce.carts.cart(for: "a").isEmpty)
    }
}

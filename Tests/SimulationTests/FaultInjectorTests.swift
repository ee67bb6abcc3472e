import Foundation
import PaymentsCore
import Testing

/// The injector really fails writes where it says: what committed before a crash is on disk,
/// nothing after; a storage error fails one write and the process goes on.
@Suite struct FaultInjectorTests {
    @Test func aCrashKeepsTheWritesBeforeItAndLosesEveryWriteAfter() throws {
        let world = try SimulatedWorld(seed: 9_001, statistics: SimulationStatistics())
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

    @Test func aStorageErrorFailsOneWriteOnly() throws {
        let world = try SimulatedWorld(seed: 9_002, statistics: SimulationStatistics())
        defer { world.close() }
        let carts = world.process.commerce.carts
        world.process.injector.failWrite(afterWrites: 0)
        #expect(throws: (any Error).self) { _ = try carts.add(productId: "honey-acacia", for: "a") }
        _ = try carts.add(productId: "honey-clover", for: "a")
        #expect(world.process.isAlive)
        #expect(try carts.cart(for: "a").lines.map(\.product.id) == ["honey-clover"])
        #expect(world.process.injector.storageErrorsFired == 1)
    }
}

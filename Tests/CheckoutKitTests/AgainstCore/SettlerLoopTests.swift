@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// The settler's cadence on the loop's clock: quick while passes settle things, further apart
/// while something stays open and nothing changes, woken at once by a payment left unsettled or
/// by the bank's answer, and a heartbeat for other hosts all the while.
@Suite struct SettlerLoopTests {
    /// An express order with its jars reserved: open until its sheet answers, which it never does.
    private func leaveAnExpressOrderOpen(_ world: CoreWorld) throws {
        try world.services.store.add(productID: "honey-acacia", quantity: 1)
        _ = try world.services.orderPayments.placeAndReserve(.express)
        #expect(world.services.commerce.settler.hasUnsettled())
    }

    /// The seconds since the loop started at which its passes ran.
    final class PassLog {
        var times: [Int] = []
    }

    /// Starts `world`'s loop and lets `duration` pass.
    private func passes(_ world: CoreWorld, during duration: Duration) -> PassLog {
        let start = world.clock.now
        let log = PassLog()
        // The clock alone: the loop keeps this closure, and the world keeps the loop.
        world.services.settlerLoop.start { [clock = world.clock] in log.times.append(Int(clock.now.timeIntervalSince(start).rounded())) }
        world.advance(duration)
        return log
    }

    @Test(arguments: ControllerEngine.allCases)
    func quietPassesComeFurtherApartUpToFiveMinutes(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        try leaveAnExpressOrderOpen(world)
        let times = passes(world, during: .seconds(3_600)).times
        // 3 s, then doubling while nothing changes, then every 300 s, until the pass after 30
        // minutes releases the order nobody paid (an express sheet given up): 12 passes, where a
        // pass every 3 s made 600. Then nothing is open, and no pass runs.
        #expect(times == [3, 9, 21, 45, 93, 189, 381, 681, 981, 1_281, 1_581, 1_881])
        #expect(!world.services.commerce.settler.hasUnsettled())
    }

    @Test(arguments: ControllerEngine.allCases)
    func aPaymentLeftUnsettledWakesTheLoopForAPassWithinSeconds(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        try leaveAnExpressOrderOpen(world)
        let log = passes(world, during: .seconds(400))
        #expect(log.times.last == 381)
        // Next quiet pass due at 681 s; a wake brings one 3 s from now, and the cadence restarts.
        world.services.settlerLoop.wake()
        world.advance(.seconds(20))
        #expect(log.times.suffix(3) == [381, 403, 409])
    }

    @Test(arguments: ControllerEngine.allCases)
    func theHeartbeatGoesOnBetweenQuietPasses(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        try leaveAnExpressOrderOpen(world)
        _ = passes(world, during: .seconds(1_080))
        // The last pass ran at 981 s, the next is at 1,281 s; the heartbeat every 20 s between
        // keeps the counter alive for other hosts (they take a counter whose beat is older than
        // 60 s for gone).
        let seenAt = try world.core.store.read { tx in try tx.fetchValue(Int64.self, "SELECT MAX(seen_at) FROM counter_instances") }
        let now = Int64((world.clock.now.timeIntervalSince1970 * 1000).rounded())
        #expect(try #require(seenAt) >= now - 20_000)
    }

    @Test(arguments: ControllerEngine.allCases)
    func nothingOpenLeavesTheLoopIdleAtItsSlowLook(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        let times = passes(world, during: .seconds(3_600)).times
        // Nothing unsettled and nothing due: no pass runs (an idle look finds no work).
        #expect(times.isEmpty)
    }
}

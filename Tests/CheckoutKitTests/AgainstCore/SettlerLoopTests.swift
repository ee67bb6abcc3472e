@_spi(Core) import CheckoutKit
import Clocks
import Foundation
@_spi(Testing) import PaymentsCore
import Testing

/// The settler's cadence on the loop's clock: quick while passes settle things, further apart
/// while something stays open and nothing changes, woken at once by a payment left unsettled or
/// by the bank's answer, and a heartbeat for other hosts all the while.
@Suite struct SettlerLoopTests {
    let world = CoreWorld()

    /// An express order with its jars reserved: open until its sheet answers, which it never does.
    func leaveAnExpressOrderOpen() throws {
        try world.services.store.add(productID: "honey-acacia", quantity: 1)
        _ = try world.services.orderPayments.placeAndReserve(.express)
        #expect(world.services.commerce.settler.hasUnsettled())
    }

    /// The seconds since the loop started at which its passes ran.
    final class PassLog {
        var times: [Int] = []
    }

    /// Starts the loop and lets `duration` pass.
    func passes(during duration: Duration) -> PassLog {
        let start = world.clock.now
        let log = PassLog()
        world.services.settlerLoop.start { [world] in log.times.append(Int(world.clock.now.timeIntervalSince(start).rounded())) }
        world.advance(duration)
        return log
    }

    @Test func quietPassesComeFurtherApartUpToFiveMinutes() throws {
        try leaveAnExpressOrderOpen()
        let times = passes(during: .seconds(3_600)).times
        // 3 s, then doubling while nothing changes, then every 300 s, until the pass after 30
        // minutes releases the order nobody paid (an express sheet given up): 12 passes, where a
        // pass every 3 s made 600. Then nothing is open, and no pass runs.
        #expect(times == [3, 9, 21, 45, 93, 189, 381, 681, 981, 1_281, 1_581, 1_881])
        #expect(!world.services.commerce.settler.hasUnsettled())
    }

    @Test func aPaymentLeftUnsettledWakesTheLoopForAPassWithinSeconds() throws {
        try leaveAnExpressOrderOpen()
        let log = passes(during: .seconds(400))
        #expect(log.times.last == 381)
        // Next quiet pass due at 681 s; a wake brings one 3 s from now, and the cadence restarts.
        world.services.settlerLoop.wake()
        world.advance(.seconds(20))
        #expect(log.times.suffix(3) == [381, 403, 409])
    }

    @Test func theHeartbeatGoesOnBetweenQuietPasses() throws {
        try leaveAnExpressOrderOpen()
        _ = passes(during: .seconds(1_080))
        // The last pass ran at 981 s, the next is at 1,281 s; the heartbeat every 20 s between
        // keeps the counter alive for other hosts (they take a counter whose beat is older than
        // 60 s for gone).
        let seenAt = try world.core.database.queue.read { db in
            try Int64.fetchOne(db, sql: "SELECT MAX(seen_at) FROM counter_instances")
        }
        let now = Int64((world.clock.now.timeIntervalSince1970 * 1000).rounded())
        #expect(try #require(seenAt) >= now - 20_000)
    }

    @Test func nothingOpenLeavesTheLoopIdleAtItsSlowLook() throws {
        let times = passes(during: .seconds(3_600)).times
        // Nothing unsettled and nothing due: no pass runs (an idle look finds no work).
        #expect(times.isEmpty)
    }
}

import Clocks
import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// X and Z reports: totals by method and currency, refunds and unsettled orders; a Z report is
/// numbered and saved and closes its span (the next report starts after it, and what happens
/// later never changes it).
@Suite struct DayReportTests {
    private func sell(_ world: CommerceTestWorld, session: String, _ quantity: Int) throws -> Order {
        try world.carts.add(productId: "honey-acacia", quantity: quantity, for: session)
        let order = try world.orders.placeOrder(for: session)
        let paid = try #require(world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) })
        return try paid.get()
    }

    private func card(_ minor: Int64, _ count: Int) -> DayReport.Total {
        DayReport.Total(method: "card", currency: "EUR", minorUnits: minor, count: count)
    }

    @Test(arguments: StorageBackend.allCases)
    func theXReportTotalsTheDayAndTheZReportClosesIt(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let reports = DayReports(store: world.core.store, clock: world.clock)
        let first = try sell(world, session: "a", 2)
        _ = try sell(world, session: "b", 1)
        _ = world.settle { world.orders.refund(orderId: first.id, .lines([ReturnedLine(position: 0, quantity: 1)]), idempotencyKey: "r", completion: $0) }

        let x = try reports.current()
        #expect(x.number == nil && x.from == nil)
        #expect(x.sales == [card(1950, 2)])
        #expect(x.refunds == [card(650, 1)])
        #expect(x.voids.isEmpty && x.unsettled.isEmpty)

        world.advance(.seconds(60))
        let z = try reports.close()
        #expect(z.number == 1 && z.sales == x.sales && z.refunds == x.refunds)
        #expect(try reports.current().sales.isEmpty, "the next report starts after the closed day")

        // A refund after the close counts in the next day, and the closed report stays as it was.
        world.advance(.seconds(60))
        _ = world.settle { world.orders.refund(orderId: first.id, .amount(Money(minorUnits: 100, currency: .eur)), idempotencyKey: "s", completion: $0) }
        #expect(try reports.current().refunds == [card(100, 1)])
        #expect(try reports.closed() == [z])
        let next = try reports.close()
        #expect(next.number == 2 && next.from == z.to && next.refunds == [card(100, 1)])
        #expect(world.eventTypes("Z-1") == ["day.closed"])
    }

    /// Orders whose card has not answered yet hold their jars: not known either, and listed.
    @Test(arguments: StorageBackend.allCases)
    func ordersWhoseCardHasNotAnsweredAreListed(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        var waiting: [String] = []
        for session in ["a", "b"] {
            try world.carts.add(productId: "honey-acacia", quantity: 1, for: session)
            let order = try world.orders.placeOrder(for: session)
            world.orders.pay(orderId: order.id, with: world.token(OrderReconcileTests.neverAnsweringCard)) { _ in }
            waiting.append(order.number)
        }
        _ = try sell(world, session: "c", 1)
        world.advance(.seconds(30))
        let x = try DayReports(store: world.core.store, clock: world.clock).current()
        #expect(x.unsettled == waiting)
        #expect(x.sales == [card(650, 1)], "the paid one only")
    }

    @Test(arguments: StorageBackend.allCases)
    func ordersWhosePaymentIsNotKnownAreListed(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-acacia", quantity: 1, for: "s")
        let order = try world.orders.placeOrder(for: "s")
        let failing = FailingCommits.install(on: world.core)
        world.orders.pay(orderId: order.id, with: world.token()) { _ in }
        failing.failNext = 1 // the acquirer's answer cannot be written: not known
        world.advance(.seconds(1))
        let x = try DayReports(store: world.core.store, clock: world.clock).current()
        #expect(x.unsettled == [order.number])
        #expect(x.sales.isEmpty)
    }
}

import Clocks
import Foundation
import GRDB
@_spi(Testing) @testable import PaymentsCore
import Testing

/// Every period a subscription is paid books an order (issue 32, "money taken that no report
/// shows"): one line (the plan and the period), paid, in the customer's order history, with its
/// ledger entry (tender `card` for a saved card, `mandate` for a mandate draw), so the X report and
/// the export show it. A refused renewal books nothing; an answer recorded late books once.
@Suite struct SubscriptionBooksTests {
    private let eur = { (minor: Int64) in Money(minorUnits: minor, currency: .eur) }

    private func subscribe(_ world: CommerceTestWorld, customerId: String, payer: SubscriptionPayer) throws -> Subscription {
        try #require(world.settle { world.subscriptions.subscribe(customerId: customerId, planId: "plan-monthly-jar", payer: payer, completion: $0) }?.value)
    }

    private func runRenewals(_ world: CommerceTestWorld) {
        var done = false
        world.subscriptions.runDueRenewals { done = true }
        world.advance(.seconds(10))
        #expect(done)
    }

    /// A mandate the customer authorised at Albion, for up to €20 a draw.
    private func authorisedMandate(_ world: CommerceTestWorld) throws -> SubscriptionPayer {
        let handle = try world.bank.createMandate(maximumAmount: eur(2_000), reference: "mandate for the monthly jar")
        let flow = world.settle(after: .seconds(3)) {
            world.bank.processMandate(identifier: handle.identifier, token: handle.resourceToken, providerId: "gb-albion-bank", completion: $0)
        }
        #expect(flow?.value == .authorized)
        return .mandate(identifier: handle.identifier, token: handle.resourceToken)
    }

    private func history(_ world: CommerceTestWorld, _ customerId: String) throws -> [Order] {
        try world.orders.orders(for: Customer.cartKey(customerId: customerId))
    }

    private func entries(_ world: CommerceTestWorld, _ order: Order) throws -> [LedgerEntry] {
        try world.core.store.read { tx in try MoneyLedger.entries(tx, orderId: order.id) }
    }

    private func audit(_ world: CommerceTestWorld) throws -> [LedgerViolation] {
        try LedgerAudit(scansForCardNumbers: false).violations(in: world.core.store, now: world.clock.now)
    }

    private func exportedPayments(_ world: CommerceTestWorld) throws -> [[String]] {
        let table = try LedgerExport.csv(world.core.store, from: ManualClock.defaultStart.addingTimeInterval(-86_400),
                                         to: world.clock.now.addingTimeInterval(86_400))
        return table.records.filter { $0[0] == "payment" }
    }

    /// Checks the customer's history holds one paid order a period, each booked with `tender`.
    private func expectBooked(_ world: CommerceTestWorld, _ customerId: String, periods: Int, tender: Tender) throws {
        // The X report runs to this instant, exclusive: a moment later it holds what was booked now.
        world.advance(.seconds(1))
        let orders = try history(world, customerId)
        #expect(orders.map(\.state) == Array(repeating: .paid, count: periods))
        #expect(orders.map { $0.lines.map(\.name) } == (1...periods).map { ["Monthly jar, period \($0)"] })
        #expect(orders.map(\.total) == Array(repeating: eur(990), count: periods))
        for order in orders {
            let booked = try entries(world, order)
            #expect(booked.map(\.tender) == [tender] && booked.map(\.movement) == [.payment] && booked.map(\.amount) == [eur(990)])
            #expect(booked.map(\.answersTo.id) == [order.chargeId].compactMap { $0 })
        }
        let x = try DayReports(store: world.core.store, clock: world.clock).current()
        #expect(x.sales == [DayReport.Total(method: tender.rawValue, currency: "EUR", minorUnits: 990 * Int64(periods), count: periods)])
        let exported = try exportedPayments(world)
        #expect(exported.map { $0[1] } == orders.map(\.number), "each period's payment is in the export, under its order")
        #expect(exported.allSatisfy { $0[4] == "990" && $0[8] == tender.rawValue })
    }

    @Test(arguments: StorageBackend.allCases)
    func theFirstPeriodAndEachRenewalByCardAreBookedAsPaidOrders(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let saved = world.savedCard()
        let subscription = try subscribe(world, customerId: saved.customerId, payer: .savedCard(paymentMethodId: saved.methodId))
        try expectBooked(world, saved.customerId, periods: 1, tender: .card)
        #expect(try audit(world).map(\.description) == [])

        world.advance(.days(31))
        runRenewals(world)
        world.advance(.days(31))
        runRenewals(world)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.periodIndex == 2)
        try expectBooked(world, saved.customerId, periods: 3, tender: .card)
        let orders = try history(world, saved.customerId)
        let captured = Set(world.capturedCharges().map(\.id))
        #expect(Set(orders.compactMap(\.chargeId)).count == 3 && orders.allSatisfy { $0.chargeId.map(captured.contains) == true },
                "each order is paid by its own period's charge")
        #expect(try audit(world).map(\.description) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func theFirstPeriodAndEachRenewalByMandateAreBookedWithTenderMandate(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let saved = world.savedCard()
        let mandate = try authorisedMandate(world)
        _ = try subscribe(world, customerId: saved.customerId, payer: mandate)
        try expectBooked(world, saved.customerId, periods: 1, tender: .mandate)
        #expect(try audit(world).map(\.description) == [])

        world.advance(.days(31))
        runRenewals(world)
        try expectBooked(world, saved.customerId, periods: 2, tender: .mandate)
        let renewal = try history(world, saved.customerId)[1]
        #expect(try world.core.store.read { tx in try ReceiptLedger.tender(tx, kind: .subscription, reference: renewal.chargeId) } == .bank(name: "Albion Bank"),
                "the receipt names the mandate's bank")
        #expect(try audit(world).map(\.description) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefusedRenewalBooksNothing(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let saved = world.savedCard()
        let subscription = try subscribe(world, customerId: saved.customerId, payer: .savedCard(paymentMethodId: saved.methodId))
        world.renewals.failing = true
        world.advance(.days(31))
        runRenewals(world)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.state == .pastDue)
        try expectBooked(world, saved.customerId, periods: 1, tender: .card)
        #expect(try audit(world).map(\.description) == [])
    }

    /// The renewal's charge went through but its record failed; the next run finds the charge under
    /// the same key (`earlierOutcome`) and records it: one order, one entry, one charge.
    @Test(arguments: StorageBackend.allCases)
    func aRenewalWhoseAnswerWasRecordedLateIsBookedOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let saved = world.savedCard()
        let subscription = try subscribe(world, customerId: saved.customerId, payer: .savedCard(paymentMethodId: saved.methodId))
        let failing = FailingCommits.install(on: world.core)
        world.renewals.onAnswer = { failing.failNext = 1 }
        world.advance(.days(31))
        runRenewals(world)
        #expect(failing.failed == 1)
        #expect(try history(world, saved.customerId).count == 1, "nothing booked while the answer is not recorded")
        #expect(try audit(world).map(\.description) == [], "in flight: the settler's, not money with nothing bought")

        world.renewals.onAnswer = {}
        world.advance(.days(1))
        runRenewals(world)
        runRenewals(world)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.periodIndex == 1)
        #expect(world.capturedCharges().count == 2)
        try expectBooked(world, saved.customerId, periods: 2, tender: .card)
        #expect(try audit(world).map(\.description) == [])
    }

    /// The first period's charge went through and its record failed: the subscription waits
    /// `incomplete`, and the settler activates it from the charge, booking its order once.
    @Test(arguments: StorageBackend.allCases)
    func aFirstPeriodSettledBySettlerIsBookedOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let saved = world.savedCard()
        let failing = FailingCommits.install(on: world.core)
        world.renewals.onAnswer = { failing.failNext = 1 }
        let answer = world.settle {
            world.subscriptions.subscribe(customerId: saved.customerId, planId: "plan-monthly-jar", payer: .savedCard(paymentMethodId: saved.methodId),
                                          completion: $0)
        }
        world.renewals.onAnswer = {}
        #expect(answer?.value == nil)
        #expect(try history(world, saved.customerId).isEmpty)
        world.advance(.minutes(10))
        let lookUp = { (key: String) in world.commerce.cardGateway.lookUp(idempotencyKey: key) }
        #expect(try world.subscriptions.settleIncomplete(olderThan: 60, lookUp: lookUp).count == 1)
        #expect(try world.subscriptions.settleIncomplete(olderThan: 60, lookUp: lookUp).isEmpty)
        try expectBooked(world, saved.customerId, periods: 1, tender: .card)
        #expect(try audit(world).map(\.description) == [])
    }

    /// The same for a mandate: the draw is found at the bank under the first period's key (before,
    /// the card's lookup found nothing and the subscription was removed with its money drawn).
    @Test(arguments: StorageBackend.allCases)
    func aFirstMandateDrawSettledBySettlerIsBooked(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let saved = world.savedCard()
        let mandate = try authorisedMandate(world)
        let failing = FailingCommits.install(on: world.core)
        world.renewals.onAnswer = { failing.failNext = 1 }
        _ = world.settle { world.subscriptions.subscribe(customerId: saved.customerId, planId: "plan-monthly-jar", payer: mandate, completion: $0) }
        world.renewals.onAnswer = {}
        #expect(try history(world, saved.customerId).isEmpty)
        world.advance(.minutes(10))
        #expect(try world.subscriptions.settleIncomplete(olderThan: 60) { _ in nil }.count == 1)
        #expect(try world.subscriptions.subscriptions(customerId: saved.customerId).map(\.state) == [.active])
        try expectBooked(world, saved.customerId, periods: 1, tender: .mandate)
        #expect(try audit(world).map(\.description) == [])
    }
}

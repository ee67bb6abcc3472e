import Clocks
import Foundation
import GRDB
@_spi(Testing) @testable import PaymentsCore
import Testing

/// A subscription's payments as the order history lists them: each attempt with its plan, its
/// amount as asked, and whether it went through.
@Suite struct SubscriptionPaymentsTests {
    @Test(arguments: StorageBackend.allCases)
    func theFirstPaymentAndEachRenewalAreListedWithTheirAmounts(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let saved = world.savedCard()
        let answer = world.settle {
            world.subscriptions.subscribe(customerId: saved.customerId, planId: "plan-weekly-jar",
                                          payer: .savedCard(paymentMethodId: saved.methodId), completion: $0)
        }
        let subscription = try #require(answer?.value)
        world.advance(.days(7))
        renew(world)
        world.renewals.failing = true
        world.advance(.days(7))
        renew(world)

        let payments = try world.subscriptions.payments(customerId: saved.customerId)
        #expect(payments.map(\.subscriptionId) == [subscription.id, subscription.id, subscription.id])
        #expect(payments.map(\.planName) == ["Weekly jar", "Weekly jar", "Weekly jar"])
        #expect(payments.map(\.isRenewal) == [false, true, true])
        #expect(payments.map(\.attempt.succeeded) == [true, true, false])
        #expect(payments.map(\.attempt.amount) == Array(repeating: Money(minorUnits: 350, currency: .eur), count: 3))
        #expect(payments.allSatisfy { $0.payer == .savedCard(paymentMethodId: saved.methodId) })
        #expect(try world.subscriptions.payments(customerId: "cus_someone_else").isEmpty)
    }

    /// The payments PIN locks what a person at the counter may do with saved cards; a renewal is
    /// asked by nobody there, and goes through (it did not, before: every renewal of a shopper
    /// with a PIN failed as "payments locked").
    @Test(arguments: StorageBackend.allCases)
    func aPINLocksTheCounterNotTheRenewals(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let saved = world.savedCard()
        let subscription = try #require(world.settle {
            world.subscriptions.subscribe(customerId: saved.customerId, planId: "plan-weekly-jar",
                                          payer: .savedCard(paymentMethodId: saved.methodId), completion: $0)
        }?.value)
        try world.core.customers.setPIN("2468", for: saved.customerId)
        #expect(world.core.customers.isPaymentsLocked(saved.customerId))
        // At the counter, locked: a new subscription's first payment is refused.
        let refused = world.settle {
            world.subscriptions.subscribe(customerId: saved.customerId, planId: "plan-monthly-jar",
                                          payer: .savedCard(paymentMethodId: saved.methodId), completion: $0)
        }
        #expect(refused?.failure == .paymentFailed(PaymentDecline(ChargeError.paymentsLocked)))
        world.advance(.days(7))
        renew(world)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.state == .active)
        #expect(try world.subscriptions.renewalAttempts(subscriptionId: subscription.id).map(\.succeeded) == [true, true])
    }

    private func renew(_ world: CommerceTestWorld) {
        var done = false
        world.subscriptions.runDueRenewals { done = true }
        world.advance(.seconds(10))
        #expect(done)
    }
}

/// `commerce-v3-renewal-amounts` only adds: a database from before keeps its attempts, each now
/// holding the plan's price it asked for.
@Suite struct RenewalAmountsMigrationTests {
    // SQLite-only: a SQLite file from before the amounts; the server's schema came later, with them.
    @Test func anOlderDatabaseGetsEachAttemptsAmountFromItsPlan() throws {
        let queue = try DatabaseQueue()
        try MillisecondTimesMigrationTests.commerce.migrate(queue, upTo: "reports-v1-day-reports")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO subscriptions (id, customer_id, plan_id, payer_kind, payer_ref, state, period_index,
                  period_start, period_end, anchor, created_at)
                VALUES ('sub_old', 'cus_1', 'plan-weekly-jar', 'card', 'pm_1', 'pastDue', 1, 0, 0, 0, 0);
                INSERT INTO renewal_attempts (subscription_id, period_index, attempt, at, succeeded, payment_ref, reason)
                VALUES ('sub_old', 0, 0, 0, 1, 'ch_1', NULL), ('sub_old', 1, 0, 1, 0, NULL, 'card_declined');
                """)
        }
        let columnsBefore = try queue.read { db in try db.columns(in: "renewal_attempts").map(\.name) }

        try MillisecondTimesMigrationTests.commerce.migrate(queue)

        try queue.read { db in
            let columns = try db.columns(in: "renewal_attempts")
            #expect(Array(columns.map(\.name).prefix(columnsBefore.count)) == columnsBefore, "the columns before stay as they were")
            #expect(columns.first { $0.name == "amount_minor" }?.type == "INTEGER")
            #expect(columns.first { $0.name == "currency" }?.type == "TEXT")
            let rows = try Row.fetchAll(db, sql: "SELECT payment_ref, reason, amount_minor, currency FROM renewal_attempts ORDER BY seq")
            #expect(rows.map { $0["amount_minor"] as Int64? } == [350, 350])
            #expect(rows.map { $0["currency"] as String? } == ["EUR", "EUR"])
            #expect(rows.map { $0["payment_ref"] as String? } == ["ch_1", nil])
            #expect(rows.map { $0["reason"] as String? } == [nil, "card_declined"])
        }
    }
}

import Clocks
import Foundation
@_spi(Testing) import PaymentsCore
import Testing

@Suite struct SubscriptionTests {
    private func subscribe(_ world: CommerceTestWorld, plan: String = "plan-monthly-jar") throws -> Subscription {
        let saved = world.savedCard()
        let answer = world.settle { world.subscriptions.subscribe(customerId: saved.customerId, planId: plan, payer: .savedCard(paymentMethodId: saved.methodId), completion: $0) }
        return try #require(answer?.value)
    }

    private func runRenewals(_ world: CommerceTestWorld) {
        var done = false
        world.subscriptions.runDueRenewals { done = true }
        world.advance(.seconds(10))
        #expect(done)
    }

    @Test(arguments: StorageBackend.allCases)
    func plansAreSeeded(_ backend: StorageBackend) throws {
        let plans = try try CommerceTestWorld(backend).subscriptions.plans()
        #expect(plans.map(\.name) == ["Monthly jar", "Weekly jar"])
        #expect(plans.map(\.price.minorUnits) == [990, 350])
        #expect(plans.map(\.interval) == [.months(1), .weeks(1)])
    }

    @Test(arguments: StorageBackend.allCases)
    func subscribingChargesTheFirstPeriod(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let subscription = try subscribe(world)
        #expect(subscription.state == .active)
        #expect(subscription.periodIndex == 0)
        #expect(sameInstant(subscription.currentPeriodEnd, "2026-12-22T10:00:00Z"))
        #expect(subscription.nextRenewalAt == subscription.currentPeriodEnd)
        #expect(world.capturedCharges().map(\.amount.minorUnits) == [990])
        #expect(try world.subscriptions.history(subscriptionId: subscription.id).map(\.to) == [.active])
        #expect(world.eventTypes(subscription.id) == ["subscription.active"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aDeclinedFirstPaymentCreatesNoSubscription(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let saved = world.savedCard(CommerceTestWorld.decliningCard)
        let answer = world.settle { world.subscriptions.subscribe(customerId: saved.customerId, planId: "plan-weekly-jar", payer: .savedCard(paymentMethodId: saved.methodId), completion: $0) }
        #expect(answer?.failure == .paymentFailed(PaymentDecline(.genericDecline)))
        #expect(try world.subscriptions.subscriptions(customerId: saved.customerId).isEmpty)
        #expect(world.settle { world.subscriptions.subscribe(customerId: "c", planId: "nope", payer: .savedCard(paymentMethodId: "pm"), completion: $0) }?.failure == .unknownPlan("nope"))
    }

    @Test(arguments: StorageBackend.allCases)
    func nothingRenewsBeforeThePeriodEnds(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let subscription = try subscribe(world)
        world.advance(.days(29))
        runRenewals(world)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.periodIndex == 0)
        #expect(world.capturedCharges().count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func aLongSleepCatchesUpEveryMissedPeriod(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let subscription = try subscribe(world)
        world.advance(.days(95)) // past Dec 22, Jan 22 and Feb 22
        #expect(sameInstant(try world.subscriptions.nextRenewalDate(), subscription.currentPeriodEnd))
        runRenewals(world)
        let renewed = try #require(try world.subscriptions.subscription(id: subscription.id))
        #expect(renewed.periodIndex == 3)
        #expect(renewed.state == .active)
        #expect(sameInstant(renewed.currentPeriodStart, "2027-02-22T10:00:00Z"))
        #expect(sameInstant(renewed.currentPeriodEnd, "2027-03-22T10:00:00Z"))
        #expect(world.capturedCharges().count == 4)
        let attempts = try world.subscriptions.renewalAttempts(subscriptionId: subscription.id)
        #expect(attempts.map(\.periodIndex) == [0, 1, 2, 3])
        #expect(attempts.allSatisfy { $0.succeeded })
        #expect(world.eventTypes(subscription.id).filter { $0 == "subscription.renewed" }.count == 3)
    }

    @Test(arguments: StorageBackend.allCases)
    func weeklyRenewalsFollowTheWeek(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let subscription = try subscribe(world, plan: "plan-weekly-jar")
        world.advance(.days(14))
        runRenewals(world)
        let renewed = try #require(try world.subscriptions.subscription(id: subscription.id))
        #expect(renewed.periodIndex == 2)
        #expect(sameInstant(renewed.currentPeriodEnd, ManualClock.defaultStart.addingTimeInterval(21 * CommerceTestWorld.day)))
        #expect(world.capturedCharges().map(\.amount.minorUnits) == [350, 350, 350])
    }

    @Test(arguments: StorageBackend.allCases)
    func failedRenewalsGoPastDueThenCanceledAfterTheLastRetry(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let subscription = try subscribe(world)
        world.renewals.failing = true
        let due = subscription.currentPeriodEnd
        world.advance(.days(30))
        runRenewals(world)
        var now = try #require(try world.subscriptions.subscription(id: subscription.id))
        #expect(now.state == .pastDue)
        #expect(now.failedAttempts == 1)
        #expect(sameInstant(now.nextRetryAt, due.addingTimeInterval(1 * CommerceTestWorld.day)))
        #expect(now.nextRenewalAt == now.nextRetryAt)

        world.advance(.days(1))
        runRenewals(world)
        now = try #require(try world.subscriptions.subscription(id: subscription.id))
        #expect(now.state == .pastDue && now.failedAttempts == 2)
        #expect(sameInstant(now.nextRetryAt, due.addingTimeInterval(3 * CommerceTestWorld.day)))

        world.advance(.days(2))
        runRenewals(world)
        now = try #require(try world.subscriptions.subscription(id: subscription.id))
        #expect(now.failedAttempts == 3 && sameInstant(now.nextRetryAt, due.addingTimeInterval(5 * CommerceTestWorld.day)))

        world.advance(.days(2))
        runRenewals(world)
        now = try #require(try world.subscriptions.subscription(id: subscription.id))
        #expect(now.state == .canceled)
        #expect(now.nextRenewalAt == nil)
        #expect(try world.subscriptions.history(subscriptionId: subscription.id).map(\.to) == [.active, .pastDue, .canceled])
        let failed = try world.subscriptions.failedRenewals(subscriptionId: subscription.id)
        #expect(failed.map(\.attempt) == [0, 1, 2, 3])
        #expect(failed.allSatisfy { $0.periodIndex == 1 && $0.reason == "card_declined" })
        #expect(world.eventTypes(subscription.id).filter { $0 == "subscription.renewal_failed" }.count == 3)
        #expect(world.capturedCharges().count == 1)
    }

    /// The renewal's charge succeeded but its record failed; days later (the acquirer has
    /// forgotten the key by then) the renewal is due again: the charge found is recorded, and the
    /// card is not asked a second time.
    @Test(arguments: StorageBackend.allCases)
    func aRenewalWhoseAnswerWasNotRecordedIsNeverChargedTwice(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let subscription = try subscribe(world)
        let failing = FailingCommits.install(on: world.core)
        world.renewals.onAnswer = { failing.failNext = 1 }
        world.advance(.days(30))
        runRenewals(world)
        #expect(failing.failed == 1)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.periodIndex == 0, "the answer was not recorded")
        #expect(world.capturedCharges().count == 2)
        let renewalCharge = try #require(world.capturedCharges().last)
        let store = world.core.store
        #expect(try LedgerAudit(scansForCardNumbers: false).violations(in: store, now: world.clock.now) == [],
                "paid and not recorded yet: in flight, not a charge nobody owns")
        let anHourLater = world.clock.now.addingTimeInterval(3_600)
        #expect(try LedgerAudit(unsettledAfter: .minutes(15), scansForCardNumbers: false).violations(in: store, now: anHourLater)
                == [.unsettled(.renewal(subscriptionId: subscription.id, chargeId: renewalCharge.id), since: renewalCharge.createdAt)])

        world.renewals.onAnswer = {}
        world.advance(.days(2))
        runRenewals(world)
        let now = try #require(try world.subscriptions.subscription(id: subscription.id))
        #expect(now.state == .active && now.periodIndex == 1)
        let charges = world.capturedCharges()
        #expect(charges.count == 2, "one charge for the first period, one for the renewal")
        #expect(world.renewals.asked == 2, "the card was asked for the first period and for the renewal, once each")
        let paid = try world.subscriptions.renewalAttempts(subscriptionId: subscription.id).filter { $0.periodIndex == 1 }
        #expect(paid.map(\.succeeded) == [true])
        #expect(try LedgerAudit(unsettledAfter: nil, scansForCardNumbers: false).violations(in: world.core.store, now: world.clock.now).isEmpty)
    }

    @Test(arguments: StorageBackend.allCases)
    func retriesMissedDuringASleepAllRunAndEndCanceled(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let subscription = try subscribe(world)
        world.renewals.failing = true
        world.advance(.days(40))
        runRenewals(world)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.state == .canceled)
        #expect(try world.subscriptions.failedRenewals(subscriptionId: subscription.id).count == 4)
    }

    @Test(arguments: StorageBackend.allCases)
    func aSuccessfulRetryMakesTheSubscriptionActiveAgain(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let subscription = try subscribe(world)
        world.renewals.failing = true
        world.advance(.days(30))
        runRenewals(world)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.state == .pastDue)
        world.renewals.failing = false
        world.advance(.days(1))
        runRenewals(world)
        let now = try #require(try world.subscriptions.subscription(id: subscription.id))
        #expect(now.state == .active && now.periodIndex == 1 && now.failedAttempts == 0 && now.nextRetryAt == nil)
        #expect(sameInstant(now.currentPeriodEnd, "2027-01-22T10:00:00Z"), "periods stay anchored")
        #expect(try world.subscriptions.history(subscriptionId: subscription.id).map(\.to) == [.active, .pastDue, .active])
    }

    @Test(arguments: StorageBackend.allCases)
    func cancelAtPeriodEndKeepsItActiveUntilThenWithoutCharging(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let subscription = try subscribe(world)
        let scheduled = try world.subscriptions.cancel(subscriptionId: subscription.id, atPeriodEnd: true)
        #expect(scheduled.state == .active && scheduled.cancelAtPeriodEnd)
        #expect(scheduled.nextRenewalAt == nil)
        world.advance(.days(29))
        runRenewals(world)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.state == .active)
        world.advance(.days(2))
        runRenewals(world)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.state == .canceled)
        #expect(world.capturedCharges().count == 1)
        #expect(world.eventTypes(subscription.id) == ["subscription.active", "subscription.cancel_scheduled", "subscription.canceled"])
    }

    @Test(arguments: StorageBackend.allCases)
    func cancelNowStopsRenewals(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let subscription = try subscribe(world)
        #expect(try world.subscriptions.cancel(subscriptionId: subscription.id, atPeriodEnd: false).state == .canceled)
        #expect(throws: SubscriptionError.alreadyCanceled) { try world.subscriptions.cancel(subscriptionId: subscription.id, atPeriodEnd: false) }
        world.advance(.days(60))
        runRenewals(world)
        #expect(world.capturedCharges().count == 1)
    }
}

import Clocks
import Foundation
import GRDB

/// Plans, subscribing, renewals with retries, and cancelling (seed 001's recurring billing).
///
/// The loop calls `runDueRenewals` (on each tick, or at `nextRenewalDate`); it renews every
/// period whose end has passed, one after the other, so a long `Sleep` catches up on all the
/// missed periods. A failed renewal makes the subscription `pastDue` and is retried
/// `retrySchedule` after the due date (1, 3 and 5 days); when the last retry fails it is
/// `canceled`. A successful retry makes it `active` again, with its periods still anchored to
/// the first subscription day.
public final class Subscriptions {
    public static let defaultRetrySchedule: [Duration] = [.days(1), .days(3), .days(5)]

    private let database: any DatabaseWriter
    private let collector: RenewalCollecting
    private let ids: IDGenerator
    private let scheduler: Scheduler
    private var clock: Clock { scheduler.clock }
    private let events: EventRecording
    private let retrySchedule: [Duration]
    private var running = false
    private var waitingForRun: [() -> Void] = []

    public init(database: any DatabaseWriter, collector: RenewalCollecting, ids: IDGenerator, scheduler: Scheduler, events: EventRecording,
                retrySchedule: [Duration] = Subscriptions.defaultRetrySchedule) {
        self.database = database
        self.collector = collector
        self.ids = ids
        self.scheduler = scheduler
        self.events = events
        self.retrySchedule = retrySchedule
    }

    public func plans() throws -> [Plan] {
        try database.read { db in try PlanRecord.order(Column("position")).fetchAll(db).map(Plan.init) }
    }

    /// Charges the first period now; the subscription is active only once that payment succeeds.
    ///
    /// The subscription is on disk (`incomplete`) before the payment is asked, under a key made
    /// from it, so a payment whose answer is lost (a crash, a failed write) is settled by
    /// `settleIncomplete` from that key: paid activates it, refused removes it. Never a charge
    /// without its subscription.
    ///
    /// The shopper is at the counter for this payment (not for the renewals): `firstPayment` may
    /// collect it differently, showing a card's 3-D Secure check; by default it is collected as
    /// the renewals are.
    public func subscribe(customerId: String, planId: String, payer: SubscriptionPayer, firstPayment: RenewalCollecting? = nil,
                          completion: @escaping (Result<Subscription, SubscriptionError>) -> Void) {
        let plan: Plan
        let id: String
        // Periods are anchored to the moment the customer subscribed, not to the payment's latency.
        let startedAt = clock.now
        do throws(SubscriptionError) {
            (plan, id) = try write { db in
                guard let plan = try PlanRecord.fetchOne(db, key: planId).map(Plan.init) else {
                    throw SubscriptionError.unknownPlan(planId)
                }
                let id = ids.next("sub")
                let (kind, reference) = payer.stored
                try SubscriptionRecord(id: id, customerId: customerId, planId: planId, payerKind: kind, payerRef: reference, state: .incomplete,
                                       periodIndex: 0, periodStart: startedAt, periodEnd: plan.interval.boundary(after: startedAt, periods: 1),
                                       anchor: startedAt, createdAt: startedAt).insert(db)
                return (plan, id)
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        (firstPayment ?? collector).collect(plan.price, from: payer, customerId: customerId, idempotencyKey: Self.firstPaymentKey(id),
                                            description: "\(plan.name), first period", unattended: false) { [self] result in
            if case .failure(.outcomeUnknown) = result { return completion(.failure(.outcomeUnknown)) }
            completion(Result { () throws(SubscriptionError) in
                try write { db in
                    try recordAttempt(db, id, period: 0, attempt: 0, amount: plan.price, result: result)
                    try finishFirstPayment(db, id, plan: plan, paid: (try? result.get()) != nil)
                }
                if case .failure(let error) = result { throw error }
                return try read { db in try load(db, id) }
            })
        }
    }

    static func firstPaymentKey(_ subscriptionId: String) -> String { "\(subscriptionId)-period-0-attempt-0" }

    /// The first payment's answer: paid activates the subscription, refused removes it (it never
    /// was one). An incomplete subscription settled meanwhile is left as it is.
    private func finishFirstPayment(_ db: Database, _ id: String, plan: Plan, paid: Bool) throws {
        guard try SubscriptionRecord.fetchOne(db, key: id)?.state == .incomplete else { return }
        if paid {
            try SubscriptionRecord.filter(key: id).updateAll(db, SubscriptionRecord.Columns.state.set(to: SubscriptionState.active))
            try recordTransition(db, id, from: nil, to: .active, note: "subscribed to \(plan.name)")
        } else {
            try SubscriptionRecord.deleteOne(db, key: id)
            try events.record(db, type: "subscription.first_payment_failed", subject: id, data: [:])
        }
    }

    /// The settler's rule for subscriptions whose first payment's answer was lost: `lookUp`
    /// tells what became of the payment under its key (nil: never asked). Returns the ids settled.
    @discardableResult
    public func settleIncomplete(olderThan age: TimeInterval, lookUp: (String) -> ChargeLookup?) throws -> [String] {
        let cutoff = clock.now.addingTimeInterval(-age).milliseconds
        let waiting = try database.read { db in
            try SubscriptionRecord.filter(SubscriptionRecord.Columns.state == SubscriptionState.incomplete && SubscriptionRecord.Columns.createdAt <= cutoff)
                .order(SubscriptionRecord.Columns.id).fetchAll(db).map { (id: $0.id, planId: $0.planId) }
        }
        var settled: [String] = []
        for entry in waiting {
            guard let plan = try plans().first(where: { $0.id == entry.planId }) else { continue }
            let paid: Bool
            switch lookUp(Self.firstPaymentKey(entry.id)) {
            case .succeeded: paid = true
            case .failed, nil: paid = false
            case .pending, .awaitingChallenge, .notKnown: continue
            }
            try database.write { db in try finishFirstPayment(db, entry.id, plan: plan, paid: paid) }
            settled.append(entry.id)
        }
        return settled
    }

    public func subscription(id: String) throws -> Subscription? {
        try database.read { db in try SubscriptionRecord.fetchOne(db, key: id).map(Subscription.init) }
    }

    public func subscriptions(customerId: String) throws -> [Subscription] {
        try database.read { db in
            try SubscriptionRecord.filter(SubscriptionRecord.Columns.customerId == customerId).order(SubscriptionRecord.Columns.id).fetchAll(db)
                .map(Subscription.init)
        }
    }

    public func history(subscriptionId: String) throws -> [SubscriptionHistoryEntry] {
        try database.read { db in
            try SubscriptionHistoryRecord.filter(Column("subscription_id") == subscriptionId).order(Column("seq")).fetchAll(db).map { entry in
                SubscriptionHistoryEntry(at: entry.at, from: entry.fromState, to: entry.toState, note: entry.note)
            }
        }
    }

    /// Every attempt (the first payment, renewals and retries), oldest first.
    public func renewalAttempts(subscriptionId: String) throws -> [RenewalAttempt] {
        try database.read { db in
            try RenewalAttemptRecord.filter(Column("subscription_id") == subscriptionId).order(Column("seq")).fetchAll(db).map { attempt in
                RenewalAttempt(periodIndex: attempt.periodIndex, attempt: attempt.attempt, at: attempt.at, succeeded: attempt.succeeded,
                               paymentReference: attempt.paymentRef, reason: attempt.reason, amount: try attempt.amount())
            }
        }
    }

    /// Every payment asked for a customer's subscriptions (first payments, renewals, retries),
    /// oldest first, with the plan and payer: what the order history lists beside the orders.
    /// A refused first payment is not among them (its subscription never was one, and is gone).
    public func payments(customerId: String) throws -> [SubscriptionPayment] {
        try database.read { db in
            let subscriptions = try SubscriptionRecord.filter(SubscriptionRecord.Columns.customerId == customerId).fetchAll(db)
            let plans = try Dictionary(PlanRecord.fetchAll(db).map { ($0.id, try Plan($0)) }, uniquingKeysWith: { first, _ in first })
            var payments: [(seq: Int64, payment: SubscriptionPayment)] = []
            for stored in subscriptions {
                let subscription = Subscription(stored)
                let planName = plans[stored.planId]?.name ?? stored.planId
                for attempt in try RenewalAttemptRecord.filter(Column("subscription_id") == stored.id).fetchAll(db) {
                    payments.append((attempt.seq ?? 0, SubscriptionPayment(
                        subscriptionId: stored.id, planName: planName, payer: subscription.payer,
                        attempt: RenewalAttempt(periodIndex: attempt.periodIndex, attempt: attempt.attempt, at: attempt.at,
                                                succeeded: attempt.succeeded, paymentReference: attempt.paymentRef,
                                                reason: attempt.reason, amount: try attempt.amount()))))
                }
            }
            return payments.sorted { $0.seq < $1.seq }.map(\.payment)
        }
    }

    public func failedRenewals(subscriptionId: String) throws -> [RenewalAttempt] {
        try renewalAttempts(subscriptionId: subscriptionId).filter { !$0.succeeded }
    }

    /// Cancels now, or at the end of the paid period (the subscription stays `active` until then).
    @discardableResult
    public func cancel(subscriptionId: String, atPeriodEnd: Bool) throws(SubscriptionError) -> Subscription {
        try write { db in
            let subscription = try load(db, subscriptionId)
            guard subscription.state != .canceled else { throw SubscriptionError.alreadyCanceled }
            if atPeriodEnd {
                try SubscriptionRecord.filter(key: subscriptionId).updateAll(db, SubscriptionRecord.Columns.cancelAtPeriodEnd.set(to: true))
                try events.record(db, type: "subscription.cancel_scheduled", subject: subscriptionId,
                                  data: ["at": ISO8601DateFormatter().string(from: subscription.currentPeriodEnd)])
            } else {
                try markCanceled(db, subscription, note: "canceled by the customer")
            }
            return try load(db, subscriptionId)
        }
    }

    /// The earliest moment a renewal, retry or scheduled cancellation is due, for a loop timer.
    public func nextRenewalDate() throws -> Date? {
        try database.read { db in
            try Int64.fetchOne(db, sql: """
                SELECT MIN(CASE state WHEN 'pastDue' THEN next_retry_at ELSE period_end END)
                FROM subscriptions WHERE state IN ('active', 'pastDue')
                """).map(Date.init(milliseconds:))
        }
    }

    /// Renews everything that is due, one payment at a time; `completion` runs when nothing is
    /// due any more. A call while a run is going waits for that run.
    public func runDueRenewals(completion: @escaping () -> Void = {}) {
        waitingForRun.append(completion)
        guard !running else { return }
        running = true
        runNext()
    }

    private func runNext() {
        guard let due = try? database.read({ db in try nextDue(db) }) else { return finishRun() }
        if due.state == .active, due.cancelAtPeriodEnd {
            _ = try? write { db in try markCanceled(db, due, note: "canceled at period end") }
            return runNext()
        }
        renew(due) { [self] in runNext() }
    }

    private func finishRun() {
        running = false
        let waiting = waitingForRun
        waitingForRun = []
        waiting.forEach { $0() }
    }

    private func nextDue(_ db: Database) throws -> Subscription? {
        let now = clock.now.milliseconds
        return try SubscriptionRecord.fetchOne(db, sql: """
            SELECT * FROM subscriptions
            WHERE (state = 'active' AND period_end <= ?) OR (state = 'pastDue' AND next_retry_at <= ?)
            ORDER BY CASE state WHEN 'pastDue' THEN next_retry_at ELSE period_end END, id LIMIT 1
            """, arguments: [now, now]).map(Subscription.init)
    }

    private func renew(_ subscription: Subscription, then next: @escaping () -> Void) {
        guard let plan = try? plans().first(where: { $0.id == subscription.planId }) else {
            _ = try? write { db in try markCanceled(db, subscription, note: "plan no longer exists") }
            return next()
        }
        let period = subscription.periodIndex + 1
        let attempt = subscription.failedAttempts
        let key = "\(subscription.id)-period-\(period)-attempt-\(attempt)"
        let record: (Result<String, SubscriptionError>) -> Void = { [self] result in
            if case .failure(.outcomeUnknown) = result {
                // Left due, under the same key: the next run replays the settled answer. This
                // run ends here, or it would ask about the same renewal again at once.
                return finishRun()
            }
            let recorded = try? write { db in
                try recordAttempt(db, subscription.id, period: period, attempt: attempt, amount: plan.price, result: result)
                switch result {
                case .success: try markRenewed(db, subscription, plan: plan)
                case .failure(let error): try markFailed(db, subscription, reason: error)
                }
            }
            // Not recorded (a failed write): the renewal stays due under the same key; this run
            // ends, or it would pick the same renewal again at once, for ever.
            guard recorded != nil else { return finishRun() }
            next()
        }
        // Asked before and its answer not recorded: the answer is recorded, never asked twice.
        switch collector.earlierOutcome(from: subscription.payer, idempotencyKey: key) {
        case .paid(let reference)?: return record(.success(reference))
        case .failed(let decline)?: return record(.failure(.paymentFailed(decline)))
        case .unknown?: return record(.failure(.outcomeUnknown))
        case nil: break
        }
        collector.collect(plan.price, from: subscription.payer, customerId: subscription.customerId, idempotencyKey: key,
                          description: "\(plan.name), period \(period + 1)", unattended: true, completion: record)
    }

    private func markRenewed(_ db: Database, _ subscription: Subscription, plan: Plan) throws {
        guard let stored = try SubscriptionRecord.fetchOne(db, key: subscription.id) else { throw SubscriptionError.unknownSubscription(subscription.id) }
        let period = subscription.periodIndex + 1
        let end = plan.interval.boundary(after: stored.anchor, periods: period + 1)
        try SubscriptionRecord.filter(key: subscription.id).updateAll(db, [
            SubscriptionRecord.Columns.state.set(to: SubscriptionState.active), SubscriptionRecord.Columns.periodIndex.set(to: period), SubscriptionRecord.Columns.periodStart.set(to: SubscriptionRecord.Columns.periodEnd),
            SubscriptionRecord.Columns.periodEnd.set(to: end.milliseconds), SubscriptionRecord.Columns.failedAttempts.set(to: 0), SubscriptionRecord.Columns.nextRetryAt.set(to: nil),
        ])
        try events.record(db, type: "subscription.renewed", subject: subscription.id, data: ["period": "\(period)"])
        if subscription.state != .active {
            try recordTransition(db, subscription.id, from: subscription.state, to: .active, note: "renewal paid on retry")
        }
    }

    private func markFailed(_ db: Database, _ subscription: Subscription, reason: SubscriptionError) throws {
        let failures = subscription.failedAttempts + 1
        guard failures <= retrySchedule.count else {
            return try markCanceled(db, subscription, note: "last renewal retry failed")
        }
        let retryAt = subscription.currentPeriodEnd.addingTimeInterval(retrySchedule[failures - 1].timeInterval)
        try SubscriptionRecord.filter(key: subscription.id).updateAll(db, [
            SubscriptionRecord.Columns.state.set(to: SubscriptionState.pastDue), SubscriptionRecord.Columns.failedAttempts.set(to: failures), SubscriptionRecord.Columns.nextRetryAt.set(to: retryAt.milliseconds),
        ])
        try events.record(db, type: "subscription.renewal_failed", subject: subscription.id, data: ["attempt": "\(failures)", "reason": "\(reason)"])
        if subscription.state != .pastDue {
            try recordTransition(db, subscription.id, from: subscription.state, to: .pastDue, note: "renewal failed")
        }
    }

    private func markCanceled(_ db: Database, _ subscription: Subscription, note: String) throws {
        try SubscriptionRecord.filter(key: subscription.id).updateAll(db, [
            SubscriptionRecord.Columns.state.set(to: SubscriptionState.canceled), SubscriptionRecord.Columns.canceledAt.set(to: clock.now.milliseconds), SubscriptionRecord.Columns.nextRetryAt.set(to: nil),
        ])
        try recordTransition(db, subscription.id, from: subscription.state, to: .canceled, note: note)
    }

    private func recordTransition(_ db: Database, _ id: String, from: SubscriptionState?, to: SubscriptionState, note: String) throws {
        try SubscriptionHistoryRecord(subscriptionId: id, at: clock.now, fromState: from, toState: to, note: note).insert(db)
        try events.record(db, type: "subscription.\(to.rawValue)", subject: id, data: ["from": from?.rawValue ?? "", "note": note])
    }

    private func recordAttempt(_ db: Database, _ id: String, period: Int, attempt: Int, amount: Money,
                               result: Result<String, SubscriptionError>) throws {
        var reference: String?
        var reason: String?
        switch result {
        case .success(let value): reference = value
        case .failure(.paymentFailed(let decline)): reason = decline.code
        case .failure(.mandatePaymentFailed(let error)): reason = error.code
        case .failure(let other): reason = "\(other)"
        }
        try RenewalAttemptRecord(subscriptionId: id, periodIndex: period, attempt: attempt, at: clock.now, succeeded: reference != nil,
                                 paymentRef: reference, reason: reason, amountMinor: amount.minorUnits, currency: amount.currency.code).insert(db)
    }

    private func load(_ db: Database, _ id: String) throws -> Subscription {
        guard let subscription = try SubscriptionRecord.fetchOne(db, key: id) else { throw SubscriptionError.unknownSubscription(id) }
        return Subscription(subscription)
    }

    private func write<T>(_ body: (Database) throws -> T) throws(SubscriptionError) -> T {
        try storageErrors { try database.write(body) }
    }

    /// A read (no write lock, nothing to commit) whose storage failures become `.storage`.
    private func read<T>(_ body: (Database) throws -> T) throws(SubscriptionError) -> T {
        try storageErrors { try database.read(body) }
    }

    private func storageErrors<T>(_ access: () throws -> T) throws(SubscriptionError) -> T {
        do {
            return try access()
        } catch let error as SubscriptionError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }
}

import Clocks
import Foundation

/// Plans, subscribing, renewals with retries, and cancelling (seed 001's recurring billing).
///
/// The loop calls `runDueRenewals` (on each tick, or at `nextRenewalDate`); it renews every
/// period whose end has passed, one after the other, so a long `Sleep` catches up on all the
/// missed periods. A failed renewal makes the subscription `pastDue` and is retried
/// `retrySchedule` after the due date (1, 3 and 5 days); when the last retry fails it is
/// `canceled`. A successful retry makes it `active` again, with its periods still anchored to
/// the first subscription day.
///
/// Counters of a fleet may run the same renewal at once: the payment is asked under one key
/// (charged once), and its answer is recorded with the subscription's row locked, once: the
/// counter that waited finds the attempt recorded and leaves it.
///
/// Every period paid books an order (`Orders.bookSubscriptionPeriod`) in the transaction that
/// records its payment: the customer's order history, the receipt, the day reports and the export
/// show it like any other. A refused payment books nothing.
public final class Subscriptions {
    public static let defaultRetrySchedule: [Duration] = [.days(1), .days(3), .days(5)]

    private let store: any CoreStore
    private let collector: RenewalCollecting
    private let orders: Orders
    private let ids: IDGenerator
    private let scheduler: Scheduler
    private var clock: Clock { scheduler.clock }
    private let events: EventRecording
    private let retrySchedule: [Duration]
    private var running = false
    private var waitingForRun: [() -> Void] = []

    public init(store: any CoreStore, collector: RenewalCollecting, orders: Orders, ids: IDGenerator, scheduler: Scheduler, events: EventRecording,
                retrySchedule: [Duration] = Subscriptions.defaultRetrySchedule) {
        self.store = store
        self.collector = collector
        self.orders = orders
        self.ids = ids
        self.scheduler = scheduler
        self.events = events
        self.retrySchedule = retrySchedule
    }

    public func plans() throws -> [Plan] {
        try store.read { tx in try tx.fetchAll(PlanRecord.self, "SELECT * FROM plans ORDER BY position").map(Plan.init) }
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
                          signedBy signature: StaffSignature? = nil, completion: @escaping (Result<Subscription, SubscriptionError>) -> Void) {
        let plan: Plan
        let id: String
        // Periods are anchored to the moment the customer subscribed, not to the payment's latency.
        let startedAt = clock.now
        do throws(SubscriptionError) {
            (plan, id) = try write { tx in
                guard let plan = try tx.fetchOne(PlanRecord.self, "SELECT * FROM plans WHERE id = ?", planId).map(Plan.init) else {
                    throw SubscriptionError.unknownPlan(planId)
                }
                let id = ids.next("sub")
                let (kind, reference) = payer.stored
                try tx.insert(SubscriptionRecord(id: id, customerId: customerId, planId: planId, payerKind: kind, payerRef: reference,
                                                 state: .incomplete, periodIndex: 0, periodStart: startedAt,
                                                 periodEnd: plan.interval.boundary(after: startedAt, periods: 1), anchor: startedAt,
                                                 createdAt: startedAt))
                return (plan, id)
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        (firstPayment ?? collector).collect(plan.price, from: payer, customerId: customerId, idempotencyKey: Self.firstPaymentKey(id),
                                            description: "\(plan.name), first period", unattended: false) { [self] result in
            if case .failure(.outcomeUnknown) = result { return completion(.failure(.outcomeUnknown)) }
            completion(Result { () throws(SubscriptionError) in
                try write { tx in
                    // Locked first: the settler settling the same first payment waits, then finds it settled.
                    _ = try Self.stored(tx, id, locking: true)
                    try recordAttempt(tx, id, period: 0, attempt: 0, amount: plan.price, result: result)
                    let payment: String? = if case .success(let reference) = result { reference } else { nil }
                    try finishFirstPayment(tx, id, plan: plan, payment: payment, signedBy: signature)
                }
                if case .failure(let error) = result { throw error }
                return try read { tx in try load(tx, id) }
            })
        }
    }

    static func firstPaymentKey(_ subscriptionId: String) -> String { "\(subscriptionId)-period-0-attempt-0" }

    /// The first payment's answer (`payment`: what took the money, nil when refused): paid
    /// activates the subscription and books the first period's order, refused removes it (it never
    /// was one). An incomplete subscription settled meanwhile is left as it is. The row is locked
    /// first: the answer and the settler (on any counter) settle it once. `signature`: who served
    /// at the counter (the settler knows nobody, and its first period's order names nobody).
    private func finishFirstPayment(_ tx: any CoreTransaction, _ id: String, plan: Plan, payment: String?,
                                    signedBy signature: StaffSignature? = nil) throws {
        guard let stored = try Self.stored(tx, id, locking: true), stored.state == .incomplete else { return }
        if let payment {
            try tx.execute("UPDATE subscriptions SET state = ? WHERE id = ?", SubscriptionState.active, id)
            try recordTransition(tx, id, from: nil, to: .active, note: "subscribed to \(plan.name)")
            try orders.bookSubscriptionPeriod(tx, customerId: stored.customerId, plan: plan, periodIndex: 0,
                                              paymentKey: Self.firstPaymentKey(id), reference: payment, signedBy: signature)
        } else {
            try tx.execute("DELETE FROM subscriptions WHERE id = ?", id)
            try events.record(tx, type: "subscription.first_payment_failed", subject: id, data: [:])
        }
    }

    /// The settler's rule for subscriptions whose first payment's answer was lost: `lookUp`
    /// tells what became of a card's payment under its key (nil: never asked); a mandate's draw is
    /// looked up at the bank under the same key. Paid books the first period's order with the
    /// payment found. Returns the ids settled.
    @discardableResult
    public func settleIncomplete(olderThan age: TimeInterval, lookUp: (String) -> ChargeLookup?) throws -> [String] {
        let cutoff = clock.now.addingTimeInterval(-age).milliseconds
        let waiting = try store.read { tx in
            try tx.fetchAll(SubscriptionRecord.self, "SELECT * FROM subscriptions WHERE state = ? AND created_at <= ? ORDER BY \(tx.engine.bytewise("id"))",
                            SubscriptionState.incomplete, cutoff).map(Subscription.init)
        }
        var settled: [String] = []
        for subscription in waiting {
            guard let plan = try plans().first(where: { $0.id == subscription.planId }) else { continue }
            let key = Self.firstPaymentKey(subscription.id)
            let payment: String?
            switch subscription.payer {
            case .savedCard:
                switch lookUp(key) {
                case .succeeded(let receipt): payment = receipt.chargeId
                case .failed, nil: payment = nil
                case .pending, .awaitingChallenge, .notKnown: continue
                }
            case .mandate:
                // A draw is made at once or not at all: none under the key is none taken.
                switch collector.earlierOutcome(from: subscription.payer, idempotencyKey: key) {
                case .paid(let reference)?: payment = reference
                case .failed?, nil: payment = nil
                case .unknown?: continue
                }
            }
            try store.write { tx in try finishFirstPayment(tx, subscription.id, plan: plan, payment: payment) }
            settled.append(subscription.id)
        }
        return settled
    }

    public func subscription(id: String) throws -> Subscription? {
        try store.read { tx in try Self.stored(tx, id).map(Subscription.init) }
    }

    public func subscriptions(customerId: String) throws -> [Subscription] {
        try store.read { tx in
            try tx.fetchAll(SubscriptionRecord.self, "SELECT * FROM subscriptions WHERE customer_id = ? ORDER BY \(tx.engine.bytewise("id"))", customerId)
                .map(Subscription.init)
        }
    }

    public func history(subscriptionId: String) throws -> [SubscriptionHistoryEntry] {
        try store.read { tx in
            try tx.fetchAll(SubscriptionHistoryRecord.self, "SELECT * FROM subscription_history WHERE subscription_id = ? ORDER BY seq",
                            subscriptionId).map { entry in
                SubscriptionHistoryEntry(at: entry.at, from: entry.fromState, to: entry.toState, note: entry.note)
            }
        }
    }

    /// Every attempt (the first payment, renewals and retries), oldest first.
    public func renewalAttempts(subscriptionId: String) throws -> [RenewalAttempt] {
        try store.read { tx in try Self.attempts(tx, subscriptionId).map { try $0.renewalAttempt() } }
    }

    /// Every payment asked for a customer's subscriptions (first payments, renewals, retries),
    /// oldest first, with the plan and payer: what the order history lists beside the orders.
    /// A refused first payment is not among them (its subscription never was one, and is gone).
    public func payments(customerId: String) throws -> [SubscriptionPayment] {
        try store.read { tx in
            let subscriptions = try tx.fetchAll(SubscriptionRecord.self, "SELECT * FROM subscriptions WHERE customer_id = ?", customerId)
            let plans = try Dictionary(tx.fetchAll(PlanRecord.self, "SELECT * FROM plans").map { ($0.id, try Plan($0)) },
                                       uniquingKeysWith: { first, _ in first })
            var payments: [(seq: Int64, payment: SubscriptionPayment)] = []
            for stored in subscriptions {
                let subscription = Subscription(stored)
                let planName = plans[stored.planId]?.name ?? stored.planId
                for attempt in try Self.attempts(tx, stored.id) {
                    payments.append((attempt.seq ?? 0, SubscriptionPayment(subscriptionId: stored.id, planName: planName, payer: subscription.payer,
                                                                           attempt: try attempt.renewalAttempt())))
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
        try write { tx in
            let subscription = try load(tx, subscriptionId, locking: true)
            guard subscription.state != .canceled else { throw SubscriptionError.alreadyCanceled }
            if atPeriodEnd {
                try tx.execute("UPDATE subscriptions SET cancel_at_period_end = 1 WHERE id = ?", subscriptionId)
                try events.record(tx, type: "subscription.cancel_scheduled", subject: subscriptionId,
                                  data: ["at": ISO8601DateFormatter().string(from: subscription.currentPeriodEnd)])
            } else {
                try markCanceled(tx, subscription, note: "canceled by the customer")
            }
            return try load(tx, subscriptionId)
        }
    }

    /// The earliest moment a renewal, retry or scheduled cancellation is due, for a loop timer.
    public func nextRenewalDate() throws -> Date? {
        try store.read { tx in
            try tx.fetchValue(Int64.self, """
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
        guard let due = try? store.read({ tx in try nextDue(tx) }) else { return finishRun() }
        if due.state == .active, due.cancelAtPeriodEnd {
            _ = try? write { tx in
                // Another counter may have just canceled it: canceled once.
                guard try load(tx, due.id, locking: true).state == .active else { return }
                try markCanceled(tx, due, note: "canceled at period end")
            }
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

    private func nextDue(_ tx: any CoreTransaction) throws -> Subscription? {
        let now = clock.now.milliseconds
        return try tx.fetchOne(SubscriptionRecord.self, """
            SELECT * FROM subscriptions
            WHERE (state = 'active' AND period_end <= ?) OR (state = 'pastDue' AND next_retry_at <= ?)
            ORDER BY CASE state WHEN 'pastDue' THEN next_retry_at ELSE period_end END, \(tx.engine.bytewise("id")) LIMIT 1
            """, now, now).map(Subscription.init)
    }

    private func renew(_ subscription: Subscription, then next: @escaping () -> Void) {
        guard let plan = try? plans().first(where: { $0.id == subscription.planId }) else {
            _ = try? write { tx in
                guard try load(tx, subscription.id, locking: true).state != .canceled else { return }
                try markCanceled(tx, subscription, note: "plan no longer exists")
            }
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
            let recorded: Void? = try? write { tx in
                // The subscription's row is locked before the attempt is looked for: another
                // counter recording the same renewal at once waits, then finds it recorded.
                _ = try load(tx, subscription.id, locking: true)
                guard try !tx.exists("SELECT 1 FROM renewal_attempts WHERE subscription_id = ? AND period_index = ? AND attempt = ?",
                                     subscription.id, period, attempt) else { return }
                try recordAttempt(tx, subscription.id, period: period, attempt: attempt, amount: plan.price, result: result)
                switch result {
                case .success(let payment):
                    try markRenewed(tx, subscription, plan: plan)
                    try orders.bookSubscriptionPeriod(tx, customerId: subscription.customerId, plan: plan, periodIndex: period,
                                                      paymentKey: key, reference: payment)
                case .failure(let error): try markFailed(tx, subscription, reason: error)
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

    private func markRenewed(_ tx: any CoreTransaction, _ subscription: Subscription, plan: Plan) throws {
        guard let stored = try Self.stored(tx, subscription.id) else { throw SubscriptionError.unknownSubscription(subscription.id) }
        let period = subscription.periodIndex + 1
        let end = plan.interval.boundary(after: stored.anchor, periods: period + 1)
        try tx.execute("""
            UPDATE subscriptions SET state = ?, period_index = ?, period_start = period_end, period_end = ?, failed_attempts = 0,
              next_retry_at = NULL WHERE id = ?
            """, SubscriptionState.active, period, end.milliseconds, subscription.id)
        try events.record(tx, type: "subscription.renewed", subject: subscription.id, data: ["period": "\(period)"])
        if subscription.state != .active {
            try recordTransition(tx, subscription.id, from: subscription.state, to: .active, note: "renewal paid on retry")
        }
    }

    private func markFailed(_ tx: any CoreTransaction, _ subscription: Subscription, reason: SubscriptionError) throws {
        let failures = subscription.failedAttempts + 1
        guard failures <= retrySchedule.count else {
            return try markCanceled(tx, subscription, note: "last renewal retry failed")
        }
        let retryAt = subscription.currentPeriodEnd.addingTimeInterval(retrySchedule[failures - 1].timeInterval)
        try tx.execute("UPDATE subscriptions SET state = ?, failed_attempts = ?, next_retry_at = ? WHERE id = ?",
                       SubscriptionState.pastDue, failures, retryAt.milliseconds, subscription.id)
        try events.record(tx, type: "subscription.renewal_failed", subject: subscription.id, data: ["attempt": "\(failures)", "reason": "\(reason)"])
        if subscription.state != .pastDue {
            try recordTransition(tx, subscription.id, from: subscription.state, to: .pastDue, note: "renewal failed")
        }
    }

    private func markCanceled(_ tx: any CoreTransaction, _ subscription: Subscription, note: String) throws {
        try tx.execute("UPDATE subscriptions SET state = ?, canceled_at = ?, next_retry_at = NULL WHERE id = ?",
                       SubscriptionState.canceled, clock.now.milliseconds, subscription.id)
        try recordTransition(tx, subscription.id, from: subscription.state, to: .canceled, note: note)
    }

    private func recordTransition(_ tx: any CoreTransaction, _ id: String, from: SubscriptionState?, to: SubscriptionState, note: String) throws {
        try tx.insert(SubscriptionHistoryRecord(subscriptionId: id, at: clock.now, fromState: from, toState: to, note: note))
        try events.record(tx, type: "subscription.\(to.rawValue)", subject: id, data: ["from": from?.rawValue ?? "", "note": note])
    }

    private func recordAttempt(_ tx: any CoreTransaction, _ id: String, period: Int, attempt: Int, amount: Money,
                               result: Result<String, SubscriptionError>) throws {
        var reference: String?
        var reason: String?
        switch result {
        case .success(let value): reference = value
        case .failure(.paymentFailed(let decline)): reason = decline.code
        case .failure(.mandatePaymentFailed(let error)): reason = error.code
        case .failure(let other): reason = "\(other)"
        }
        try tx.insert(RenewalAttemptRecord(subscriptionId: id, periodIndex: period, attempt: attempt, at: clock.now, succeeded: reference != nil,
                                           paymentRef: reference, reason: reason, amountMinor: amount.minorUnits, currency: amount.currency.code))
    }

    /// - Parameter locking: the row stays locked until the transaction ends (on a server).
    private static func stored(_ tx: any CoreTransaction, _ id: String, locking: Bool = false) throws -> SubscriptionRecord? {
        try tx.fetchOne(SubscriptionRecord.self, "SELECT * FROM subscriptions WHERE id = ?\(locking ? tx.engine.forUpdate : "")", id)
    }

    private func load(_ tx: any CoreTransaction, _ id: String, locking: Bool = false) throws -> Subscription {
        guard let subscription = try Self.stored(tx, id, locking: locking) else { throw SubscriptionError.unknownSubscription(id) }
        return Subscription(subscription)
    }

    /// A subscription's attempts, oldest first.
    private static func attempts(_ tx: any CoreTransaction, _ subscriptionId: String) throws -> [RenewalAttemptRecord] {
        try tx.fetchAll(RenewalAttemptRecord.self, "SELECT * FROM renewal_attempts WHERE subscription_id = ? ORDER BY seq", subscriptionId)
    }

    private func write<T>(_ body: (any CoreTransaction) throws -> T) throws(SubscriptionError) -> T {
        try storageErrors { try store.write(body) }
    }

    /// A read (no write lock, nothing to commit) whose storage failures become `.storage`.
    private func read<T>(_ body: (any CoreTransaction) throws -> T) throws(SubscriptionError) -> T {
        try storageErrors { try store.read(body) }
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

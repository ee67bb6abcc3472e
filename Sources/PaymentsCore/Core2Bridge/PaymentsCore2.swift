import Clocks
import Foundation

/// Issue 4's services, wired on an opened `PaymentsCore`: the same database (migrated to issue
/// 4's schema here), loop clock, scheduler, id generator, event log and charge service.
///
///     let core = try PaymentsCore(database: .inMemory, clock: clock, scheduler: timers,
///                                 migrations: Core2Migrations.register)
///     let more = try PaymentsCore2(core: core)
///
/// (Without the `migrations:` hook, `PaymentsCore2` migrates the same file itself; both ways
/// give the same schema, and running them twice is harmless.)
///     try more.carts.add(productId: "honey-manuka", for: sessionKey)
public final class PaymentsCore2 {
    public let catalog: Catalog
    public let carts: Carts
    public let orders: Orders
    public let subscriptions: Subscriptions
    public let sources: PaymentSources
    public let bankProviders: BankProviders
    public let bank: BankPayments
    public let auctions: Auctions
    /// Card money for the services above, through the core's `ChargeService`.
    public let cardGateway: ChargeServiceGateway
    private let core: PaymentsCore

    /// - Parameter renewalCollector: who collects renewals; nil for cards through the core and
    ///   mandates through `bank` (tests pass one that can fail on purpose).
    public init(core: PaymentsCore, bankTimings: BankTimings = BankTimings(),
                renewalRetrySchedule: [Duration] = Subscriptions.defaultRetrySchedule,
                renewalCollector: ((ChargeServiceGateway, BankPayments) -> RenewalCollecting)? = nil) throws {
        self.core = core
        let queue = core.database.queue
        try Core2Migrations.migrate(queue)
        let events = CoreEventRecorder(clock: core.clock)
        cardGateway = ChargeServiceGateway(charges: core.charges, repository: core.chargeRepository, scheduler: core.scheduler)
        catalog = Catalog(database: queue)
        carts = Carts(database: queue, ids: core.ids, clock: core.clock, events: events)
        orders = Orders(database: queue, carts: carts, charges: cardGateway, ids: core.ids, scheduler: core.scheduler, events: events)
        bankProviders = BankProviders(database: queue)
        bank = BankPayments(database: queue, scheduler: core.scheduler, ids: core.ids, events: events, timings: bankTimings)
        let collector = renewalCollector?(cardGateway, bank) ?? RenewalCollector(charges: cardGateway, bank: bank)
        subscriptions = Subscriptions(database: queue, collector: collector, ids: core.ids, scheduler: core.scheduler, events: events,
                                      retrySchedule: renewalRetrySchedule)
        sources = PaymentSources(database: queue, scheduler: core.scheduler, charges: cardGateway, ids: core.ids, events: events)
        auctions = Auctions(database: queue, holds: cardGateway, ids: core.ids, scheduler: core.scheduler, events: events)
    }

    /// What the loop runs when time passes (each tick, or at `nextDueDate`): renewals and
    /// retries that are due, then auctions that have closed. `completion` runs when all is done.
    public func runDueWork(completion: @escaping () -> Void = {}) {
        subscriptions.runDueRenewals { [auctions] in auctions.closeDueAuctions(completion: completion) }
    }

    /// At start-up: settles charges whose answers were lost (part I's `reconcilePending`), then
    /// the orders that were waiting on them. Returns the orders it settled.
    @discardableResult
    public func reconcileAfterRestart() throws -> [Order] {
        _ = try core.charges.reconcilePending()
        return try orders.reconcilePayments()
    }

    /// The next moment `runDueWork` has something to do for subscriptions (auctions close at
    /// their `closesAt`).
    public func nextDueDate() throws -> Date? {
        try subscriptions.nextRenewalDate()
    }
}

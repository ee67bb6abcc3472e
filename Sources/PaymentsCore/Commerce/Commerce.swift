import Clocks
import Foundation
import GRDB

/// The merchant's side of the core, on top of the money side (`PaymentsServices`: cards, vault,
/// customers, charges): the catalog, carts and orders, subscriptions, payment sources, bank
/// payments and mandates, and auctions. It shares the core's database, loop clock, scheduler,
/// id generator, event log and charge service.
///
///     let core = try PaymentsServices(database: .inMemory, clock: clock, scheduler: timers,
///                                 migrations: CommerceMigrations.register)
///     let commerce = try Commerce(core: core)
///     try commerce.carts.add(productId: "honey-manuka", for: sessionKey)
///
/// (Without the `migrations:` hook, `Commerce` migrates the same file itself; both ways
/// give the same schema, and running them twice is harmless.)
public final class Commerce {
    public let catalog: Catalog
    public let carts: Carts
    /// The codes products carry, and what a scanned code is.
    public let barcodes: Barcodes
    public let orders: Orders
    public let subscriptions: Subscriptions
    public let sources: PaymentSources
    public let bankProviders: BankProviders
    public let bank: BankPayments
    public let auctions: Auctions
    /// Card money for the services above, through the core's `ChargeService`.
    public let cardGateway: ChargeServiceGateway
    /// This counter process, as the other counters on the database see it.
    public let instance: CounterInstance
    /// The shop's settings (`--shop FILE`): its VAT rates freeze on each order line placed here.
    public let shop: ShopSettings
    /// This counter's name (`--counter`) as the books hold it on what it books; nil: none.
    public let counterName: String?
    /// Settles what was left unsettled; the app runs it at start and every few seconds.
    public private(set) var settler: Settler!
    private let core: PaymentsServices

    /// - Parameters:
    ///   - renewalCollector: who collects renewals; nil for cards through the core and mandates
    ///     through `bank` (tests pass one that can fail on purpose).
    ///   - counterName: this counter's name (`--counter`), on the orders it takes payments for
    ///     and their receipts; nil: none on them (tapes, tests), its host's name among the
    ///     counter instances.
    public init(core: PaymentsServices, bankTimings: BankTimings = BankTimings(),
                renewalRetrySchedule: [Duration] = Subscriptions.defaultRetrySchedule,
                renewalCollector: ((ChargeServiceGateway, BankPayments) -> RenewalCollecting)? = nil,
                settlerPolicy: Settler.Policy = Settler.Policy(), counterName: String? = nil, shop: ShopSettings = .defaults) throws {
        self.core = core
        self.shop = shop
        self.counterName = counterName
        try Self.migrate(core.storage)
        let store = core.store
        try AuctionSeed.seedIfNew(store, now: core.clock.now)
        instance = try CounterInstance(store: store, clock: core.clock, ids: core.ids, name: counterName)
        // Every receipt, refund, void and Z report this counter writes is journaled under its name.
        try Journal.attach(store, counter: instance.name, keys: core.storage.journalKeys, at: core.clock.now)
        let events = CoreEventRecorder(clock: core.clock)
        cardGateway = ChargeServiceGateway(charges: core.charges, repository: core.chargeRepository, scheduler: core.scheduler)
        catalog = try Catalog(store: store)
        carts = Carts(store: store, ids: core.ids, clock: core.clock, events: events)
        barcodes = Barcodes(store: store, events: events)
        bankProviders = BankProviders(store: store)
        bank = BankPayments(store: store, scheduler: core.scheduler, ids: core.ids, events: events, timings: bankTimings)
        sources = PaymentSources(store: store, scheduler: core.scheduler, charges: cardGateway, ids: core.ids, events: events)
        orders = Orders(store: store, carts: carts, charges: cardGateway, ids: core.ids, scheduler: core.scheduler, events: events,
                        owner: instance.id, counterName: counterName, bank: bank, sources: sources)
        orders.tax = shop.tax
        carts.discountPolicy = shop.discounts
        let collector = renewalCollector?(cardGateway, bank) ?? RenewalCollector(charges: cardGateway, bank: bank)
        subscriptions = Subscriptions(store: store, collector: collector, orders: orders, ids: core.ids, scheduler: core.scheduler, events: events,
                                      retrySchedule: renewalRetrySchedule)
        auctions = Auctions(store: store, holds: cardGateway, orders: orders, ids: core.ids, scheduler: core.scheduler, events: events,
                            owner: instance.id)
        settler = Settler(store: store, core: core, commerce: self, instance: instance, policy: settlerPolicy)
    }

    /// The shop's tables, on a file by its migrations; on a server mirrored from them (at once
    /// when the storage was opened with them, as the counter opens it).
    private static func migrate(_ storage: CoreStorage) throws {
        if let sqlite = storage.sqlite { try CommerceMigrations.migrate(sqlite.queue) }
        if let server = storage.server {
            var migrator = DatabaseMigrator()
            CoreMigrations.register(in: &migrator)
            CommerceMigrations.register(in: &migrator)
            try PostgresCoreMigrations.migrate(server.connection, mirroring: migrator)
        }
    }

    /// What the loop runs when time passes (each tick, or at `nextDueDate`): renewals and
    /// retries that are due, then auctions that have closed. `completion` runs when all is done.
    public func runDueWork(completion: @escaping () -> Void = {}) {
        subscriptions.runDueRenewals { [auctions] in auctions.closeDueAuctions(completion: completion) }
    }

    /// At start-up: one settler pass (charges whose answers were lost, the orders and bids that
    /// waited on them). Returns the orders it settled.
    @discardableResult
    public func reconcileAfterRestart() throws -> [Order] {
        let report = settler.settleNow(atStart: true)
        return try report.orders.compactMap { try orders.order(id: $0) }
    }

    /// The next moment `runDueWork` has something to do: a renewal or retry, or an auction with
    /// open bids closing.
    public func nextDueDate() throws -> Date? {
        [try subscriptions.nextRenewalDate(), try auctions.nextCloseDate()].compactMap { $0 }.min()
    }
}

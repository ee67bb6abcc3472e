import Clocks
import Foundation
import GRDB

/// The local payments core: one object that opens the database and wires the services the
/// controllers use. Everything runs on the caller's loop, by `clock` and `scheduler`.
///
///     let core = try PaymentsServices(database: .inMemory, clock: clock, scheduler: timers, ids: SequentialIDGenerator())
///     let token = try core.vault.tokenize(card)
///     core.charges.create(ChargeRequest(amount: total, source: .token(token.id), idempotencyKey: "order-1")) { result in ... }
public final class PaymentsServices {
    public struct Options {
        /// PBKDF2 rounds for passwords and PINs; lower only in tests.
        public var passwordIterations = PasswordHasher.productionIterations
        /// The simulated acquirer's answer time.
        public var acquirerLatency: Duration = .milliseconds(800)
        /// How long three wrong PINs lock payments.
        public var pinCooldown: Duration = .minutes(15)
        /// Where the core's (redacted) log lines go.
        public var logSink: (String) -> Void = { _ in }
        /// Also logs every committed event (payment states, the settler's actions) to `logSink`.
        public var logsEvents = false
        /// Where a database file's vault key is; nil: as `VaultKeyLocation.resolve(flag: nil)` finds it.
        public var vaultKey: VaultKeyLocation?
        /// Where the counters' journal keys are; nil: beside the vault key (`JournalKeyLocation.resolve`).
        public var journalKey: JournalKeyLocation?

        public init() {}
    }

    public let clock: Clock
    public let scheduler: Scheduler
    public let ids: IDGenerator
    /// The storage under every service: where it is, and its transactions on either engine.
    public let storage: CoreStorage
    public var store: any CoreStore { storage.store }
    public var location: DatabaseLocation { storage.location }
    public let log: CoreLog
    public let events: EventLog
    public let vault: Vault
    public let customers: CustomerService
    public let paymentMethods: PaymentMethodService
    public let acquirer: SimulatedAcquirer
    public let charges: ChargeService
    /// Cards saved from the account after their bank has checked them.
    public let cardChecks: CardCheckService
    /// Cards typed for a payment with "Save this card" ticked, saved once that payment is approved.
    public let cardsSavedAfterPayment: CardsSavedAfterPayment

    /// Repositories, for tests and for later services in the same database.
    public let customerRepository: CustomerRepository
    public let paymentMethodRepository: PaymentMethodRepository
    public let chargeRepository: ChargeRepository

    /// - Parameter migrations: later parts of the core (catalog, subscriptions...) register their
    ///   own migrations here; they run after `CoreMigrations.names`, in the same file.
    ///   Opening throws `CoreOpenError`.
    public convenience init(database location: DatabaseLocation, clock: Clock, scheduler: Scheduler, ids: IDGenerator = RandomIDGenerator(),
                            options: Options = Options(), migrations: (inout DatabaseMigrator) -> Void = { _ in }) throws {
        self.init(storage: try CoreStorage(location, vaultKey: options.vaultKey, journalKey: options.journalKey, migrations: migrations),
                  clock: clock, scheduler: scheduler, ids: ids, options: options)
    }

    /// On storage opened beforehand (the command line opens it before the terminal is taken).
    public init(storage: CoreStorage, clock: Clock, scheduler: Scheduler, ids: IDGenerator = RandomIDGenerator(), options: Options = Options()) {
        self.clock = clock
        self.scheduler = scheduler
        self.ids = ids
        self.storage = storage
        let keys = storage.keys
        let store = storage.store
        log = CoreLog(sink: options.logSink)
        events = StoredEvents(store: store, clock: clock)
        if options.logsEvents { CommittedEventLog.install(on: store, log: log) }
        customerRepository = StoredCustomers(store: store, clock: clock)
        paymentMethodRepository = StoredPaymentMethods(store: store, clock: clock)
        chargeRepository = StoredCharges(store: store, clock: clock)
        vault = Vault(clock: clock, ids: ids, keys: keys)
        customers = CustomerService(repository: customerRepository, hasher: PasswordHasher(iterations: options.passwordIterations),
                                    clock: clock, ids: ids, log: log, pinCooldown: options.pinCooldown)
        paymentMethods = PaymentMethodService(repository: paymentMethodRepository, customers: customers, vault: vault,
                                              clock: clock, ids: ids, log: log)
        acquirer = SimulatedAcquirer(scheduler: scheduler, latency: options.acquirerLatency)
        charges = ChargeService(repository: chargeRepository, customers: customers, paymentMethods: paymentMethods, vault: vault,
                                acquirer: acquirer, scheduler: scheduler, clock: clock, ids: ids, log: log)
        cardChecks = CardCheckService(paymentMethods: paymentMethods, vault: vault, acquirer: acquirer, scheduler: scheduler, log: log)
        cardsSavedAfterPayment = CardsSavedAfterPayment(paymentMethods: paymentMethods, charges: charges, vault: vault)
    }

    /// The SQLite database under the services, for tests that look at SQLite's own file (its
    /// commits, its pages); every part of the core goes through `store`. On a server there is
    /// none, and a test asking for it stops.
    @_spi(Testing) public var database: CoreDatabase {
        guard let sqlite = storage.sqlite else { preconditionFailure("a part of the core that runs on SQLite only was started on \(location.displayName)") }
        return sqlite
    }

    /// Closes the database. Use a new `PaymentsServices` to open it again.
    public func close() throws { try storage.close() }
}

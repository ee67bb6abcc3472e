import Clocks
import PaymentsCore

/// The one door from the counter's start-up and the command line to the core: opens the
/// database the command line names (with its vault key), and builds over it the controllers the
/// screens use (`CheckoutServices`). The screens never hold the core's services themselves.
///
///     let core = try CounterCore(database: "/var/lib/counter.sqlite")   // before the terminal is taken
///     let services = try core.services(clock: timers.clock, scheduler: timers)
public final class CounterCore {
    private let storage: CoreStorage

    /// Opens the database at `argument` (a path, `:memory:`, or nil for the default file in the
    /// user's data directory), migrated for the store too, so that counters started together on
    /// a new file migrate it under the same retry rules.
    /// - Parameters:
    ///   - vaultKey: nil: as the command line resolves it with no flag.
    ///   - journalKey: nil: as the command line resolves it with no flag (beside the vault key).
    public init(database argument: String?, vaultKey: VaultKeyLocation? = nil, journalKey: JournalKeyLocation? = nil) throws(CoreOpenError) {
        storage = try CoreStorage(Self.location(argument), vaultKey: vaultKey, journalKey: journalKey, migrations: CommerceMigrations.register)
    }

    /// Checks this counter's journal key against the database (making it if the counter has
    /// none yet) before the terminal is taken; answers its fingerprint.
    @discardableResult
    public func checkJournalKey(counter: String) throws(JournalKeyError) -> String {
        try Journal.checkKey(storage, counter: counter)
    }

    /// The path the counter opens when the command line names none.
    public static func defaultDatabasePath() -> String { DatabaseLocation.defaultPath() }

    /// What the operator should hear once about the vault key (moved, a rotation finished).
    public var notices: [VaultKeyNotice] { storage.notices }
    public var vaultKeyPath: String { storage.keyLocation.path }

    /// This counter's name (`--counter`), on the orders it takes payments for; nil: the host's.
    public var counterName: String?
    /// A guest's cart is kept under the counter's name across restarts (a staffed counter, not a kiosk).
    public var keepsGuestCart = true
    /// The shop's settings (`--shop FILE`, else the defaults).
    public var shop = ShopSettings.defaults

    /// The controllers over this database, on the loop's clock and timers. Build them once.
    /// `log` takes the core's lines: every committed payment state and settler action, redacted.
    public func services(clock: Clock, scheduler: Scheduler, log: ((String) -> Void)? = nil) throws -> CheckoutServices {
        var options = PaymentsServices.Options()
        if let log {
            options.logSink = log
            options.logsEvents = true
        }
        let ids = Self.ids(inMemory: storage.location == .inMemory)
        // A database in memory keeps nothing for next time, a guest's cart included.
        return try CheckoutServices(core: PaymentsServices(storage: storage, clock: clock, scheduler: scheduler, ids: ids, options: options),
                                    counterName: counterName, keepsGuestCart: keepsGuestCart && storage.location != .inMemory, shop: shop)
    }

    /// The controllers over a database opened as they are built (tapes and tests, where no
    /// terminal waits to hear why it cannot be opened). `counterName`: as `counterName` above.
    public static func services(database argument: String?, counterName: String? = nil, shop: ShopSettings = .defaults, clock: Clock,
                                scheduler: Scheduler) throws -> CheckoutServices {
        let location = location(argument)
        return try CheckoutServices(database: location, clock: clock, scheduler: scheduler, ids: ids(inMemory: location == .inMemory),
                                    counterName: counterName, shop: shop)
    }

    /// Seals every saved card and unsettled charge under a new vault key.
    public func rotateVaultKey() throws -> VaultRotation.Report {
        try VaultRotation.rotate(storage)
    }

    public func close() throws { try storage.close() }

    private static func location(_ argument: String?) -> DatabaseLocation {
        DatabaseLocation(argument: argument ?? DatabaseLocation.defaultPath())
    }

    /// In memory (tapes): sequential ids, so payment codes and their QR codes replay to the frame.
    private static func ids(inMemory: Bool) -> IDGenerator {
        inMemory ? SequentialIDGenerator() : RandomIDGenerator()
    }
}

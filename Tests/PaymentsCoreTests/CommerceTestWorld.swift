import Clocks
import Foundation
import GRDB
@_spi(Testing) import PaymentsCore

/// Issue 4's services on a real in-memory `PaymentsServices`, one manual clock and its timers.
final class CommerceTestWorld {
    static let approvingCard = "4242424242424242"
    static let decliningCard = "4000000000000002"
    static let challengeCard = "4000002760003184"
    static let day: TimeInterval = 86_400

    let clock: ManualClock
    let timers: TimerQueue
    let core: PaymentsServices
    let commerce: Commerce
    /// Renewals go through this: it can be told to fail, like a card that expired since.
    let renewals: SwitchableRenewalCollector

    var catalog: Catalog { commerce.catalog }
    var carts: Carts { commerce.carts }
    var orders: Orders { commerce.orders }
    var subscriptions: Subscriptions { commerce.subscriptions }
    var sources: PaymentSources { commerce.sources }
    var bank: BankPayments { commerce.bank }
    var providers: BankProviders { commerce.bankProviders }
    var auctions: Auctions { commerce.auctions }

    /// The world on `backend`: SQLite in memory, as the suites always ran, or a schema of its
    /// own on the throwaway PostgreSQL server (skipped, and said so, where it cannot run).
    convenience init(_ backend: StorageBackend, clock: ManualClock = ManualClock(), ids: IDGenerator = SequentialIDGenerator(),
                     counterName: String? = nil) throws {
        switch try backend == .sqlite ? nil : backend.freshStore() {
        case let .postgres(url):
            self.init(database: .server(url: url), clock: clock, ids: ids, counterName: counterName)
        default:
            self.init(clock: clock, ids: ids, counterName: counterName)
        }
    }

    init(database: DatabaseLocation = .inMemory, clock: ManualClock = ManualClock(), ids: IDGenerator = SequentialIDGenerator(),
         counterName: String? = nil) {
        self.clock = clock
        timers = TimerQueue(clock: clock)
        var options = PaymentsServices.Options()
        options.passwordIterations = 1_000
        options.acquirerLatency = .milliseconds(300)
        // A file's key beside the test's own directory, never in the runner's config directory.
        switch database {
        case let .file(path): options.vaultKey = VaultKeyLocation(path: Harness.keyPath(forDatabase: path), origin: .flag)
        case let .server(url): options.vaultKey = VaultKeyLocation(path: Harness.keyPath(forServer: url), origin: .flag)
        case .inMemory: break
        }
        core = try! PaymentsServices(database: database, clock: clock, scheduler: timers, ids: ids, options: options,
                                 migrations: CommerceMigrations.register)
        var collector: SwitchableRenewalCollector?
        commerce = try! Commerce(core: core, renewalCollector: { cards, bank in
            let switchable = SwitchableRenewalCollector(RenewalCollector(charges: cards, bank: bank))
            collector = switchable
            return switchable
        }, counterName: counterName)
        renewals = collector!
    }

    func advance(_ duration: Duration) {
        timers.advance(clock, by: duration)
    }

    /// Starts something that answers through a completion, lets the loop run for `duration`,
    /// and returns the answer (nil if none came).
    func settle<T>(after duration: Duration = .seconds(1), _ start: (@escaping (T) -> Void) -> Void) -> T? {
        var answer: T?
        start { answer = $0 }
        advance(duration)
        return answer
    }

    func card(_ number: String) -> Card {
        try! Card.validate(number: number, expiry: "12/30", cvc: "123", holder: "Ada Lovelace", now: clock.now)
    }

    /// A fresh one-time token for `number` (tokens are single use).
    func token(_ number: String = CommerceTestWorld.approvingCard) -> PaymentInstrument {
        .token(try! core.vault.tokenize(card(number)).id)
    }

    private var customerCount = 0

    /// A new customer (no PIN) with `number` saved: returns both ids.
    func savedCard(_ number: String = CommerceTestWorld.approvingCard) -> (customerId: String, methodId: String) {
        customerCount += 1
        let customer = try! core.customers.signUp(email: "shopper\(customerCount)@honey.test", password: "honey1234")
        let saved = try! core.paymentMethods.save(card: card(number), for: customer.id)
        return (customer.id, saved.method.id)
    }

    func eventTypes(_ subject: String) -> [String] {
        ((try? core.events.events(subjectID: subject)) ?? []).map(\.kind)
    }

    /// The id of a session's cart row (the cart value carries lines, not its row's id).
    func cartId(_ sessionKey: String) -> String? {
        try? core.store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM carts WHERE session_key = ?", sessionKey) }
    }

    /// The tables `body` wrote to (empty: it wrote nothing). SQLite tells each commit's tables
    /// (`CommitLog`); on a server, where the other tests' commits are not this one's to count,
    /// each table of the test's schema is compared before and after, each row with the
    /// transaction that last wrote it (`xmin`: a row written again with the same values counts).
    func tablesWritten<T>(by body: () throws -> T) throws -> (result: T, tables: [String]) {
        switch core.store.engine {
        case .sqlite:
            let commits = CommitLog.install(on: core.database)
            let result = try body()
            return (result, Array(Set(commits.commits.joined())).sorted())
        case .postgres:
            let before = try tableDigests()
            let result = try body()
            let after = try tableDigests()
            return (result, after.keys.filter { before[$0] != after[$0] }.sorted())
        }
    }

    /// Each table of the schema's rows, as one digest (order-free: each row's text and writer, sorted).
    private func tableDigests() throws -> [String: String] {
        try core.store.read { tx in
            let tables = try tx.fetchValues(String.self, """
                SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                """)
            return try Dictionary(uniqueKeysWithValues: tables.map { table in
                (table, try tx.fetchValue(String.self, """
                    SELECT md5(coalesce(string_agg(r.xmin || ' ' || r::text, '|' ORDER BY r.xmin || ' ' || r::text COLLATE "C"), ''))
                    FROM "\(table)" r
                    """) ?? "")
            })
        }
    }

    /// Puts a product on the shelf as another counter or the back office would: straight into
    /// the table, past the catalog.
    func shelve(id: String, position: Int, name: String, stock: Int = 1) throws {
        try core.store.write { tx in
            try tx.execute("""
                INSERT INTO products (id, position, name, description, price_minor, currency, stock, image) VALUES (?, ?, ?, '', 100, 'EUR', ?, '')
                """, id, position, name, stock)
        }
    }

    func stock(_ productId: String) -> Int {
        (try? catalog.product(id: productId))??.stock ?? -1
    }

    /// Captured card charges (holds excluded).
    func capturedCharges() -> [Charge] {
        ((try? core.chargeRepository.charges(status: .succeeded)) ?? []).map(\.charge)
    }
}

/// Delegates renewals to the real collector unless told to fail.
final class SwitchableRenewalCollector: RenewalCollecting {
    private let real: RenewalCollecting
    var failing = false
    /// Runs when the real collector has answered, before the subscription records the answer.
    var onAnswer: () -> Void = {}
    private(set) var asked = 0

    init(_ real: RenewalCollecting) {
        self.real = real
    }

    func collect(_ amount: Money, from payer: SubscriptionPayer, customerId: String, idempotencyKey: String, description: String,
                 unattended: Bool, completion: @escaping (Result<String, SubscriptionError>) -> Void) {
        guard !failing else { return completion(.failure(.paymentFailed(PaymentDecline(.genericDecline)))) }
        asked += 1
        real.collect(amount, from: payer, customerId: customerId, idempotencyKey: idempotencyKey, description: description,
                     unattended: unattended) { [self] result in
            onAnswer()
            completion(result)
        }
    }

    func earlierOutcome(from payer: SubscriptionPayer, idempotencyKey: String) -> RenewalOutcome? {
        real.earlierOutcome(from: payer, idempotencyKey: idempotencyKey)
    }
}

// `value` comes from issue 3's Support/TestHarness.swift.
extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Dates read back from the database may differ from computed ones in the last bits of a
/// double; a millisecond is far below anything a payment cares about.
func sameInstant(_ date: Date?, _ other: Date?) -> Bool {
    guard let date, let other else { return date == nil && other == nil }
    return abs(date.timeIntervalSince(other)) < 0.001
}

func sameInstant(_ date: Date?, _ iso: String) -> Bool {
    sameInstant(date, ISO8601DateFormatter().date(from: iso))
}

// Charges per second through the payments core, durable (file, WAL, synchronous=FULL) and in
// memory, next to plain SQLite inserts (GRDB, one row per transaction) with the same durability:
// bare charges, and carts paid by card as the store's checkout pays them (the order, its stock
// and its cart with the charge), both ways the core can: two commits a payment
// (`prepareCartPayment`, `pay(_:)`) and the five of `orderToPay`, `pay(orderId:)`.
//
//     swift run -c release --package-path Benchmarks PaymentsBenchmark [--charges N] [--inserts N]
//
// This measures wall time with the system's monotonic clock: the benchmark is a program about
// the core, not part of it, so it may.
import Clocks
import Foundation
import GRDB
@_spi(Testing) import PaymentsCore

struct Settings {
    var charges = 2_000
    var inserts = 5_000
    var runFile = true
    var runMemory = true

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--charges": charges = Int(iterator.next() ?? "") ?? charges
            case "--inserts": inserts = Int(iterator.next() ?? "") ?? inserts
            case "--only":
                let which = iterator.next()
                runFile = which == "file"
                runMemory = which == "memory"
            default:
                print("usage: PaymentsBenchmark [--charges N] [--inserts N] [--only file|memory]")
                exit(2)
            }
        }
    }
}

func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
}

func temporaryDatabasePath() throws -> String {
    let directory = NSTemporaryDirectory() + "payments-benchmark-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory + "/counter.sqlite"
}

/// Charges `count` times a saved card (each charge: a pending row + key + event committed, then
/// the decision + event committed: two durable transactions) and returns charges per second.
func benchmarkCharges(_ location: DatabaseLocation, count: Int, fromTokens: Bool) throws -> Double {
    let clock = ManualClock()
    let timers = TimerQueue(clock: clock)
    var options = PaymentsServices.Options()
    options.acquirerLatency = .zero
    options.passwordIterations = 1_000   // sign-up cost is not what is measured here
    let core = try PaymentsServices(database: location, clock: clock, scheduler: timers, ids: SequentialIDGenerator(), options: options)
    let customer = try core.customers.signUp(email: "bench@example.com", password: "honey2026")
    let card = try Card.validate(number: "4242424242424242", expiry: "12/30", cvc: "123", holder: "Bench Mark", now: clock.now)
    let method = try core.paymentMethods.save(card: card, for: customer.id).method
    var succeeded = 0

    let elapsed = try ContinuousClock().measure {
        for index in 0..<count {
            let source: ChargeRequest.Source = fromTokens ? .token(try core.vault.tokenize(card).id) : .paymentMethod(method.id)
            let request = ChargeRequest(amount: Money(minorUnits: 1250, currency: .eur), source: source, customerID: customer.id,
                                        description: "benchmark", metadata: ["n": String(index)], idempotencyKey: "bench-\(index)")
            core.charges.create(request) { result in
                if case let .success(charge) = result, charge.status == .succeeded { succeeded += 1 }
            }
            timers.fireDue()
        }
    }
    precondition(succeeded == count, "only \(succeeded) of \(count) charges succeeded")
    try core.close()
    return Double(count) / seconds(elapsed)
}

/// Pays `count` carts of one jar each with a saved card, the way the store's checkout does, and
/// returns payments per second and the durable commits one payment cost. The carts are filled
/// before the clock starts: what is measured is "Pay" to the receipt.
func benchmarkCartPayments(_ location: DatabaseLocation, count: Int, inTwoCommits: Bool) throws -> (rate: Double, commits: Double) {
    let clock = ManualClock()
    let timers = TimerQueue(clock: clock)
    var options = PaymentsServices.Options()
    options.acquirerLatency = .zero
    options.passwordIterations = 1_000
    let core = try PaymentsServices(database: location, clock: clock, scheduler: timers, ids: SequentialIDGenerator(), options: options,
                                    migrations: CommerceMigrations.register)
    let commerce = try Commerce(core: core)
    let customer = try core.customers.signUp(email: "bench@example.com", password: "honey2026")
    let card = try Card.validate(number: "4242424242424242", expiry: "12/30", cvc: "123", holder: "Bench Mark", now: clock.now)
    let method = try core.paymentMethods.save(card: card, for: customer.id).method
    let instrument = PaymentInstrument.savedMethod(method.id, customerId: customer.id)
    try core.database.queue.write { db in try db.execute(sql: "UPDATE products SET stock = ? WHERE id = 'honey-acacia'", arguments: [count + 1]) }
    for index in 0..<count { try commerce.carts.add(productId: "honey-acacia", quantity: 1, for: "bench-\(index)") }
    let commits = CommitLog.install(on: core.database)
    var paid = 0
    let elapsed = try ContinuousClock().measure {
        for index in 0..<count {
            let answer: (Result<Order, OrderError>) -> Void = { if case .success(let order) = $0, order.state == .paid { paid += 1 } }
            if inTwoCommits {
                commerce.orders.pay(try commerce.orders.prepareCartPayment(for: "bench-\(index)"), with: instrument, completion: answer)
            } else {
                let order = try commerce.orders.orderToPay(for: "bench-\(index)")
                commerce.orders.pay(orderId: order.id, with: instrument, completion: answer)
            }
            timers.fireDue()
        }
    }
    precondition(paid == count, "only \(paid) of \(count) carts were paid")
    try core.close()
    return (Double(count) / seconds(elapsed), Double(commits.commits.count) / Double(count))
}

/// One INSERT per transaction into a plain table, same journal and synchronous setting.
func benchmarkInserts(path: String?, count: Int) throws -> Double {
    var configuration = Configuration()
    let queue: DatabaseQueue
    if let path {
        configuration.journalMode = .wal
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
    } else {
        queue = try DatabaseQueue(configuration: configuration)
    }
    try queue.write { try $0.execute(sql: "CREATE TABLE rows (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL)") }
    let elapsed = try ContinuousClock().measure {
        for index in 0..<count {
            try queue.write { db in
                try db.execute(sql: "INSERT INTO rows (kind, payload) VALUES (?, ?)", arguments: ["row", "{\"n\":\"\(index)\"}"])
            }
        }
    }
    try queue.close()
    return Double(count) / seconds(elapsed)
}

let settings = Settings(arguments: CommandLine.arguments)
func line(_ label: String, _ rate: Double, _ unit: String) {
    print(label.padding(toLength: 58, withPad: " ", startingAt: 0) + String(format: "%10.0f %@", rate, unit))
}

print("PaymentsCore benchmark: \(settings.charges) charges, \(settings.inserts) plain inserts; file = WAL + synchronous=FULL")
/// Cart payments both ways, then the plain commits they are measured against, in one run.
func benchmarkCarts(_ location: () throws -> DatabaseLocation, count: Int, inserts: Int, insertPath: () throws -> String?, where place: String) throws {
    let two = try benchmarkCartPayments(try location(), count: count, inTwoCommits: true)
    let five = try benchmarkCartPayments(try location(), count: count, inTwoCommits: false)
    let plain = try benchmarkInserts(path: try insertPath(), count: inserts)
    line(String(format: "carts paid, saved card, %@ (%.0f commits each)", place, two.commits), two.rate, "payments/s")
    line(String(format: "carts paid, orderToPay + pay(orderId:), %@ (%.0f commits)", place, five.commits), five.rate, "payments/s")
    line("plain SQLite inserts, \(place) (1 row per transaction)", plain, "inserts/s")
    print(String(format: "cart payments / plain commits, %@: %.0f%% in two commits (goal: at least 45%%), %.0f%% in five",
                 place, 100 * two.rate / plain, 100 * five.rate / plain))
}

if settings.runFile {
line("charges, saved card, file (2 durable commits each)", try benchmarkCharges(.file(try temporaryDatabasePath()), count: settings.charges, fromTokens: false), "charges/s")
line("charges, one-time token, file", try benchmarkCharges(.file(try temporaryDatabasePath()), count: settings.charges, fromTokens: true), "charges/s")
try benchmarkCarts({ .file(try temporaryDatabasePath()) }, count: settings.charges, inserts: settings.inserts,
                   insertPath: { try temporaryDatabasePath() }, where: "file")
}
if settings.runMemory {
line("charges, saved card, in memory", try benchmarkCharges(.inMemory, count: settings.charges * 5, fromTokens: false), "charges/s")
line("charges, one-time token, in memory", try benchmarkCharges(.inMemory, count: settings.charges * 5, fromTokens: true), "charges/s")
try benchmarkCarts({ .inMemory }, count: settings.charges * 5, inserts: settings.inserts * 5, insertPath: { nil }, where: "in memory")
}

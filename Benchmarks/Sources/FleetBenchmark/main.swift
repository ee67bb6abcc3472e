// Issue 17's benchmark: durable card charges per second with 1, 2, 4 and 8 counters, each a
// process of its own with its own connection, on one database (a PostgreSQL server, or a SQLite
// file for the one-counter figure beside it). `Benchmarks/fleet` starts a throwaway server and
// puts pgbench's simple-update rate on the same server beside these figures.
//
//     FleetBenchmark --db URL|FILE --counters N [--seconds S] [--vault-key FILE]
//
// Each counter signs a shopper up, saves a card, then charges it again and again (each charge:
// the intent committed before the acquirer is asked, the answer committed after; the simulated
// acquirer answers at once) until the time is up. Counters start together at a moment the
// parent names, and the parent adds their charges up. Wall time by the system's clock: the
// benchmark is a program about the core, not part of it.
import Clocks
import Foundation
import PaymentsCore

struct Settings {
    var db = ""
    var counters = 1
    var seconds = 10.0
    var vaultKey = NSTemporaryDirectory() + "fleet-benchmark-\(getpid()).key"
    /// Set in a counter process: its number, and when (seconds since 1970) to start.
    var worker: (number: Int, start: Double)?

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        var number: Int?
        var start: Double?
        while let argument = iterator.next() {
            switch argument {
            case "--db": db = iterator.next() ?? ""
            case "--counters": counters = Int(iterator.next() ?? "") ?? counters
            case "--seconds": seconds = Double(iterator.next() ?? "") ?? seconds
            case "--vault-key": vaultKey = iterator.next() ?? vaultKey
            case "--worker": number = Int(iterator.next() ?? "")
            case "--start": start = Double(iterator.next() ?? "")
            default:
                FileHandle.standardError.write(Data("usage: FleetBenchmark --db URL|FILE --counters N [--seconds S] [--vault-key FILE]\n".utf8))
                exit(2)
            }
        }
        if let number, let start { worker = (number, start) }
        if db.isEmpty { FileHandle.standardError.write(Data("FleetBenchmark: --db is needed\n".utf8)); exit(2) }
    }
}

func open(_ settings: Settings) throws -> (PaymentsServices, TimerQueue, ManualClock) {
    let clock = ManualClock()
    let timers = TimerQueue(clock: clock)
    var options = PaymentsServices.Options()
    options.acquirerLatency = .zero
    options.passwordIterations = 1_000   // sign-up cost is not what is measured
    options.vaultKey = VaultKeyLocation(path: settings.vaultKey, origin: .flag)
    let core = try PaymentsServices(database: DatabaseLocation(argument: settings.db), clock: clock, scheduler: timers, options: options)
    return (core, timers, clock)
}

/// One counter: charges a saved card from `start` for `seconds`; prints how many succeeded.
func runCounter(_ settings: Settings, number: Int, start: Double) throws {
    let (core, timers, clock) = try open(settings)
    let shopper = try core.customers.signUp(email: "bench-\(number)-\(getpid())@honey.test", password: "honey2026")
    let card = try Card.validate(number: "4242424242424242", expiry: "12/30", cvc: "123", holder: "Bench Mark", now: clock.now)
    let method = try core.paymentMethods.save(card: card, for: shopper.id).method
    while Date().timeIntervalSince1970 < start { usleep(1_000) }
    let end = start + settings.seconds
    var succeeded = 0, attempts = 0
    while Date().timeIntervalSince1970 < end {
        let request = ChargeRequest(amount: Money(minorUnits: 1250, currency: .eur), source: .paymentMethod(method.id), customerID: shopper.id,
                                    description: "fleet benchmark", idempotencyKey: "fleet-\(number)-\(getpid())-\(attempts)")
        attempts += 1
        core.charges.create(request) { result in
            if case let .success(charge) = result, charge.status == .succeeded { succeeded += 1 }
        }
        timers.fireDue()
    }
    print(succeeded)
}

/// The parent: opens the database once (migrations, the vault key bound), then starts the
/// counters together and adds their charges up.
func runFleet(_ settings: Settings) throws {
    try open(settings).0.close()
    let start = Date().timeIntervalSince1970 + 1.5
    let processes = try (0..<settings.counters).map { number in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--db", settings.db, "--seconds", String(settings.seconds), "--vault-key", settings.vaultKey,
                             "--worker", String(number), "--start", String(start)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output)
    }
    var total = 0
    for (process, output) in processes {
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            FileHandle.standardError.write(Data("FleetBenchmark: a counter failed (status \(process.terminationStatus))\n".utf8))
            exit(1)
        }
        total += count
    }
    let engine = switch DatabaseLocation(argument: settings.db) {
    case .server: "PostgreSQL"
    case .file: "SQLite file"
    case .inMemory: "memory"
    }
    print(String(format: "charges/s, %@, %d counter%@: %.0f", engine, settings.counters, settings.counters == 1 ? "" : "s",
                 Double(total) / settings.seconds))
}

let settings = Settings(arguments: CommandLine.arguments)
do {
    if let worker = settings.worker {
        try runCounter(settings, number: worker.number, start: worker.start)
    } else {
        try runFleet(settings)
    }
} catch {
    FileHandle.standardError.write(Data("FleetBenchmark: \(error)\n".utf8))
    exit(1)
}

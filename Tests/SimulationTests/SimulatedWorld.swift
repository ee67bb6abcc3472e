import Clocks
import Foundation
import PaymentsCore

/// The simulated shop: one database (a file on tmpfs, or a schema of its own on the throwaway
/// PostgreSQL server), the loop's manual clock, the shoppers and what they were told, and the
/// counter processes running on them, each of which a crash replaces.
final class SimulatedWorld {
    let engine: SimulationEngine
    let location: DatabaseLocation
    /// The vault key every counter of the shop opens the database under (on tmpfs, beside
    /// nothing of the user's).
    let vaultKey: String
    let clock = ManualClock()
    /// Ids outlive a crash: in production they are random and never repeat, and a sequence
    /// restarted at 1 would collide with the rows already on disk.
    let ids = SequentialIDGenerator()
    /// The audit after every step checks each journal signature (and parses each receipt) once
    /// in the seed, not once a step.
    let journalMemo = JournalMemo()
    /// The counters on the one database (SQLite: one, or a kiosk and a till on the file;
    /// PostgreSQL: three or four, each its own connection): each its own process, with its own
    /// timers and prompts, dying and restarting on its own.
    private(set) var processes: [CounterProcess]
    /// The counter where the current step happens.
    var active = 0
    var process: CounterProcess { processes[active] }
    private(set) var shoppers: [Shopper] = []
    /// Each product's stock before the first shopper came.
    let startingStock: [String: Int]
    let statistics: SimulationStatistics

    /// THE settler: the one place the simulator settles what is stuck (after a restart, and as a
    /// step of its own): the core's `Settler`, one pass of every rule and the due work.
    var settle: (CounterProcess) -> Void = { process in
        process.commerce.settler.settle { _ in }
        process.runDue()
    }

    /// Set when the settler schedules itself on the loop (issue 14's "never sleeps"): then the
    /// clock passing is enough for nothing to stay unsettled, and the rule applies after a jump.
    static let settlerRunsOnTheLoop = false

    init(seed: UInt64, statistics: SimulationStatistics, engine: SimulationEngine = .sqlite, counters: Int = 1) throws {
        self.engine = engine
        let name = "/dev/shm/checkout-simulation-\(ProcessInfo.processInfo.processIdentifier)-\(engine)-\(seed)"
        vaultKey = name + ".vault.key"
        switch engine {
        case .sqlite: location = .file(name + ".sqlite")
        case .postgres: location = .server(url: try SimulationEngine.freshServerSchema())
        }
        Self.removeFiles(location, vaultKey: vaultKey)
        self.statistics = statistics
        let first = try CounterProcess(location: location, vaultKey: vaultKey, clock: clock, ids: ids)
        processes = [first]
        for _ in 1..<max(counters, 1) { processes.append(try CounterProcess(location: location, vaultKey: vaultKey, clock: clock, ids: ids)) }
        for process in processes { process.injector.onStorageError = { statistics.count(.storageError) } }
        startingStock = Dictionary(uniqueKeysWithValues: try first.commerce.catalog.products().map { ($0.id, $0.stock ?? 0) })
    }

    /// The seed is over: the file goes (it lives in memory, on /dev/shm), or the server's schema.
    /// Called by the run, not left to `deinit`: the prompts' and timers' closures keep the world
    /// alive past its seed. `SIMULATION_KEEP_FILES=1` keeps a file for `sqlite3` or `checkout
    /// audit` (a server's schema goes with the throwaway server when the tests end).
    func close() {
        processes.forEach { $0.close() }
        if case let .server(url) = location { SimulationEngine.dropServerSchema(url) }
        if ProcessInfo.processInfo.environment["SIMULATION_KEEP_FILES"] == "1" { return }
        Self.removeFiles(location, vaultKey: vaultKey)
    }

    /// A crash: every object in memory is dropped (answers on their way, prompts on screen), the
    /// database is opened again and the settler runs, as the counter does when it starts.
    func restart(_ index: Int? = nil, beforeSettling: (CounterProcess) -> Void = { _ in }) throws {
        let index = index ?? active
        processes[index].close()
        let process = try CounterProcess(location: location, vaultKey: vaultKey, clock: clock, ids: ids)
        processes[index] = process
        process.injector.onStorageError = { [statistics] in statistics.count(.storageError) }
        beforeSettling(process)
        // The counter's own start: the pass that asks at once what the dead process left pending.
        _ = try? process.commerce.reconcileAfterRestart()
        settle(process)
    }

    /// The loop of every counter runs for `duration` on the one clock, each timer at its time.
    func advance(by duration: Duration) {
        let target = clock.now.addingTimeInterval(max(duration, .zero).timeInterval)
        while let next = processes.compactMap(\.timers.nextDeadline).min(), next <= target {
            clock.advance(to: max(next, clock.now))
            processes.forEach { $0.runDue() }
        }
        clock.advance(to: target)
        processes.forEach { $0.runDue() }
    }

    /// Every counter runs what is due now.
    func runDue() { processes.forEach { $0.runDue() } }

    func newShopper(_ journey: String) -> Shopper {
        let shopper = Shopper(number: shoppers.count + 1, journey: journey)
        shoppers.append(shopper)
        return shopper
    }

    /// What a shopper reads on the screen. A process that died in the middle of the step shows
    /// nothing: whatever it would have said after its crash point was never said.
    func tell(_ shopper: Shopper, _ told: Told, by process: CounterProcess) {
        guard processes.contains(where: { $0 === process }), process.isAlive else { return }
        shopper.told.append(told)
    }

    // MARK: - Cards

    func card(_ number: String) throws -> Card {
        try Card.validate(number: number, expiry: "12/30", cvc: "123", holder: "Ada Lovelace", now: clock.now)
    }

    /// A one-time token for a card typed now.
    func token(_ number: String) throws -> PaymentInstrument {
        .token(try process.core.vault.tokenize(card(number)).id)
    }

    /// A new customer with `number` saved, as a shopper who signs up and saves a card does.
    func customer(for shopper: Shopper, savedCard number: String) throws -> (customerId: String, methodId: String) {
        let core = process.core
        let customer = try core.customers.signUp(email: "\(shopper.session)@honey.test", password: "honey1234")
        shopper.customerId = customer.id
        let saved = try core.paymentMethods.save(card: card(number), for: customer.id)
        shopper.savedMethodId = saved.method.id
        return (customer.id, saved.method.id)
    }

    static func removeFiles(_ location: DatabaseLocation, vaultKey: String) {
        var files = [vaultKey]
        if case let .file(path) = location { files += ["", "-wal", "-shm"].map { path + $0 } }
        for file in files { try? FileManager.default.removeItem(atPath: file) }
    }
}

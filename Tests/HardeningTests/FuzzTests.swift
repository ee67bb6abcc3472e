@_spi(Core) import CheckoutKit
import Clocks
import CounterApp
import Foundation
import GRDB
import Localization
@_spi(Testing) import PaymentsCore
import TerminalUI
import Testing

/// The seeded monkey: random keys, typed cards and words, swipes, pastes, resizes, clicks and
/// clock jumps on the headless counter over an in-memory database, with the invariants checked
/// after every step. `CHECKOUT_FUZZ_STEPS` sets the steps per seed (the issue's long run is
/// 100,000); `CHECKOUT_FUZZ_SEEDS` a comma-separated list of seeds.
@Suite("Keystroke fuzzing")
struct FuzzTests {
    static let defaultSeeds: [UInt64] = [1, 2, 3, 4]
    static var steps: Int { ProcessInfo.processInfo.environment["CHECKOUT_FUZZ_STEPS"].flatMap(Int.init) ?? 2_500 }
    static var seeds: [UInt64] {
        ProcessInfo.processInfo.environment["CHECKOUT_FUZZ_SEEDS"].map { $0.split(separator: ",").compactMap { UInt64($0) } } ?? defaultSeeds
    }

    /// Even seeds play in Simplified Chinese: the same invariants on double-width screens, at
    /// every size the monkey picks.
    static func language(of seed: UInt64) -> Language { seed % 2 == 0 ? .simplifiedChinese : .english }

    @Test("the monkey breaks no invariant", arguments: FuzzTests.seeds)
    func monkey(seed: UInt64) throws {
        let run = try FuzzRun(seed: seed, language: Self.language(of: seed))
        let outcome = try Language.$current.withValue(run.language) { try run.run(steps: Self.steps) }
        if let failure = outcome.failure {
            Issue.record("""
                seed \(seed), step \(outcome.steps): \(failure)
                The tape that reproduces it (checkout play \(run.tapePath)):
                \(run.tape())
                """)
        }
        // The monkey reached the counter's screens, not only the home menu.
        #expect(outcome.screens.count >= 5, "seed \(seed) only reached \(outcome.screens.sorted())")
        print("fuzz seed \(seed) (\(run.language)): \(outcome.steps) steps in \(outcome.seconds) s; screens \(outcome.screens.sorted()); orders \(outcome.orders), charges \(outcome.charges), quits \(outcome.quits)")
    }

    /// The invariant checks can fail: a frame with a stray continuation cell, a cart whose total
    /// is not its lines, a paid order without its charge are all reported.
    @Test("the invariants catch what they are meant to catch")
    func invariantsCanFail() throws {
        var frame = Frame(size: Size(columns: 10, rows: 2))
        frame[3, 1] = Cell("x", isContinuation: true)
        let terminal = HeadlessTerminal(application: CounterApplication(makeServices: CounterApplication.services(database: ":memory:")))
        #expect(FuzzInvariants.frameProblem(terminal) == nil)
        terminal.surface.present(frame)
        #expect(FuzzInvariants.frameProblem(terminal) != nil)

        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE products (stock INTEGER);
                CREATE TABLE orders (id TEXT, number TEXT, state TEXT, total_minor INTEGER, charge_id TEXT, payment_kind TEXT);
                CREATE TABLE charges (id TEXT, idempotency_key TEXT, status TEXT, amount INTEGER, amount_captured INTEGER, amount_refunded INTEGER);
                CREATE TABLE auction_bids (id TEXT); CREATE TABLE sources (id TEXT, status TEXT, amount_minor INTEGER);
                CREATE TABLE bank_resources (id TEXT, status TEXT, amount_minor INTEGER); CREATE TABLE subscriptions (id TEXT);
                CREATE TABLE ledger_entries (order_id TEXT, movement TEXT, amount_minor INTEGER); CREATE TABLE cash_payments (id TEXT, amount_minor INTEGER);
                CREATE TABLE events (id INTEGER PRIMARY KEY, time_ms INTEGER, kind TEXT, subject_id TEXT, payload TEXT);
                INSERT INTO orders VALUES ('o1', 'A-1', 'paid', 500, 'c1', NULL);
                INSERT INTO charges VALUES ('c1', 'order-o1-payment', 'succeeded', 500, 500, 0);
                INSERT INTO events (time_ms, kind, subject_id, payload) VALUES (0, 'order.placed', 'o1', '{}'), (1, 'order.paid', 'o1', '{}');
                """)
        }
        var invariants = FuzzInvariants()
        #expect(try invariants.databaseProblem(queue, fullReplay: true) == nil)
        try queue.write { db in try db.execute(sql: "INSERT INTO charges VALUES ('c2', 'order-o1-payment', 'succeeded', 500, 500, 0)") }
        #expect(try invariants.databaseProblem(queue, fullReplay: true)?.contains("more than one") == true)
        try queue.write { db in try db.execute(sql: "DELETE FROM charges WHERE id = 'c2'") }
        #expect(try invariants.databaseProblem(queue, fullReplay: true) == nil)

        // Orders paid by a wallet or a bank are backed by a consumed source or an authorised
        // bank payment of their total, or reported.
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO sources VALUES ('s1', 'authorized', 700);
                INSERT INTO orders VALUES ('o2', 'A-2', 'paid', 700, 's1', 'wallet');
                INSERT INTO events (time_ms, kind, subject_id, payload) VALUES (2, 'order.placed', 'o2', '{}'), (3, 'order.paid', 'o2', '{}');
                """)
        }
        #expect(try invariants.databaseProblem(queue, fullReplay: true)?.contains("A-2 is paid without") == true)
        try queue.write { db in
            try db.execute(sql: """
                UPDATE sources SET status = 'consumed';
                INSERT INTO bank_resources VALUES ('b1', 'failed', 900);
                INSERT INTO orders VALUES ('o3', 'A-3', 'paid', 900, 'b1', 'bank');
                INSERT INTO events (time_ms, kind, subject_id, payload) VALUES (4, 'order.placed', 'o3', '{}'), (5, 'order.paid', 'o3', '{}');
                """)
        }
        #expect(try invariants.databaseProblem(queue, fullReplay: true)?.contains("A-3 is paid without") == true)
        try queue.write { db in try db.execute(sql: "UPDATE bank_resources SET status = 'settled'") }
        #expect(try invariants.databaseProblem(queue, fullReplay: true) == nil)

        try queue.write { db in try db.execute(sql: "UPDATE events SET kind = 'order.failed' WHERE id = 2") }
        #expect(try invariants.databaseProblem(queue, fullReplay: true) != nil)
    }
}

/// One seed's run, with its step log kept as a tape on disk as it goes (so that even a crash,
/// which ends the test process, leaves the tape that led to it). The monkey steers clear of
/// quitting (on the home screen `3`, and Enter on Quit, become Down); should the counter quit
/// anyway, the run carries on with a fresh counter and a new tape file (`-part-2`...), since a
/// tape ends where its counter quits.
final class FuzzRun {
    let seed: UInt64
    let language: Language
    private(set) var tapePath = ""
    private var lines: [String] = []
    private var file: FileHandle?
    private var part = 0

    struct Outcome {
        var steps = 0
        var failure: String?
        var screens: Set<String> = []
        var seconds = 0.0
        var orders = 0
        var charges = 0
        var quits = 0
    }

    init(seed: UInt64, language: Language = .english) throws {
        self.seed = seed
        self.language = language
        newTape()
    }

    deinit { try? file?.close() }

    private func newTape() {
        try? file?.close()
        part += 1
        let name = "checkout-fuzz-seed-\(seed)" + (part > 1 ? "-part-\(part)" : "") + ".tape"
        tapePath = (NSTemporaryDirectory() as NSString).appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: tapePath, contents: nil)
        file = FileHandle(forWritingAtPath: tapePath)
        lines = []
        log("# checkout fuzz, seed \(seed), part \(part): replay with `checkout play \(tapePath)` (80x24, :memory:)")
        if language != .english { log("Set Language \(language.rawValue)") }
    }

    private func log(_ line: String) {
        lines.append(line)
        file?.write(Data((line + "\n").utf8))
    }

    func tape() -> String {
        // The last steps are what usually matters; the file has them all.
        let tail = lines.count > 400 ? ["# ... \(lines.count - 400) earlier lines are in the file"] + lines.suffix(400) : lines
        return tail.joined(separator: "\n")
    }

    /// On the home screen, the keys that would close the counter become Down.
    static func steer(_ step: MonkeyStep, _ app: CounterApplication) -> MonkeyStep {
        guard case let .home(home) = app.state.top else { return step }
        let quitLine = home.destinations.firstIndex(of: .quit) ?? -1
        switch step {
        case .press(.character(let c), _) where c == Character(String(quitLine + 1)): return .press(.down, count: 1)
        case .press(.enter, _) where home.selection == quitLine: return .press(.down, count: 1)
        case .type(let text) where text.hasPrefix(String(quitLine + 1)) || text.hasPrefix("\n"): return .type("1" + text)
        case .burst(let text) where text.hasPrefix(String(quitLine + 1)) || text.hasPrefix("\n"): return .burst("1" + text)
        default: return step
        }
    }

    static let profile = ProcessInfo.processInfo.environment["CHECKOUT_FUZZ_PROFILE"] != nil

    func run(steps: Int) throws -> Outcome {
        let started = Date()
        var monkey = Monkey(seed: seed)
        var outcome = Outcome()
        var step = 0
        segments: while step < max(1, steps) {
            let app = CounterApplication(makeServices: CounterApplication.services(database: ":memory:"))
            let terminal = HeadlessTerminal(application: app)
            monkey.size = terminal.size
            guard let queue = app.services?.core.database.queue else {
                outcome.failure = "the counter did not open its database"
                break
            }
            var invariants = FuzzInvariants()
            while step < max(1, steps) {
                step += 1
                let next = Self.steer(monkey.next(), app)
                log(next.tapeLine)
                let stepStarted = Date()
                next.perform(on: terminal)
                if Self.profile, Date().timeIntervalSince(stepStarted) > 0.2 {
                    print("slow step \(step) (\(Date().timeIntervalSince(stepStarted)) s) at \(terminal.size), \(terminal.timers.count) timers, on \(String(describing: app.state.top).prefix(30)): \(next.tapeLine.prefix(60))")
                }
                outcome.steps = step
                if terminal.exitStatus != nil {
                    outcome.quits += 1
                    log("# the counter quit here (status \(terminal.exitStatus!)); the run goes on in part \(part + 1)")
                    try count(queue, into: &outcome)
                    newTape()
                    continue segments
                }
                // Where the counter is: the screen on top of the stack.
                if step % 10 == 0 {
                    let top = String(describing: app.state.top)
                    outcome.screens.insert(String(top.prefix { $0 != "(" }))
                }
                if let problem = try FuzzInvariants.frameProblem(terminal) ?? FuzzInvariants.cartProblem(app)
                    ?? invariants.databaseProblem(queue, fullReplay: step % 100 == 0 || step == steps) {
                    outcome.failure = problem
                    log("Screen")
                    break segments
                }
            }
            try count(queue, into: &outcome)
        }
        outcome.seconds = (Date().timeIntervalSince(started) * 10).rounded() / 10
        return outcome
    }

    private func count(_ queue: DatabaseQueue, into outcome: inout Outcome) throws {
        try queue.read { db in
            outcome.orders += try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM orders") ?? 0
            outcome.charges += try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM charges") ?? 0
        }
    }
}

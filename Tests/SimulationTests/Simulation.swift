import Clocks
import Foundation
import PaymentsCore

/// One seed's run: at each step the seeded PRNG picks a shopper's move, the passing of time, the
/// settler, or a fault; then every invariant is checked. The first broken invariant ends the
/// seed with the list of steps that led to it (the seed replays them exactly).
final class Simulation {
    let seed: UInt64
    let engine: SimulationEngine
    let stepBudget: Int
    let statistics: SimulationStatistics
    private var random: SeededRandom
    private(set) var log: [String] = []
    /// Survey mode (`SIMULATION_CONTINUE=1`): a broken invariant is noted and the seed goes on,
    /// so that one run lists every kind that breaks, not only the first (each kind once a seed).
    var continuesAfterFailure = false
    private(set) var failures: [SimulationFailure] = []
    private var brokenKinds = Set<String>()

    /// How long a prompt stays on screen before the shopper gives up (or the page times out).
    static let promptPatience: TimeInterval = 600

    init(seed: UInt64, engine: SimulationEngine = .sqlite, steps: Int, statistics: SimulationStatistics) {
        self.seed = seed
        self.engine = engine
        stepBudget = steps
        self.statistics = statistics
        random = SeededRandom(seed: seed)
    }

    enum Move: CaseIterable {
        case cardOrder, savedCardOrder, expressOrder, auction, bankOrder, walletOrder, subscription, cashOrder, splitOrder, nextPart
        case answerChallenge, answerWallet, payAgain, refund, raiseOrLeave
        case tick, wait, settle
        case crashNow, armCrash, armStorageError, clockJump
    }

    /// Runs the seed; nil when every invariant held at every step.
    func run() throws -> SimulationFailure? {
        let world = try SimulatedWorld(seed: seed, statistics: statistics, engine: engine, counters: engine.counters(seed: seed))
        defer { world.close() }
        statistics.seeds += 1
        statistics.counters[world.processes.count, default: 0] += 1
        for step in 1...stepBudget {
            var settled = false
            // With several counters on the database, each step happens at one of them.
            if world.processes.count > 1 { world.active = Int.random(in: 0..<world.processes.count, using: &random) }
            let prefix = world.processes.count > 1 ? "\(step) @\(world.active + 1): " : "\(step): "
            log.append(prefix + perform(world, settled: &settled))
            let dead = world.processes.indices.filter { !world.processes[$0].isAlive }
            for index in dead { try recover(world, index) }
            if dead.isEmpty { world.runDue() } else { settled = true }
            statistics.steps += 1
            let broken = Invariants.check(world, settled: settled, scanForCards: step % 50 == 0)
            if let failure = note(broken, step: step), !continuesAfterFailure { return failure }
        }
        // The end of the day: an hour passes, every prompt is given up, the settler runs; then
        // nothing may be left waiting, and no card number may be anywhere in the file.
        log.append("end: an hour passes, shoppers give up, the settler runs")
        advance(world, by: .hours(1))
        for index in world.processes.indices {
            world.processes[index].injector.disarm()
            if world.processes[index].isAlive {
                world.settle(world.processes[index])
            } else {
                try recover(world, index)
            }
        }
        _ = note(Invariants.check(world, settled: true, scanForCards: true), step: stepBudget + 1)
        return failures.first
    }

    /// The failure at this step, if any invariant broke in a way this seed has not shown yet.
    private func note(_ broken: [Invariants.Broken], step: Int) -> SimulationFailure? {
        let new = broken.filter { !brokenKinds.contains($0.kind) }
        guard !new.isEmpty else { return nil }
        brokenKinds.formUnion(new.map(\.kind))
        let failure = SimulationFailure(seed: seed, engine: engine, step: step, steps: log, broken: new)
        failures.append(failure)
        return failure
    }

    private func perform(_ world: SimulatedWorld, settled: inout Bool) -> String {
        let process = world.process
        // Told "Not paid", a card shopper still has the cart (the core keeps it) and may pay again.
        // Read from the model, not the database: choosing a step must not touch the file.
        let retrying = world.shoppers.filter { shopper in
            guard shopper.journey.hasSuffix("card order"), case .notPaid? = shopper.told.last else { return false }
            return shopper.told.count <= 3
        }
        // Every tender comes back: card, express (shipping and surcharge with it), bank, wallet, cash.
        let returning = world.shoppers.filter { shopper in
            ["card order", "express order", "bank order", "wallet order", "cash order", "split order"].contains { shopper.journey.hasSuffix($0) }
                && shopper.returnableOrder != nil
        }
        // A split's next part, while its order is part paid (a few tries each).
        let splitting = world.shoppers.filter { $0.journey == "split order" && $0.partPaidOrder != nil && $0.told.count <= 6 }
        let bidding = world.shoppers.filter { $0.journey == "auction join" && $0.standingBid != nil }
        let moves: [(weight: Int, value: Move)] = [
            (10, .cardOrder), (5, .savedCardOrder), (3, .expressOrder), (4, .auction), (4, .bankOrder), (4, .walletOrder), (1, .subscription), (4, .cashOrder),
            (3, .splitOrder), (splitting.isEmpty ? 0 : 4, .nextPart),
            (process.openChallenges.isEmpty ? 0 : 8, .answerChallenge), (process.openWallets.isEmpty ? 0 : 6, .answerWallet),
            (retrying.isEmpty ? 0 : 3, .payAgain), (returning.isEmpty ? 0 : 4, .refund), (bidding.isEmpty ? 0 : 3, .raiseOrLeave),
            (20, .tick), (6, .wait), (5, .settle),
            (2, .crashNow), (3, .armCrash), (4, .armStorageError), (2, .clockJump),
        ]
        switch random.weighted(moves) {
        case .cardOrder: return CardOrderJourney.start(world, &random, saved: false)
        case .savedCardOrder: return CardOrderJourney.start(world, &random, saved: true)
        case .expressOrder: return ExpressOrderJourney.start(world, &random)
        case .auction: return AuctionJourney.start(world, &random)
        case .bankOrder: return BankOrderJourney.start(world, &random)
        case .walletOrder: return WalletOrderJourney.start(world, &random)
        case .subscription: return SubscriptionJourney.start(world, &random)
        case .cashOrder: return CashOrderJourney.start(world, &random)
        case .splitOrder: return SplitOrderJourney.start(world, &random)
        case .nextPart: return SplitOrderJourney.nextPart(world, random.pick(splitting), &random)
        case .answerChallenge: return answer(&world.process.openChallenges, "3-D Secure", codes: ("right code", "wrong code"))
        case .answerWallet: return answer(&world.process.openWallets, "wallet", codes: ("confirms", "declines"))
        case .payAgain: return CardOrderJourney.payAgain(world, random.pick(retrying))
        case .refund: return RefundJourney.start(world, random.pick(returning), &random)
        case .raiseOrLeave: return AuctionJourney.raiseOrLeave(world, random.pick(bidding), &random)
        case .tick:
            let duration = Duration.milliseconds(Int64.random(in: 10...3_000, using: &random))
            advance(world, by: duration)
            return "time passes: \(duration)"
        case .wait:
            let duration = Duration.seconds(Int64.random(in: 3...600, using: &random))
            advance(world, by: duration)
            return "time passes: \(duration)"
        case .settle:
            let failedBefore = world.process.injector.storageErrorsFired
            world.settle(world.process)
            // A pass whose own write failed leaves that work for the next pass: only a clean pass
            // promises that nothing is left waiting.
            settled = world.process.injector.storageErrorsFired == failedBefore
            return "the settler runs"
        case .crashNow:
            world.process.injector.crashNow()
            return "crash now"
        case .armCrash:
            let writes = Int.random(in: 0...8, using: &random)
            world.process.injector.crash(afterWrites: writes)
            return "crash after \(writes) more writes"
        case .armStorageError:
            let writes = Int.random(in: 0...6, using: &random)
            world.process.injector.failWrite(afterWrites: writes)
            return "storage error on the write after \(writes) more"
        case .clockJump:
            statistics.count(.clockJump)
            let seconds = random.weighted([(3, Int64.random(in: 60...3_600, using: &random)), (2, Int64.random(in: 3_600...86_400, using: &random)),
                                           (1, Int64.random(in: 86_400...(6 * 86_400), using: &random))])
            advance(world, by: .seconds(seconds))
            // A settler that never sleeps (on the loop's timers) has run during such a jump; today's
            // runs only when called, so the jump alone does not make waiting a fault.
            settled = SimulatedWorld.settlerRunsOnTheLoop
            return "clock jumps \(seconds) s"
        }
    }

    private func answer(_ prompts: inout [OpenPrompt], _ what: String, codes: (accept: String, refuse: String)) -> String {
        let prompt = prompts.remove(at: Int.random(in: 0..<prompts.count, using: &random))
        let choice = random.weighted([(6, PromptAnswer.accept), (2, .refuse), (2, .abandon)])
        if choice == .abandon { statistics.count(.shopperWalksAway) }
        prompt.answer(choice)
        let words = switch choice { case .accept: codes.accept; case .refuse: codes.refuse; case .abandon: "walks away" }
        return "\(prompt.shopper.name) answers the \(what) prompt: \(words)"
    }

    /// The loops run for `duration`; prompts older than the shopper's patience are given up.
    private func advance(_ world: SimulatedWorld, by duration: Duration) {
        world.advance(by: duration)
        let now = world.clock.now
        for process in world.processes {
            for keyPath in [\CounterProcess.openChallenges, \CounterProcess.openWallets] {
                let expired = process[keyPath: keyPath].filter { now.timeIntervalSince($0.openedAt) >= Self.promptPatience }
                process[keyPath: keyPath].removeAll { now.timeIntervalSince($0.openedAt) >= Self.promptPatience }
                for prompt in expired {
                    statistics.count(.shopperWalksAway)
                    prompt.answer(.abandon)
                }
            }
        }
        world.runDue()
    }

    /// The counter starts again after a crash; sometimes it dies again while settling.
    private func recover(_ world: SimulatedWorld, _ index: Int) throws {
        statistics.count(.crash)
        let which = world.processes.count > 1 ? "counter \(index + 1) crashed" : "crashed"
        for _ in 0..<5 {
            let dieAgain = random.chance(0.15) ? Int.random(in: 0...3, using: &random) : nil
            try world.restart(index) { process in if let dieAgain { process.injector.crash(afterWrites: dieAgain) } }
            statistics.crashesSurvived += 1
            log.append("   \(which): restart\(dieAgain.map { ", dies again after \($0) writes while settling" } ?? ""), the settler runs")
            if world.processes[index].isAlive { return }
            statistics.count(.crashDuringRecovery)
        }
        try world.restart(index)
        statistics.crashesSurvived += 1
        log.append("   \(which): restart, the settler runs")
    }
}

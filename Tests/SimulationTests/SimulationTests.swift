import Foundation
import PaymentsCore
import Testing

/// The fault simulator in `swift test`: a few seeds on each engine, each a few hundred steps,
/// every invariant asserted. SQLite: one counter, or two on the one file (even seeds). PostgreSQL:
/// three or four counters (each its own connection) on a schema of their own on the throwaway
/// server, each killed and restarted on its own, each settling what the others left by the
/// settler's rules (a challenge open on a live counter is that counter's). Writes fail the same
/// way on both (`FaultInjector` is the core's `CommitGate`), a killed counter's server session
/// ends with it, and the invariants read through the store. One thread runs every counter, so
/// their transactions interleave but never overlap: row locks are the race tests' to prove.
///
/// Long campaigns: `SIMULATION_STEPS=1000000 SIMULATION_SEEDS=1-5000 swift test --filter
/// SimulationTests.longCampaign` (seeds as `7`, `1,2,3` or `1-500`; `SIMULATION_ENGINE` `sqlite`,
/// the default, `postgres` or `both`, each engine with the whole budget; `SIMULATION_STEPS_PER_SEED`,
/// default 1000; `SIMULATION_CONTINUE=1` goes on after a broken invariant to list every kind).
/// A failing seed prints the steps that reproduce it, and the command that replays it. A long
/// campaign runs about seven times as fast from a release build (Docs/payments-core.md).
@Suite(.serialized) struct SimulationTests {
    /// A seed of the short campaign: SQLite's three as before (one counter, two, one); on the
    /// server, where every statement is a round trip, one seed of four counters, shorter.
    struct ShortRun: Sendable, CustomTestStringConvertible {
        let engine: SimulationEngine
        let seed: UInt64
        let steps: Int
        var testDescription: String { "\(engine) seed \(seed), \(steps) steps" }
    }

    static let shortCampaign = [1, 2, 3].map { ShortRun(engine: .sqlite, seed: $0, steps: 300) } + [ShortRun(engine: .postgres, seed: 2, steps: 120)]

    @Test(arguments: SimulationTests.shortCampaign)
    func aSeedKeepsEveryInvariant(_ run: ShortRun) throws {
        let statistics = SimulationStatistics()
        let failure = try Simulation(seed: run.seed, engine: run.engine, steps: run.steps, statistics: statistics).run()
        if let failure { Issue.record(Comment(rawValue: failure.report)) }
    }

    /// On the server too: a failing seed is only worth its replay command if the server's answers
    /// (row order, ids) come out the same each time. Shorter there, for the round trips.
    @Test(arguments: SimulationEngine.allCases)
    func aSeedReplaysTheSameStepsEveryTime(_ engine: SimulationEngine) throws {
        let steps = engine == .sqlite ? 60 : 40
        let first = Simulation(seed: 42, engine: engine, steps: steps, statistics: SimulationStatistics())
        let second = Simulation(seed: 42, engine: engine, steps: steps, statistics: SimulationStatistics())
        let firstFailure = try first.run()
        let secondFailure = try second.run()
        #expect(first.log == second.log)
        #expect(firstFailure?.step == secondFailure?.step)
        #expect(first.log.count > steps)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SIMULATION_STEPS"] != nil))
    func longCampaign() throws {
        let environment = ProcessInfo.processInfo.environment
        let engines = SimulationEngine.chosen(environment["SIMULATION_ENGINE"])
        try #require(!engines.isEmpty, "SIMULATION_ENGINE is sqlite, postgres or both")
        for engine in engines { try campaign(on: engine, environment) }
    }

    private func campaign(on engine: SimulationEngine, _ environment: [String: String]) throws {
        let budget = Int(environment["SIMULATION_STEPS"] ?? "") ?? 1_000_000
        let perSeed = Int(environment["SIMULATION_STEPS_PER_SEED"] ?? "") ?? 1_000
        let seeds = Self.seeds(environment["SIMULATION_SEEDS"] ?? "1-1000000")
        let statistics = SimulationStatistics()
        let started = Date()
        let survey = environment["SIMULATION_CONTINUE"] == "1"
        var printed = Set<String>()
        say("On \(engine):")
        for seed in seeds where statistics.steps < budget {
            let simulation = Simulation(seed: seed, engine: engine, steps: min(perSeed, budget - statistics.steps), statistics: statistics)
            simulation.continuesAfterFailure = survey
            _ = try simulation.run()
            for failure in simulation.failures {
                statistics.record(failure)
                // The full report once per new kind of broken invariant, to keep the output readable.
                let new = Set(failure.broken.map(\.kind)).subtracting(printed)
                guard !new.isEmpty else { continue }
                printed.formUnion(new)
                say("NEW: \(new.sorted().joined(separator: ", "))\n\(failure.report)\n")
            }
            // The figures so far, so that a campaign stopped early still says what it did.
            if statistics.seeds % 25 == 0 { say("… " + statistics.summary(seconds: Date().timeIntervalSince(started))) }
        }
        say(statistics.summary(seconds: Date().timeIntervalSince(started)))
        #expect(statistics.findings.keys.sorted() == [], "invariants broken on \(engine); see the NEW reports above")
    }

    /// Straight to the terminal: a long campaign's findings should show while it runs, not when
    /// a pipe's buffer fills.
    private func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// "7", "1,2,3" or "1-500".
    static func seeds(_ text: String) -> [UInt64] {
        text.split(separator: ",").flatMap { part -> [UInt64] in
            let bounds = part.split(separator: "-").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
            return bounds.count == 2 ? Array(bounds[0]...bounds[1]) : bounds
        }
    }
}

import Foundation
import GRDB
import PaymentsCore
import Testing

/// The fault simulator in `swift test`: a few seeds, each a few hundred steps, every invariant
/// asserted. Long campaigns: `SIMULATION_STEPS=1000000 SIMULATION_SEEDS=1-5000 swift test
/// --filter SimulationTests` (seeds as `7`, `1,2,3` or `1-500`; `SIMULATION_STEPS_PER_SEED`,
/// default 1000; `SIMULATION_CONTINUE=1` goes on after a broken invariant to list every kind).
/// A failing seed prints the steps that reproduce it.
@Suite(.serialized) struct SimulationTests {
    static let defaultSeeds: [UInt64] = [1, 2, 3]
    static let defaultSteps = 300

    @Test(arguments: SimulationTests.defaultSeeds)
    func aSeedKeepsEveryInvariant(seed: UInt64) throws {
        let statistics = SimulationStatistics()
        let failure = try Simulation(seed: seed, steps: Self.defaultSteps, statistics: statistics).run()
        if let failure { Issue.record(Comment(rawValue: failure.report)) }
    }

    @Test func aSeedReplaysTheSameStepsEveryTime() throws {
        let first = Simulation(seed: 42, steps: 60, statistics: SimulationStatistics())
        let second = Simulation(seed: 42, steps: 60, statistics: SimulationStatistics())
        let firstFailure = try first.run()
        let secondFailure = try second.run()
        #expect(first.log == second.log)
        #expect(firstFailure?.step == secondFailure?.step)
        #expect(first.log.count > 50)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SIMULATION_STEPS"] != nil))
    func longCampaign() throws {
        let environment = ProcessInfo.processInfo.environment
        let budget = Int(environment["SIMULATION_STEPS"] ?? "") ?? 1_000_000
        let perSeed = Int(environment["SIMULATION_STEPS_PER_SEED"] ?? "") ?? 1_000
        let seeds = Self.seeds(environment["SIMULATION_SEEDS"] ?? "1-1000000")
        let statistics = SimulationStatistics()
        let started = Date()
        let survey = environment["SIMULATION_CONTINUE"] == "1"
        var printed = Set<String>()
        for seed in seeds where statistics.steps < budget {
            let simulation = Simulation(seed: seed, steps: min(perSeed, budget - statistics.steps), statistics: statistics)
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
        #expect(statistics.findings.keys.sorted() == [], "invariants broken; see the NEW reports above")
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

import Foundation

/// The figures of a run: steps, seeds, faults injected by kind, crashes survived, and the first
/// seed that broke each kind of invariant.
final class SimulationStatistics {
    enum Fault: String, CaseIterable {
        case crash = "crash (process killed between two writes)"
        case crashDuringRecovery = "crash again while settling after a restart"
        case storageError = "storage error on one write"
        case clockJump = "clock jump (minutes to days)"
        case acquirerNeverAnswers = "acquirer that never answers (…0259)"
        case bankLateOrNever = "bank that answers late or never"
        case walletLate = "wallet consumed after the poll gave up"
        case shopperWalksAway = "shopper walks away from a prompt"
        case refundPressedTwice = "refund pressed twice (same key)"
        case holdVoided = "operator voids a standing bid's hold"
        case voidPressedTwice = "void pressed twice (same key)"
        case cashShort = "cash handed over short of the amount due"
        case cashRounded = "cash sale at a till that rounds to 0.05"
        case splitPartTaken = "split tender: a part taken, the order left awaiting the rest"
        case splitFinished = "split tender: the rest paid after other steps, crashes and failing writes"
        case partsGivenBack = "split tender: the shopper leaves, every part given back to its tender"
    }

    private(set) var faults: [Fault: Int] = [:]
    var crashesSurvived = 0
    var steps = 0
    var seeds = 0
    /// Seeds by how many counters shared their database.
    var counters: [Int: Int] = [:]
    /// The first failure of each kind of broken invariant, and every seed that broke it (and where).
    private(set) var findings: [String: (first: SimulationFailure, seeds: [String])] = [:]

    func count(_ fault: Fault) { faults[fault, default: 0] += 1 }

    func record(_ failure: SimulationFailure) {
        for kind in Set(failure.broken.map(\.kind)) {
            findings[kind, default: (failure, [])].seeds.append("\(failure.seed)@\(failure.step)")
        }
    }

    func summary(seconds: Double) -> String {
        let fleets = counters.sorted { $0.key < $1.key }.map { "\($0.value) with \($0.key) counter\($0.key == 1 ? "" : "s")" }
        var lines = ["Simulation: \(steps) steps, \(seeds) seeds (\(fleets.joined(separator: ", "))), \(crashesSurvived) crashes survived, "
                     + String(format: "%.0f steps/s (%.1f s)", Double(steps) / max(seconds, 0.001), seconds)]
        lines.append("Faults injected:")
        for fault in Fault.allCases { lines.append("  \(faults[fault] ?? 0) × \(fault.rawValue)") }
        lines.append(findings.isEmpty ? "No invariant broken." : "Invariants broken (kind: seeds; first seed and step):")
        for (kind, found) in findings.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(kind): \(found.seeds.count) seeds; first seed \(found.first.seed) at step \(found.first.step)")
            lines.append("    seeds@steps: " + found.seeds.prefix(40).joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }
}

/// A seed that broke an invariant: everything needed to replay it.
struct SimulationFailure {
    let seed: UInt64
    let engine: SimulationEngine
    let step: Int
    let steps: [String]
    let broken: [Invariants.Broken]

    var report: String {
        """
        Seed \(seed) on \(engine) broke an invariant at step \(step). Replay: SIMULATION_ENGINE=\(engine) SIMULATION_SEEDS=\(seed) SIMULATION_STEPS=\(step) swift test --filter SimulationTests.longCampaign
        Steps:
        \(steps.joined(separator: "\n"))
        Broken:
        \(broken.map { "  \($0)" }.joined(separator: "\n"))
        """
    }
}

import Foundation
import TerminalTestSupport
import Testing

/// The binary's non-interactive faces: version, help, and `play` with its exit statuses.
@Suite struct CommandLineTests {
    private func tape(_ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-tapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("t.tape")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func versionAndHelpSpeakPlainly() throws {
        let version = try CheckoutBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output.contains("."))
        let help = try CheckoutBinary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("play"))
        #expect(help.output.contains("--db"))
    }

    /// `checkout` alone opens the counter, so its top help names every option of the counter
    /// (the default subcommand's options would not show there by themselves).
    @Test func theTopHelpNamesEveryOptionOfTheCounter() throws {
        let top = try CheckoutBinary.run(["--help"]).output
        let run = try CheckoutBinary.run(["help", "run"]).output
        let options = Set(run.matches(of: /--[a-z][a-z-]+/).map { String($0.output) }).subtracting(["--help", "--version"])
        #expect(options.count >= 12, "\(options)")
        #expect(options.filter { !top.contains($0) }.sorted() == [])
    }

    @Test func aTapeWhoseExpectationsHoldExitsZero() throws {
        let path = try tape("""
        # the home menu, then the help overlay
        Expect "Honey Store"
        Press ?
        Expect "Esc or ? closes"
        Press Esc
        ExpectNot "Esc or ? closes"
        Press q
        """)
        let result = try CheckoutBinary.run(["play", path])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aFailedExpectExitsOneWithTheLineAndTheScreen() throws {
        let path = try tape("""
        Expect "Honey Store"
        Expect "Dragon fruit"
        """)
        let result = try CheckoutBinary.run(["play", path])
        #expect(result.status == 1)
        #expect(result.output.contains("2"), "names the line")
        #expect(result.output.contains("Dragon fruit"), "names the expectation")
        #expect(result.output.contains("Honey Store"), "shows the screen as it was")
    }

    /// Every tape in the repository plays and holds through the command a person would type,
    /// world lines (a kiosk, a theme, a signed-in shopper with a PIN) and languages included.
    @Test func everyTapeInTheRepositoryPlaysFromTheCommandLine() throws {
        let tapes = CheckoutBinary.repositoryRoot.appendingPathComponent("Tapes")
        let paths = (FileManager.default.enumerator(atPath: tapes.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".tape") }.sorted().map { tapes.appendingPathComponent($0).path }
        #expect(paths.count >= 60)
        let result = try CheckoutBinary.run(["play"] + paths)
        let failures = result.output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(result.status == 0, "\(failures.joined(separator: "\n"))")
    }

    @Test func aMalformedLineExitsTwoBeforeAnythingRuns() throws {
        let path = try tape("""
        Expect "Honey Store"
        Prss Enter
        """)
        let result = try CheckoutBinary.run(["play", path])
        #expect(result.status == 2)
        #expect(result.output.contains("2"))
    }
}

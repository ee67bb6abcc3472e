import Clocks
import Foundation
import Testing
@testable import TerminalUI

@Suite struct TapePlayerTests {
    let player = TapePlayer()

    func play(_ tape: String, with player: TapePlayer? = nil, path: String? = nil) throws -> TapeResult {
        try (player ?? self.player).play(tape, path: path) { EchoCounterApplication() }
    }

    @Test func aTapeThatPasses() throws {
        let result = try play("""
            # count to three and type a word
            Press + 2
            Press Up
            Type "honey"
            Expect "Count: 3"
            Expect "Typed: honey"
            ExpectNot "Saved"
            Press Enter
            Expect "Saved"
            """)
        #expect(result.passed)
        #expect(result.failure == nil)
        #expect(result.exitStatus == 0)
        #expect(result.commandsRun == 8)
        #expect(result.screen.contains("Saved"))
        #expect(result.report().hasPrefix("ok:"))
    }

    @Test func aFailingExpectGivesTheLineTheCommandAndTheScreen() throws {
        let result = try play("""
            Press + 2

            Expect "Count: 3"
            Expect "never reached"
            """)
        #expect(!result.passed)
        #expect(result.exitStatus == 1)
        let failure = try #require(result.failure)
        #expect(failure.line == 3)
        #expect(failure.command == "Expect \"Count: 3\"")
        #expect(failure.message.contains("expected \"Count: 3\" on the screen"))
        #expect(failure.screen.hasPrefix("Count: 2\nTyped:"))
        let report = result.report(path: "count.tape")
        #expect(report.contains("count.tape:3: Expect \"Count: 3\""))
        #expect(report.contains("Count: 2"))
    }

    @Test func expectNotFailsWhenTheTextIsThere() throws {
        let result = try play("Press +\nExpectNot \"Count: 1\"")
        #expect(result.failure?.line == 2)
        #expect(result.failure?.message.contains("not to be on the screen") == true)
    }

    @Test func sleepAdvancesTheClockFiringTimers() throws {
        let result = try play("""
            ExpectNot "Ready"
            Sleep 1500ms
            Expect "Ticks: 1"
            ExpectNot "Ready"
            Sleep 500ms
            Expect "Ready"
            Sleep 1m
            Expect "Ticks: 62"
            """)
        #expect(result.passed, "\(result.failure?.message ?? "")")
    }

    @Test func expectSettlesTimersDueNowBeforeLooking() throws {
        // Enter schedules "Saved" for now: only a settled loop shows it.
        #expect(try play("Press Enter\nExpect \"Saved\"").passed)
    }

    @Test func typingTakesTimeButASwipeIsABurst() throws {
        let typed = try play("Type \"abcd\"\nExpect \"Burst: 0\"\nExpect \"Ticks: 0\"")
        #expect(typed.passed, "\(typed.failure?.message ?? "")")
        let swiped = try play("Swipe \"%B42^X?\"\nExpect \"Burst: 6\"\nExpect \"Typed: %B42^X?\"")
        #expect(swiped.passed, "\(swiped.failure?.message ?? "")")
        // 40 characters at 50ms each is 1.95s of typing: the ticker fires on the way.
        let long = try play("Type \"\(String(repeating: "x", count: 40))\"\nExpect \"Ticks: 1\"")
        #expect(long.passed, "\(long.screen)")
    }

    @Test func typeSendsEachCharacterAsAKey() throws {
        let app = EchoCounterApplication()
        let result = try player.play("Type \"a+\\n\"") { app }
        #expect(result.passed)
        #expect(app.handled == [.key(.character("a")), .key(.character("+")), .key(.enter)])
    }

    @Test func resizeClickAndScreen() throws {
        let result = try play("""
            Resize 90x20
            Expect "Size: 90x20"
            Click 4 7
            Expect "Clicked 4,7"
            Screen
            """)
        #expect(result.passed)
        #expect(result.output.contains("── screen at line 5 (90x20) ──"))
        #expect(result.output.contains("Clicked 4,7"))
    }

    @Test func commandsAfterTheApplicationQuitFail() throws {
        let result = try play("""
            Press q
            # comments are fine
            Expect "Count: 0"
            """)
        #expect(result.failure?.line == 3)
        #expect(result.failure?.message.contains("already quit (exit status 0)") == true)
        // Quitting as the last command is fine.
        #expect(try play("Press +\nPress q").passed)
        // Keys after the quit within one command are not sent.
        let app = EchoCounterApplication()
        _ = try player.play("Press q 3") { app }
        #expect(app.handled.count == 1)
    }

    @Test func aMalformedTapeThrowsBeforeAnythingRuns() {
        var made = false
        #expect(throws: TapeError(line: 2, message: "unknown key \"Sideways\"; expected Enter, Tab, Shift+Tab, Esc, Up, Down, Left, Right, PgUp, PgDn, Home, End, Backspace, Delete, Space, Ctrl+<letter>, F1-F12 or one printable character")) {
            _ = try player.play("Press +\nPress Sideways") {
                made = true
                return EchoCounterApplication()
            }
        }
        #expect(!made)
    }

    @Test func playsTheSameEveryRun() throws {
        let tape = "Type \"abc\"\nSleep 3s\nPress +\nScreen"
        let first = try play(tape), second = try play(tape)
        #expect(first == second)
    }
}

@Suite struct TapeSnapshotTests {
    @Test func aMissingGoldenFailsAndIsNotCreated() throws {
        let directory = try makeTapeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tapePath = directory + "/count.tape"
        let result = try TapePlayer().play("Press +\nSnapshot \"one\"", path: tapePath) { EchoCounterApplication() }
        #expect(result.failure?.line == 2)
        #expect(result.failure?.message.contains("missing golden") == true)
        #expect(result.failure?.message.contains("count.snapshots/one.txt") == true)
        #expect(!FileManager.default.fileExists(atPath: directory + "/count.snapshots/one.txt"))
    }

    @Test func updateWritesGoldensThatThenMatch() throws {
        let directory = try makeTapeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tapePath = directory + "/count.tape"
        let tape = "Press +\nSnapshot \"one\""
        let written = try TapePlayer(update: true).play(tape, path: tapePath) { EchoCounterApplication() }
        #expect(written.passed)
        #expect(written.output.contains("wrote snapshot"))
        let golden = try String(contentsOfFile: directory + "/count.snapshots/one.txt", encoding: .utf8)
        #expect(golden.hasPrefix("Count: 1\n"))
        #expect(golden.hasSuffix("q Quit\n"))
        #expect(try TapePlayer().play(tape, path: tapePath) { EchoCounterApplication() }.passed)
    }

    @Test func aMismatchShowsASmallDiff() throws {
        let directory = try makeTapeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tapePath = directory + "/count.tape"
        _ = try TapePlayer(update: true).play("Snapshot \"start\"", path: tapePath) { EchoCounterApplication() }
        let result = try TapePlayer().play("Press + 5\nSnapshot \"start\"", path: tapePath) { EchoCounterApplication() }
        let message = try #require(result.failure?.message)
        #expect(result.failure?.line == 2)
        #expect(message.contains("snapshot \"start\" differs"))
        #expect(message.contains("row 1:\n  - Count: 0\n  + Count: 5"))
        #expect(!message.contains("row 2:")) // only the rows that differ
    }

    @Test func goldensSurviveEditorsTrailingSpaceAndCRLF() throws {
        let directory = try makeTapeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tapePath = directory + "/count.tape"
        _ = try TapePlayer(update: true).play("Snapshot \"s\"", path: tapePath) { EchoCounterApplication() }
        let goldenPath = directory + "/count.snapshots/s.txt"
        let golden = try String(contentsOfFile: goldenPath, encoding: .utf8)
        try golden.replacingOccurrences(of: "\n", with: "  \r\n").write(toFile: goldenPath, atomically: true, encoding: .utf8)
        #expect(try TapePlayer().play("Snapshot \"s\"", path: tapePath) { EchoCounterApplication() }.passed)
    }

    @Test func aTapeWithoutAFileNeedsASnapshotDirectory() throws {
        let result = try TapePlayer().play("Snapshot \"x\"") { EchoCounterApplication() }
        #expect(result.failure?.message.contains("needs a tape file") == true)
        let directory = try makeTapeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = try TapePlayer(update: true, snapshotDirectory: directory).play("Snapshot \"x\"") { EchoCounterApplication() }
        #expect(written.passed)
        #expect(FileManager.default.fileExists(atPath: directory + "/x.txt"))
    }
}

@Suite struct TapeRunTests {
    @Test func exitStatusesForPassFailAndMalformed() throws {
        let directory = try makeTapeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func run(_ tape: String) throws -> (Int32, String) {
            let path = directory + "/t.tape"
            try tape.write(toFile: path, atomically: true, encoding: .utf8)
            var printed: [String] = []
            let status = TapePlayer().run(tapeAt: path, makeApplication: { EchoCounterApplication() }, print: { printed.append($0) })
            return (status, printed.joined(separator: "\n"))
        }
        #expect(try run("Press +\nExpect \"Count: 1\"").0 == 0)
        let (failed, failedOutput) = try run("Press +\nExpect \"Count: 9\"")
        #expect(failed == 1)
        #expect(failedOutput.contains("t.tape:2: Expect \"Count: 9\""))
        #expect(failedOutput.contains("Count: 1"))
        let (malformed, malformedOutput) = try run("Press +\nJump")
        #expect(malformed == 2)
        #expect(malformedOutput.contains("t.tape:2: unknown command \"Jump\""))
        var printed = ""
        #expect(TapePlayer().run(tapeAt: directory + "/missing.tape", makeApplication: { EchoCounterApplication() }, print: { printed += $0 }) == 2)
        #expect(printed.contains("cannot read the tape"))
    }
}

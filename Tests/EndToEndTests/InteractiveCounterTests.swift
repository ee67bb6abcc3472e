import Foundation
import TerminalTestSupport
import Testing

/// The real binary in a real terminal (tmux at 80x24), driven by keys as a person would.
@Suite(.serialized)
struct InteractiveCounterTests {
    private func startCounter(columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws -> TmuxSession {
        let session = try TmuxSession(
            command: [try CheckoutBinary.path(), "--db", ":memory:"],
            columns: columns, rows: rows,
            environment: ["TERM": "xterm-256color"].merging(environment) { $1 }
        )
        try session.waitFor("Checkout Counter")
        return session
    }

    @Test func opensShowsKeysRedrawsOnResizeAndQuitsCleanly() throws {
        let session = try startCounter()
        let home = try session.waitFor("Honey Store")
        #expect(home.contains("q Quit"), "the footer shows the keys")
        #expect(try session.paneVariable("alternate_on") == "1", "the counter runs on the alternate screen")

        try session.send("?")
        try session.waitFor("Keys")
        try session.send("Escape")
        try session.waitFor("Honey Store")

        try session.resize(columns: 120, rows: 40)
        let large = try session.waitFor("Honey Store")
        #expect(large.split(separator: "\n", omittingEmptySubsequences: false).count >= 39)
        try session.resize(columns: 40, rows: 10)
        try session.waitFor("too small")
        try session.resize(columns: 80, rows: 24)
        try session.waitFor("Honey Store")

        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.paneVariable("alternate_on") == "0", "the alternate screen was left")
        #expect(try session.paneVariable("cursor_flag") == "1", "the cursor is visible again")
    }

    @Test func ctrlCQuitsFromAnywhereWithStatusZero() throws {
        let session = try startCounter()
        try session.send("Enter")
        try session.send("C-c")
        #expect(try session.waitForExit() == 0)
        #expect(try session.paneVariable("alternate_on") == "0")
        #expect(try session.paneVariable("cursor_flag") == "1")
    }

    @Test func aTerminationSignalStillGivesTheTerminalBack() throws {
        let session = try startCounter()
        #expect(kill(try session.programPID(), SIGTERM) == 0)
        let status = try session.waitForExit()
        #expect(status != 0, "a signal is not a normal quit")
        #expect(try session.paneVariable("alternate_on") == "0")
        #expect(try session.paneVariable("cursor_flag") == "1")
    }

    /// Signals whose default would end the process with the alternate screen still up: each
    /// ends the counter through the loop instead, with 128 + its number as a shell reports it.
    @Test(arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGPOLL, __libc_current_sigrtmin()])
    func aSignalThatEndsTheCounterGivesTheTerminalBack(signal: Int32) throws {
        let session = try startCounter()
        try session.waitFor("Honey Store")
        #expect(kill(try session.programPID(), signal) == 0)
        #expect(try session.waitForExit() == 128 + signal)
        #expect(try session.paneVariable("alternate_on") == "0", "signal \(signal) left the alternate screen up")
        #expect(try session.paneVariable("cursor_flag") == "1", "signal \(signal) left the cursor hidden")
    }

    /// A closed pipe is a write error, not a reason to end: SIGPIPE leaves the counter running.
    @Test func sigpipeIsIgnored() throws {
        let session = try startCounter()
        try session.waitFor("Honey Store")
        #expect(kill(try session.programPID(), SIGPIPE) == 0)
        usleep(500_000)
        try session.send("?")
        try session.waitFor("Keys")
        #expect(try session.paneVariable("alternate_on") == "1", "still running on the alternate screen")
        try session.send("Escape")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    /// tmux sends Home, End, Insert and Delete as VT220 does (`ESC [ 4 ~` for End), which
    /// xterm-256color's terminfo does not name: on the shelf End was once Esc (back home) and
    /// then `4` (Quit), and the counter ended (issue 34). Each is one key now, and the counter runs on.
    @Test func homeEndInsertAndDeleteFromTmuxOnTheShelfKeepTheCounterRunning() throws {
        let session = try startCounter()
        try session.waitFor("Honey Store")
        try session.send("Enter")
        try session.waitFor("Acacia honey")
        for key in ["End", "Home", "IC", "DC", "End"] {
            try session.send(key)
        }
        try session.send("?")
        try session.waitFor("Keys")
        #expect(try session.paneVariable("alternate_on") == "1", "still running on the alternate screen")
        try session.send("Escape")
        #expect(try session.waitFor("Acacia honey").contains("Acacia honey"), "still on the shelf")
        try session.send("Escape")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }
}

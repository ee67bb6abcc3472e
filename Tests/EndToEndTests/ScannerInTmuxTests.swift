import Foundation
import TerminalTestSupport
import Testing

/// A keyboard-wedge scanner as a real terminal delivers it: the real binary in tmux, the code's
/// digits sent in one `send-keys -l` and Enter right after (what a scanner's burst is to a pty),
/// and the same digits a quarter of a second apart (a person).
@Suite(.serialized)
struct ScannerInTmuxTests {
    private func startCounter() throws -> TmuxSession {
        let session = try TmuxSession(command: [try CheckoutBinary.path(), "--db", ":memory:"], environment: ["TERM": "xterm-256color"])
        try session.waitFor("Honey Store")
        try session.send("Enter")
        try session.waitFor("Acacia honey")
        return session
    }

    @Test func aBurstThenEnterIsAScanAndItsEnterOpensNothing() throws {
        let session = try startCounter()
        try session.type("2000000000015")
        try session.send("Enter")
        let screen = try session.waitFor("Scanned: Acacia honey, €6.50.")
        #expect(screen.contains("Cart 1 · €6.50"))
        #expect(!screen.contains("Pale, clear and mild"), "the scan's Enter opened the jar's page")
        try session.type("2000000000016")
        try session.send("Enter")
        let damaged = try session.waitFor("2000000000016 is not a valid barcode.")
        #expect(damaged.contains("Cart 1 · €6.50"))
        try session.send("q")
        try session.waitFor("Quit the counter?")
        try session.send("y")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theSameDigitsAQuarterSecondApartAreTyping() throws {
        let session = try startCounter()
        // On the cart digits do nothing, and Enter asks for the checkout: what typing does there.
        try session.send("c")
        try session.waitFor("Your cart is empty. Esc goes back")
        for digit in "2000000000015" {
            try session.type(String(digit))
            Thread.sleep(forTimeInterval: 0.25)
        }
        try session.send("Enter")
        let screen = try session.waitFor("Your cart is empty: add a jar before checking out.")
        #expect(!screen.contains("Scanned"), "typed digits were taken for a scan")
        #expect(!screen.contains("Cart 1"))
    }
}

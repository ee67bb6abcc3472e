import Foundation
import TerminalTestSupport
import Testing

/// The accessible mode on a real terminal: a password is not shown as it is typed (nor read out
/// by a screen reader or a braille line), and the terminal shows what is typed again afterwards.
@Suite(.serialized)
struct AccessibleSecretsTests {
    @Test func aPasswordIsNotShownAndTheEchoComesBack() throws {
        let session = try TmuxSession(command: [try CheckoutBinary.path(), "--accessible", "--db", ":memory:"],
                                      environment: ["TERM": "xterm-256color"])
        try session.waitFor("Your choice, 1 to 5:")
        try session.type("4")
        try session.send("Enter")
        try session.waitFor("Your choice, 1 to 3:")
        try session.type("2")
        try session.send("Enter")
        try session.waitFor("Email address:")
        try session.type("jane@example.com")
        try session.send("Enter")
        try session.waitFor("Password:")
        try session.type("hidden-pass-42")
        try session.send("Enter")
        let signedIn = try session.waitFor("Welcome, jane@example.com.")
        #expect(!signedIn.contains("hidden-pass-42"), "the password was shown:\n\(signedIn)")
        #expect(signedIn.contains("jane@example.com"), "an ordinary answer is shown as typed")
        // The echo is back: the next answer shows as it is typed (on the line under the question).
        try session.type("2")
        usleep(300_000)
        let typed = try session.screen()
        #expect(typed.components(separatedBy: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "2" },
                "the answer after the password is not shown:\n\(typed)")
        try session.send("Enter")
        try session.waitFor("Your cart is empty.")
        try session.send("C-d")
        #expect(try session.waitForExit() == 0)
    }
}

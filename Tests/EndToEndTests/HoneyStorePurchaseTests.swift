import Foundation
import TerminalTestSupport
import Testing

/// A newcomer in the real binary, in a real terminal, on a fresh database file: signs up, buys two
/// jars with the test card and sees the receipt, reading nothing but the screen.
@Suite(.serialized)
struct HoneyStorePurchaseTests {
    @Test func aNewcomerSignsUpAndBuysTwoJars() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("counter-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(
            command: [try CheckoutBinary.path(), "--db", directory.appendingPathComponent("counter.sqlite").path],
            columns: 80, rows: 24, environment: ["TERM": "xterm-256color"]
        )
        try session.waitFor("Honey Store")
        try session.send("Enter")
        try session.waitFor("Acacia honey")
        try session.send("a")
        try session.waitFor("Sign up")
        try session.send("2")
        try session.waitFor("Create your account")
        try session.type("newcomer@example.com")
        try session.send("Tab")
        try session.type("honey2026")
        try session.send("Tab")
        try session.type("honey2026")
        try session.send("Enter")
        try session.waitFor("Welcome, newcomer@example.com.")
        try session.send("Escape")
        try session.waitFor("Acacia honey")
        try session.send("1")
        try session.waitFor("Add to cart")
        try session.send("+")
        try session.send("Enter")
        try session.waitFor("Cart 2 · €13.00")
        try session.send("c")
        try session.waitFor("Your cart")
        try session.send("Enter")
        try session.waitFor("Pay with:")
        try session.send("Enter")
        try session.waitFor("Name on card")
        try session.typeCard(holder: "New Comer")
        try session.waitFor("4242 4242 4242 4242")
        try session.send("Enter")
        try session.send("Enter")
        let receipt = try session.waitFor("Thank you! Payment approved.")
        #expect(receipt.contains("2 × Acacia honey"))
        #expect(receipt.contains("Total €13.00"))
        #expect(receipt.contains("Paid with Visa •••• 4242"))
        #expect(!receipt.contains("4242 4242"))
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }
}

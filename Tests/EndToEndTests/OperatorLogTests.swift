import Foundation
import Logging
import OperationalLog
import TerminalTestSupport
import Testing

/// `--log FILE` and `--log-level`: what an operator reads of a run, one line an event, never a
/// card number, from the real binary (accessible mode, so that no terminal is needed).
@Suite struct OperatorLogTests {
    /// A purchase paid with 4242 4242 4242 4242, typed into `checkout --accessible`.
    static func purchase(extraArguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CheckoutBinary.path())
        process.arguments = ["--accessible", "--db", ":memory:"] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] { environment[name] = nil }
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let answers = ["1", "4", "2", "3", "1", "4242 4242 4242 4242", "12/30", "123", "Jane Doe", "oops", "5"]
        input.fileHandleForWriting.write(Data((answers.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    static func temporaryLog() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("checkout-log-\(getpid())-\(UUID().uuidString).log").path
    }

    @Test func aRunLogsItsStartItsDatabaseAndItsEndOneLineEach() throws {
        let log = Self.temporaryLog()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let run = try Self.purchase(extraArguments: ["--log", log, "--log-level", "trace"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Payment approved. Thank you!"), "the purchase went through: \(run.output)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count >= 3, "\(lines)")
        #expect(lines.allSatisfy { $0.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ [a-z]+ checkout[a-z.]*: "#, options: .regularExpression) != nil }, "\(lines)")
        #expect(lines.contains { $0.contains("info checkout: counter starting") && $0.contains("mode=accessible") && $0.contains("version=") })
        #expect(lines.contains { $0.contains("info checkout.storage: database opened path=:memory:") })
        #expect(lines.last?.contains("checkout: counter ended status=0") == true, "\(lines)")
        // The payment's states as the core committed them, the card only by brand and last four.
        #expect(lines.contains { $0.contains("info checkout.payments: order.placed ord_") }, "\(lines)")
        #expect(lines.contains { $0.contains("checkout.payments: charge.created ch_") && $0.contains("card=\"visa 4242\"") }, "\(lines)")
        #expect(lines.contains { $0.contains("checkout.payments: charge.succeeded ch_") }, "\(lines)")
        #expect(lines.contains { $0.contains("checkout.payments: order.paid ord_") }, "\(lines)")
        let whole = lines.joined(separator: "\n")
        // The card by brand and last four only: never the number, in any spacing.
        #expect(!whole.contains("4242 4242") && !whole.contains("42424242"), "a card number in the log")
        #expect(whole.range(of: #"\d{12,19}"#, options: .regularExpression) == nil, "a run of digits as long as a card number")
        #expect(!run.output.contains("counter starting"), "with --log, nothing on standard error")
    }

    @Test func theLevelLeavesOutWhatIsLessImportant() throws {
        let log = Self.temporaryLog()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let run = try Self.purchase(extraArguments: ["--log", log, "--log-level", "warning"])
        #expect(run.status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8).isEmpty, "an uneventful run has no warning")
    }

    @Test func withoutAFileTheLogGoesToStandardErrorWhenThatIsNoTerminal() throws {
        let run = try Self.purchase(extraArguments: [])
        #expect(run.status == 0)
        #expect(run.output.contains("info checkout: counter starting"), "under a service manager, the journal gets it")
    }

    @Test func anUnknownLevelIsRefused() throws {
        let run = try CheckoutBinary.run(["--accessible", "--log-level", "chatty"])
        #expect(run.status == 64)
        #expect(run.output.contains("--log-level is one of trace, debug, info, notice, warning, error, critical"), "\(run.output)")
    }

    @Test func aLineIsOneLineAndHoldsNoCardNumber() {
        let line = OperatorLogHandler.line(date: Date(timeIntervalSince1970: 1_795_000_000), level: .error, label: "checkout.payments",
                                           message: "declined 4000 0000 0000 0002\nretry", metadata: ["order": "HS-000042", "card": "4242-4242-4242-4242"])
        #expect(line == "2026-11-18T11:06:40Z error checkout.payments: declined [card number removed] retry card=[card number removed] order=HS-000042")
    }

    @Test func onlyCardLengthNumbersAreRemoved() {
        #expect(CardNumberRedaction.redact("order HS-000042 for 1250 pence, 3 jars") == "order HS-000042 for 1250 pence, 3 jars")
        #expect(CardNumberRedaction.redact("pan=378282246310005;") == "pan=[card number removed];")
        #expect(CardNumberRedaction.redact("3782 822463 10005") == "[card number removed]")
        #expect(CardNumberRedaction.redact("at 2026-11-22 10:05") == "at 2026-11-22 10:05", "a date has 8 digits")
    }
}

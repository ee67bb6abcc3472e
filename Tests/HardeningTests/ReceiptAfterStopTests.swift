import Foundation
import TerminalTestSupport
import Testing

/// The real kiosk with an ESC/POS printer (a file here, as `/dev/usb/lp0` would be), stopped
/// with SIGTERM while a charge is out, then started again on the same database: the order is
/// paid at the next start and its receipt printed then, once, however often the counter starts;
/// the operator reprints it after the restart as a copy.
@Suite("Receipts after a stop", .serialized)
struct ReceiptAfterStopTests {
    final class Kiosk {
        let directory: URL
        var database: String { directory.appendingPathComponent("counter.sqlite").path }
        var printer: String { directory.appendingPathComponent("receipts.prn").path }
        var pinFile: String { directory.appendingPathComponent("operator-pin").path }
        var log: String { directory.appendingPathComponent("operator.log").path }
        var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        var environment: [String: String] {
            ["TERM": "xterm-256color", "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path, "LANG": "C.UTF-8"]
        }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-receipts-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // The operator PIN, as at install time (few rounds would be a tape's; this is the real command).
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "echo 4711 | \"$0\" kiosk --set-operator-pin --operator-pin-file \"$1\"", try CheckoutBinary.path(), pinFile]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func start(printer: String? = nil) throws -> TmuxSession {
            let session = try TmuxSession(command: [try CheckoutBinary.path(), "kiosk", "--db", database, "--printer", printer ?? self.printer,
                                                    "--attract", "0", "--operator-pin-file", pinFile, "--log", log],
                                          columns: 80, rows: 24, environment: environment)
            try session.waitFor("Honey Store")
            return session
        }

        /// SIGTERM, as systemd stops the kiosk: it ends cleanly, whatever it was doing.
        func stop(_ session: TmuxSession) throws {
            let pid = try session.programPID()
            #expect(Foundation.kill(pid, SIGTERM) == 0)
            #expect(try session.waitForExit() == 128 + SIGTERM)
        }

        var printed: [UInt8] { (try? Array(Data(contentsOf: URL(fileURLWithPath: printer)))) ?? [] }

        /// Receipts in the printer's file: each ends with the cut (GS V 66 0).
        var receipts: Int { occurrences([0x1D, 0x56, 66, 0]) }

        func occurrences(_ pattern: [UInt8]) -> Int {
            let bytes = printed
            guard bytes.count >= pattern.count else { return 0 }
            return (0...(bytes.count - pattern.count)).filter { Array(bytes[$0..<$0 + pattern.count]) == pattern }.count
        }

        func occurrences(of text: String) -> Int { occurrences(Array(text.utf8)) }

        func waitForReceipts(_ count: Int, timeout: TimeInterval = 25) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if receipts >= count { return true }
                usleep(200_000)
            }
            return receipts >= count
        }
    }

    @Test("SIGTERM during a charge: paid at the next start, its receipt printed then, once; reprinted as a copy")
    func stoppedDuringACharge() throws {
        let kiosk = try Kiosk()
        let session = try kiosk.start()
        try session.send("Enter")
        try session.waitFor("Acacia honey")
        try session.send("1")
        try session.send("Enter")
        try session.send("c")
        try session.waitFor("Your cart")
        try session.send("Enter")
        try session.waitFor("Pay with:")
        try session.send("Enter")
        try session.waitFor("Name on card")
        try session.type("Jane Doe")
        try session.send("Tab")
        // The counter's own test card: the acquirer never answers, the charge stays out.
        try session.type("4000000000000259")
        try session.send("Tab")
        try session.type("1230")
        try session.send("Tab")
        try session.type("123")
        try session.send("Enter")
        try session.send("Enter")
        try session.waitFor("Charging Visa", timeout: 5)
        try kiosk.stop(session)
        #expect(kiosk.receipts == 0, "nothing was paid yet, nothing printed")

        // The next start: the settler finds the charge approved; the order owes its receipt.
        let again = try kiosk.start()
        #expect(kiosk.waitForReceipts(1), "the order paid at the next start was never printed")
        #expect(kiosk.occurrences(of: "Order HS-000001") == 1)
        #expect(kiosk.occurrences(of: "Paid with Visa **** 0259") == 1)
        #expect(kiosk.occurrences(of: "4000000000000259") == 0, "only the card's last four")
        #expect(kiosk.occurrences(of: "** COPY **") == 0)
        // Not a notice for whoever stands at the counter now: the order is not theirs.
        #expect(!(try again.screen()).contains("HS-000001"))
        try kiosk.stop(again)

        // Starting again prints nothing more: exactly one receipt per paid order.
        let third = try kiosk.start()
        usleep(3_000_000)
        #expect(kiosk.receipts == 1)
        // The operator's reprint after the restarts: a copy, from the ledger.
        try third.send("F10")
        try third.waitFor("Operator PIN")
        try third.type("4711")
        try third.send("Enter")
        try third.waitFor("Operator menu")
        try third.send("2")
        try third.waitFor("Order HS-000001 printed to")
        #expect(kiosk.receipts == 2)
        #expect(kiosk.occurrences(of: "** COPY **") == 1)
        try kiosk.stop(third)
        // The operator's log has each print, never a card number.
        let log = kiosk.logText
        #expect(log.components(separatedBy: "receipt printed").count == 3, "\(log)")
        #expect(log.contains("order=HS-000001"))
        #expect(!log.contains("4000000000000259"))
    }

    @Test("a printer that cannot be written is told to the operator's log at start")
    func unwritablePrinterAtStart() throws {
        let kiosk = try Kiosk()
        let session = try kiosk.start(printer: "/dev/null/printer")
        try kiosk.stop(session)
        #expect(kiosk.logText.contains("receipt printer cannot be written"), "\(kiosk.logText)")
        #expect(kiosk.logText.contains("/dev/null/printer"))
    }
}

import Foundation
import TerminalTestSupport
import GRDB
import Testing

/// The real binary in a real terminal on a database FILE, killed with SIGKILL at chosen points
/// of a payment, then started again on the same file. After the restart: every payment is
/// settled once (nothing left pending, no order paid twice), the jars are sold once or back on
/// the shelf, and the counter is usable (the home screen draws; `q` exits 0).
@Suite("Crash recovery", .serialized)
struct CrashRecoveryTests {
    /// Wildflower honey starts with 8 jars; the shopper buys 2 at €7.20.
    static let startingStock = 8

    final class Counter {
        let directory: URL
        var database: String { directory.appendingPathComponent("counter.sqlite").path }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("counter-crash-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func start() throws -> TmuxSession {
            let session = try TmuxSession(command: [try CheckoutBinary.path(), "--db", database], columns: 80, rows: 24,
                                          environment: ["TERM": "xterm-256color"])
            try session.waitFor("Honey Store")
            return session
        }

        /// SIGKILL: no handler runs, nothing is flushed, as at a power cut.
        func kill(_ session: TmuxSession) throws {
            let pid = try session.programPID()
            #expect(Foundation.kill(pid, SIGKILL) == 0)
            #expect(try session.waitForExit() == 128 + SIGKILL)
        }

        /// The guest's way to the card form with two jars of wildflower honey in the cart, and the
        /// card typed in.
        func fillCardForm(_ session: TmuxSession, card: String) throws {
            try session.send("Enter")
            try session.waitFor("Acacia honey")
            try session.send("4")
            try session.waitFor("Many meadows in one jar")
            try session.send("+")
            try session.send("Enter")
            try session.waitFor("Cart 2 · €14.40")
            try session.send("c")
            try session.waitFor("Your cart")
            try session.send("Enter")
            try session.waitFor("Pay with:")
            try session.send("Enter")
            try session.waitFor("Name on card")
            try session.type("Jane Doe")
            try session.send("Tab")
            try session.type(card)
            try session.send("Tab")
            try session.type("1230")
            try session.send("Tab")
            try session.type("123")
            try session.waitFor("Visa")
        }

        /// Starts again on the same file: the home screen draws, `q` quits with status 0.
        func restartAndQuit() throws -> String {
            let session = try start()
            let screen = try session.waitFor("Checkout Counter")
            try session.send("q")
            #expect(try session.waitForExit() == 0)
            return screen
        }

        struct Ledger {
            var orders: [(number: String, state: String)] = []
            var succeededPerOrder: [String: Int] = [:]
            var pendingCharges = 0
            var stock = 0
            var sources: [String] = []
        }

        func ledger() throws -> Ledger {
            let queue = try DatabaseQueue(path: database)
            defer { try? queue.close() }
            return try queue.read { db in
                var ledger = Ledger()
                for row in try Row.fetchAll(db, sql: "SELECT id, number, state FROM orders ORDER BY number") {
                    ledger.orders.append((row["number"], row["state"]))
                    let id: String = row["id"]
                    ledger.succeededPerOrder[row["number"]] = try Int.fetchOne(db, sql: """
                        SELECT COUNT(*) FROM charges WHERE idempotency_key LIKE ? AND status = 'succeeded'
                        """, arguments: ["order-\(id)-payment%"])
                }
                ledger.pendingCharges = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM charges WHERE status IN ('pending')") ?? 0
                ledger.stock = try Int.fetchOne(db, sql: "SELECT stock FROM products WHERE id = 'honey-wildflower'") ?? -1
                ledger.sources = try String.fetchAll(db, sql: "SELECT status FROM sources")
                return ledger
            }
        }
    }

    @Test("killed before the charge: nothing charged, nothing sold, the counter opens")
    func killedBeforeTheCharge() throws {
        let counter = try Counter()
        let session = try counter.start()
        try counter.fillCardForm(session, card: "4242424242424242")
        try counter.kill(session)
        _ = try counter.restartAndQuit()
        let ledger = try counter.ledger()
        #expect(ledger.succeededPerOrder.values.allSatisfy { $0 == 0 })
        #expect(ledger.orders.allSatisfy { $0.state != "paid" && $0.state != "pendingPayment" }, "\(ledger.orders)")
        #expect(ledger.stock == Self.startingStock)
        #expect(ledger.pendingCharges == 0)
    }

    @Test("killed while the acquirer decides (inside its 800 ms): settled once on restart")
    func killedWhileTheAcquirerDecides() throws {
        let counter = try Counter()
        let session = try counter.start()
        try counter.fillCardForm(session, card: "4242424242424242")
        try session.send("Enter")
        try session.send("Enter")
        try session.waitFor("Charging Visa", timeout: 5)
        try counter.kill(session)
        let during = try counter.ledger()
        _ = try counter.restartAndQuit()
        let ledger = try counter.ledger()
        try Self.expectSettledOnce(ledger, killedWith: during)
    }

    @Test("killed after the approval, at the receipt: the order stays paid once")
    func killedAfterTheApproval() throws {
        let counter = try Counter()
        let session = try counter.start()
        try counter.fillCardForm(session, card: "4242424242424242")
        try session.send("Enter")
        try session.send("Enter")
        try session.waitFor("Thank you! Payment approved.")
        try counter.kill(session)
        _ = try counter.restartAndQuit()
        let ledger = try counter.ledger()
        #expect(ledger.orders.count == 1)
        #expect(ledger.orders.first?.state == "paid")
        #expect(ledger.succeededPerOrder.values.allSatisfy { $0 == 1 })
        #expect(ledger.stock == Self.startingStock - 2)
    }

    @Test("killed while a charge never answers: the restart asks, and the order is paid once")
    func killedWhileTheChargeHangs() throws {
        let counter = try Counter()
        let session = try counter.start()
        // The counter's own test card: the acquirer never answers an authorisation.
        try counter.fillCardForm(session, card: "4000000000000259")
        try session.send("Enter")
        try session.send("Enter")
        try session.waitFor("Charging Visa", timeout: 5)
        usleep(1_500_000)
        try counter.kill(session)
        let during = try counter.ledger()
        #expect(during.pendingCharges == 1, "the charge was still pending when the counter died")
        _ = try counter.restartAndQuit()
        let ledger = try counter.ledger()
        try Self.expectSettledOnce(ledger, killedWith: during)
    }

    @Test("killed while the wallet's payment code is polled: the counter opens, nothing charged twice")
    func killedWhileTheWalletPolls() throws {
        let counter = try Counter()
        let session = try counter.start()
        try session.send("Enter")
        try session.putOneAcaciaJarInTheCartAndCheckOut()
        try session.send("4")
        try session.waitFor("Checkout counter")
        try session.send("t")
        try session.waitFor("Test wallet")
        try session.send("Down")
        try session.send("Enter")
        try session.waitFor("Scan with")
        try session.send("c")
        usleep(1_500_000)
        try counter.kill(session)
        _ = try counter.restartAndQuit()
        let ledger = try counter.ledger()
        #expect(ledger.succeededPerOrder.values.allSatisfy { $0 <= 1 })
        #expect(ledger.pendingCharges == 0)
        print("wallet crash: sources after restart \(ledger.sources), orders \(ledger.orders)")
    }

    /// After a kill mid-charge and a restart: no charge left pending, no order left in flight,
    /// at most one succeeded charge an order, and the jars sold exactly when the order is paid.
    static func expectSettledOnce(_ ledger: Counter.Ledger, killedWith during: Counter.Ledger) throws {
        #expect(ledger.pendingCharges == 0, "a charge is still pending after the restart")
        #expect(ledger.orders.allSatisfy { $0.state != "pendingPayment" }, "an order is still in flight: \(ledger.orders)")
        #expect(ledger.succeededPerOrder.values.allSatisfy { $0 <= 1 }, "\(ledger.succeededPerOrder)")
        let paid = ledger.orders.filter { $0.state == "paid" }
        for order in paid { #expect(ledger.succeededPerOrder[order.number] == 1) }
        #expect(ledger.stock == startingStock - 2 * paid.count, "stock \(ledger.stock) with \(paid.count) paid orders")
        print("crash: during \(during.orders) pending \(during.pendingCharges); after \(ledger.orders) stock \(ledger.stock)")
    }
}

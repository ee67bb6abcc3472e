import Foundation
import GRDB
import TerminalTestSupport
import Testing

/// The payment ledger against kill -9 at the steps the shopper sees: before, during and after
/// a 3-D Secure prompt, straight after "Place start bid", and after approving a bank payment.
/// After each restart nothing is stuck: no jar reserved, no charge pending or waiting for a
/// challenge, no bid half-placed, no hold without its bid, no order charged twice.
@Suite("Ledger crash recovery", .serialized)
struct LedgerCrashTests {
    typealias Counter = CrashRecoveryTests.Counter

    /// Everything the settler must have finished, read straight from the file.
    struct Stuck: CustomStringConvertible {
        var reservations = 0
        var openCharges = 0
        var openBids = 0
        var holdsWithoutBid = 0
        var ordersPaidTwice = 0

        var isNothing: Bool { reservations + openCharges + openBids + holdsWithoutBid + ordersPaidTwice == 0 }
        var description: String {
            "reservations \(reservations), open charges \(openCharges), open bids \(openBids), holds without a bid \(holdsWithoutBid), orders paid twice \(ordersPaidTwice)"
        }

        static func read(_ path: String) throws -> Stuck {
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            return try queue.read { db in
                func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? -1 }
                return Stuck(
                    reservations: try count("SELECT COUNT(*) FROM stock_reservations"),
                    openCharges: try count("SELECT COUNT(*) FROM charges WHERE status IN ('pending', 'requires_action')"),
                    openBids: try count("SELECT COUNT(*) FROM auction_bids WHERE state IN ('placing', 'requiresAction')"),
                    holdsWithoutBid: try count("""
                        SELECT COUNT(*) FROM charges c WHERE c.status = 'authorized' AND NOT EXISTS
                        (SELECT 1 FROM auction_bids b WHERE b.hold_id = c.id AND b.state IN ('joined', 'won'))
                        """),
                    ordersPaidTwice: try count("""
                        SELECT COUNT(*) FROM orders o WHERE (SELECT COUNT(*) FROM charges c
                        WHERE c.idempotency_key LIKE 'order-' || o.id || '-payment%' AND c.status = 'succeeded') > 1
                        """))
            }
        }
    }

    private func scalar<T: DatabaseValueConvertible>(_ counter: Counter, _ sql: String) throws -> T? {
        let queue = try DatabaseQueue(path: counter.database)
        defer { try? queue.close() }
        return try queue.read { db in try T.fetchOne(db, sql: sql) }
    }

    /// The guest pays two jars with the card that always asks for 3-D Secure.
    private func payWithTheChallengeCard(_ counter: Counter, _ session: TmuxSession) throws {
        try counter.fillCardForm(session, card: "4000002760003184")
        try session.send("Enter")
        try session.send("Enter")
    }

    @Test("killed before the challenge prompt shows: the challenge is cancelled at restart, the jars go back")
    func killedBeforeThePrompt() throws {
        let counter = try Counter()
        let session = try counter.start()
        try payWithTheChallengeCard(counter, session)
        try session.waitFor("Charging Visa", timeout: 5)
        try counter.kill(session)
        _ = try counter.restartAndQuit()
        let stuck = try Stuck.read(counter.database)
        #expect(stuck.isNothing, "\(stuck)")
        #expect(try counter.ledger().stock == CrashRecoveryTests.startingStock)
    }

    @Test("killed at the challenge prompt: cancelled at restart, not charged, the jars back on the shelf")
    func killedAtThePrompt() throws {
        let counter = try Counter()
        let session = try counter.start()
        try payWithTheChallengeCard(counter, session)
        try session.waitFor("Security check", timeout: 10)
        try session.type("123")
        try counter.kill(session)
        #expect(try scalar(counter, "SELECT COUNT(*) FROM charges WHERE status = 'requires_action'") == 1)
        let screen = try counter.restartAndQuit()
        let stuck = try Stuck.read(counter.database)
        #expect(stuck.isNothing, "\(stuck)")
        #expect(try scalar(counter, "SELECT COUNT(*) FROM charges WHERE status = 'canceled'") == 1)
        #expect(try scalar(counter, "SELECT state FROM orders") == "failed")
        #expect(try counter.ledger().stock == CrashRecoveryTests.startingStock)
        #expect(!screen.contains("could not"), "\(screen)")
    }

    @Test("killed after the code was sent: the restart asks the acquirer, and the order is paid once")
    func killedAfterTheCode() throws {
        let counter = try Counter()
        let session = try counter.start()
        try payWithTheChallengeCard(counter, session)
        try session.waitFor("Security check", timeout: 10)
        try session.type("123456")
        try session.send("Enter")
        try session.waitFor("Checking the code", timeout: 5)
        try counter.kill(session)
        _ = try counter.restartAndQuit()
        let stuck = try Stuck.read(counter.database)
        #expect(stuck.isNothing, "\(stuck)")
        let ledger = try counter.ledger()
        #expect(ledger.orders.map(\.state) == ["paid"])
        #expect(ledger.stock == CrashRecoveryTests.startingStock - 2)
    }

    /// The seeded auctions close on fixed days: this counter's file gets them open for a day
    /// from now, whatever day the tests run on.
    private func startWithOpenAuctions(_ counter: Counter) throws -> TmuxSession {
        let first = try counter.start()
        try first.send("q")
        _ = try first.waitForExit()
        let queue = try DatabaseQueue(path: counter.database)
        try queue.write { db in
            try db.execute(sql: "UPDATE auctions SET closes_at = ?", arguments: [Int64((Date().timeIntervalSince1970 + 86_400) * 1000)])  // milliseconds, as every time on disk
        }
        try queue.close()
        return try counter.start()
    }

    /// Signs a new shopper up and walks the LX 318 auction to its payment step with a new card:
    /// saved first ("Add card", checked by the bank), or typed for this bid alone and placed.
    private func walkToTheStartBid(_ session: TmuxSession, card: String, saving: Bool = true) throws {
        try session.send("Enter")
        try session.signUpAtTheStore(email: "ada@example.com", password: "honey2026")
        try session.type("2")
        try session.waitFor("Flight upgrade auctions")
        try session.send("Enter")
        try session.waitFor("Auction terms")
        try session.send("Space")
        try session.send("Tab")
        try session.send("Enter")
        try session.waitFor("Continue to payment")
        try session.send("Enter")
        try session.waitFor("Pay with")
        try session.send(saving ? "a" : "n")
        try session.waitFor(saving ? "Add a card" : "New card for the start bid")
        try session.type("Ada Lovelace")
        try session.send("Tab")
        try session.type(card)
        try session.send("Tab")
        try session.type("1230")
        try session.send("Tab")
        try session.type("123")
        try session.send("Tab")
        try session.send("Tab")
        try session.send("Enter")
        if saving { try session.waitFor("Card saved.") }
    }

    @Test("killed straight after Place start bid: one bid with its hold, or neither; never a hold alone")
    func killedAfterPlaceStartBid() throws {
        let counter = try Counter()
        let session = try startWithOpenAuctions(counter)
        try walkToTheStartBid(session, card: "4242424242424242")
        try session.send("Enter")
        try session.waitFor("Placing your start bid", timeout: 5)
        try counter.kill(session)
        #expect(try scalar(counter, "SELECT COUNT(*) FROM auction_bids WHERE state = 'placing'") == 1, "the bid is on disk before the card is asked")
        _ = try counter.restartAndQuit()
        let stuck = try Stuck.read(counter.database)
        #expect(stuck.isNothing, "\(stuck)")
        #expect(try scalar(counter, "SELECT COUNT(*) FROM auction_bids WHERE state = 'joined' AND hold_id IS NOT NULL") == 1)
        #expect(try scalar(counter, "SELECT COUNT(*) FROM charges WHERE status = 'authorized'") == 1)
    }

    @Test("killed at the auction's challenge: the hold is cancelled at restart and the shopper may join again")
    func killedAtTheAuctionChallenge() throws {
        let counter = try Counter()
        let session = try startWithOpenAuctions(counter)
        // A new card bid: the hold itself is challenged (a card saved through "Add card" passed
        // its check then, and is not asked again).
        try walkToTheStartBid(session, card: "4000002760003184", saving: false)
        try session.waitFor("Security check", timeout: 10)
        try counter.kill(session)
        _ = try counter.restartAndQuit()
        let stuck = try Stuck.read(counter.database)
        #expect(stuck.isNothing, "\(stuck)")
        #expect(try scalar(counter, "SELECT COUNT(*) FROM auction_bids WHERE state IN ('placing', 'requiresAction', 'joined')") == 0,
                "nothing locks the shopper out")
    }

    @Test("killed after approving at the bank: the restarted counter settles the order paid within seconds")
    func killedAfterTheBankApproval() throws {
        let counter = try Counter()
        let session = try counter.start()
        try session.send("Enter")
        try session.putOneAcaciaJarInTheCartAndCheckOut()
        try session.send("3")
        try session.waitFor("Pay by bank")
        try session.send("Enter")
        try session.waitFor("Choose your bank")
        try session.send("1")
        try session.waitFor("Pay €")
        try session.send("a")
        usleep(300_000)
        try counter.kill(session)
        #expect(try scalar(counter, "SELECT COUNT(*) FROM stock_reservations") == 1, "the jar was reserved for the bank payment")
        let restarted = try counter.start()
        // The bank decides on its own time; the settler asks every few seconds while it waits.
        let deadline = Date().addingTimeInterval(20)
        var state: String? = nil
        while Date() < deadline {
            state = try scalar(counter, "SELECT state FROM orders")
            if state == "paid" { break }
            usleep(250_000)
        }
        #expect(state == "paid")
        try restarted.send("q")
        #expect(try restarted.waitForExit() == 0)
        let stuck = try Stuck.read(counter.database)
        #expect(stuck.isNothing, "\(stuck)")
    }
}

import Clocks
import Foundation
import GRDB

/// Three auctions (seed 002): one with tips, one without, and one already closed. Their dates
/// are set once, when the shop is new, from the loop's clock at that moment: a counter installed
/// today has auctions that close in days, not on dates fixed when the seed was written (they had
/// all closed by 27 Nov 2026, and the list was a dead end). A tape's manual clock starts at the
/// same instant every time, so tapes replay them identically.
enum AuctionSeed {
    static let terms = """
        By joining this auction you offer to pay up to your bid for an upgrade to the cabin shown, \
        on the flight shown. Joining places your start bid as a hold on your payment method; \
        nothing is charged unless you win.

        The auction closes at the time shown. When it closes, the highest bid wins. If you do not \
        win, or if you leave the auction before it closes, the hold is released in full.

        Upgrades depend on seats being available at departure. If the upgrade cannot be given, \
        your hold is released and you travel in your booked cabin. Bids are personal and cannot \
        be transferred.

        A bid must be at least the start bid, and at least one minimum increment above the \
        highest bid so far.
        """

    /// The marker that the auctions were seeded: a database seeded by the first version of this
    /// migration (fixed dates) is marked as seeded; a new one is seeded by `seedIfNew`. (A
    /// migration, so SQLite's: the server's table is mirrored from the schema it builds.)
    static func createMarker(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE auction_seed (seeded_at INTEGER NOT NULL)")
        if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM auctions") ?? 0 > 0 {
            try db.execute(sql: "INSERT INTO auction_seed (seeded_at) VALUES (0)")
        }
    }

    /// Seeds the auctions around `now` unless they were seeded before (a shop that removes them
    /// does not get them back). Counters opening a new database together seed it once: on
    /// SQLite one writer at a time decides; on a server both may find no marker, and the
    /// auctions' keys decide (the second waits for the first's rows, then inserts none of them).
    static func seedIfNew(_ store: any CoreStore, now: Date) throws {
        try store.write { tx in
            guard try !tx.exists("SELECT 1 FROM auction_seed") else { return }
            try insert(tx, now: now)
            try tx.execute("INSERT INTO auction_seed (seeded_at) VALUES (?)", now.milliseconds)
        }
    }

    private static func insert(_ tx: any CoreTransaction, now: Date) throws {
        let day: TimeInterval = 86_400
        // On the hour after `now`, as an airline would set them: closing in 3 and 5 days (the
        // flights 3 days after), and one closed yesterday.
        let hour = (now.timeIntervalSince1970 / 3600).rounded(.up) * 3600
        let auctions: [(id: String, title: String, flight: String, route: String, cabin: String,
                        start: Int64, increment: Int64, closesIn: TimeInterval, flightAfterClose: TimeInterval, tips: [String])] = [
            ("auction-lx318", "Upgrade to Business", "LX 318", "LHR -> ZRH", "Business", 15000, 1000, 3 * day, 3 * day,
             ["Bid what the upgrade is worth to you: you pay only if you win.",
              "You can leave the auction at any time before it closes; your hold is released.",
              "Keep the payment method valid until the flight: the winning hold is captured at check-in."]),
            ("auction-lx1612", "Upgrade to Premium Economy", "LX 1612", "ZRH -> VIE", "Premium Economy", 8000, 500, 5 * day, 3 * day, []),
            ("auction-lx40", "Upgrade to First", "LX 40", "ZRH -> LAX", "First", 90000, 5000, -day, -day, []),
        ]
        for (position, auction) in auctions.enumerated() {
            let closes = Date(timeIntervalSince1970: hour + auction.closesIn)
            try tx.execute("""
                INSERT INTO auctions (id, position, title, flight, route, flight_date, cabin, start_bid_minor, increment_minor,
                  currency, closes_at, terms, tips) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'EUR', ?, ?, ?)
                ON CONFLICT (id) DO NOTHING
                """, auction.id, position, auction.title, auction.flight, auction.route,
                flightDay(closes.addingTimeInterval(auction.flightAfterClose)), auction.cabin,
                auction.start, auction.increment, closes.milliseconds, terms, auction.tips.joined(separator: "\n"))
        }
    }

    /// "2026-11-28": the flight's day, in UTC as the auctions' times are.
    private static func flightDay(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

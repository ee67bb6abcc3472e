import Clocks
import Foundation
import GRDB

/// Three auctions (seed 002): one with tips, one without, and one already closed. Dates are
/// fixed around the manual clock's start so that tapes replay them identically.
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

    static func insert(_ db: Database) throws {
        let start = ManualClock.defaultStart.timeIntervalSince1970
        let day = 86_400.0
        let auctions: [(id: String, title: String, flight: String, route: String, date: String, cabin: String,
                        start: Int64, increment: Int64, closes: Double, tips: [String])] = [
            ("auction-lx318", "Upgrade to Business", "LX 318", "LHR -> ZRH", "2026-11-28", "Business", 15000, 1000, start + 3 * day,
             ["Bid what the upgrade is worth to you: you pay only if you win.",
              "You can leave the auction at any time before it closes; your hold is released.",
              "Keep the payment method valid until the flight: the winning hold is captured at check-in."]),
            ("auction-lx1612", "Upgrade to Premium Economy", "LX 1612", "ZRH -> VIE", "2026-11-30", "Premium Economy", 8000, 500, start + 5 * day, []),
            ("auction-lx40", "Upgrade to First", "LX 40", "ZRH -> LAX", "2026-11-20", "First", 90000, 5000, start - day, []),
        ]
        for (position, auction) in auctions.enumerated() {
            try db.execute(sql: """
                INSERT INTO auctions (id, position, title, flight, route, flight_date, cabin, start_bid_minor, increment_minor,
                  currency, closes_at, terms, tips) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'EUR', ?, ?, ?)
                """, arguments: [auction.id, position, auction.title, auction.flight, auction.route, auction.date, auction.cabin,
                                 auction.start, auction.increment, auction.closes, terms, auction.tips.joined(separator: "\n")])
        }
    }
}

import Foundation
import GRDB

/// Money held on a card (a charge with `capture = 0`, `authorized`) is held for a bid that
/// stands: joined, or won and waiting for its capture. And a standing bid has its hold.
enum HoldCheck {
    static func violations(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        // A hold belongs to the bid named in its key (`auction-<bid>-hold`) as well as the bid
        // that notes it: the bid is on disk (`placing`) before the card is asked. A bid still
        // placing or at its challenge is in flight, the settler's (`unsettled` once late); so is
        // a raised bid's old hold, released once the new one stands. (`NOT c.capture`: a
        // boolean on the server, 0 or 1 in SQLite; both read it so.)
        let holds = try tx.fetchAll(HeldMoney.self, """
            SELECT c.id, c.amount, c.currency, b.id AS bid_id, b.state AS bid_state FROM charges c
            LEFT JOIN auction_bids b ON b.hold_id = c.id OR c.idempotency_key = 'auction-' || b.id || '-hold'
            WHERE NOT c.capture AND c.status = 'authorized'
              AND (b.id IS NULL OR b.state NOT IN ('joined', 'won', 'placing', 'requiresAction', 'raised'))
            ORDER BY c.created_ms, \(tx.engine.bytewise("c.id"))
            """).map { held -> LedgerViolation in
            let currency = Currency(code: held.currency) ?? Currency(code: held.currency, exponent: 2)
            return .holdWithoutBid(chargeId: held.id, amount: Money(minorUnits: held.amount, currency: currency), bidId: held.bidId,
                                   bidState: held.bidState)
        }
        // A standing bid whose hold was released is a release not finished (the settler marks the
        // bid left or lost); a hold never authorised, or missing, is a bid without money behind it.
        let bids = try tx.fetchAll(StandingBid.self, """
            SELECT b.id, b.hold_id, c.status FROM auction_bids b LEFT JOIN charges c ON c.id = b.hold_id
            WHERE b.state IN ('joined', 'won') AND (c.id IS NULL OR c.status NOT IN ('authorized', 'succeeded', 'canceled'))
            ORDER BY b.created_at, \(tx.engine.bytewise("b.id"))
            """).map { bid -> LedgerViolation in .bidWithoutHold(bidId: bid.id, holdId: bid.holdId, holdStatus: bid.status) }
        return holds + bids
    }

    /// For the audit's checks not yet moved onto `CoreTransaction` (they read through GRDB).
    static func violations(_ db: Database) throws -> [LedgerViolation] { try violations(SQLiteTransaction(db)) }

    /// An authorised hold and the bid it is (or is not) held for.
    private struct HeldMoney: Decodable, FetchableRecord {
        var id: String
        var amount: Int64
        var currency: String
        var bidId: String?
        var bidState: String?

        static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    }

    /// A standing bid and its hold's status, if the hold exists.
    private struct StandingBid: Decodable, FetchableRecord {
        var id: String
        var holdId: String?
        var status: String?

        static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    }
}

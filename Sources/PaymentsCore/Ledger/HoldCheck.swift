import Foundation
import GRDB

/// Money held on a card (a charge with `capture = 0`, `authorized`) is held for a bid that
/// stands: joined, or won and waiting for its capture. And a standing bid has its hold.
enum HoldCheck {
    static func violations(_ db: Database) throws -> [LedgerViolation] {
        // A hold belongs to the bid named in its key (`auction-<bid>-hold`) as well as the bid
        // that notes it: the bid is on disk (`placing`) before the card is asked. A bid still
        // placing or at its challenge is in flight, the settler's (`unsettled` once late); so is
        // a raised bid's old hold, released once the new one stands.
        let holds = try Row.fetchAll(db, sql: """
            SELECT c.id, c.amount, c.currency, b.id AS bid_id, b.state AS bid_state FROM charges c
            LEFT JOIN auction_bids b ON b.hold_id = c.id OR c.idempotency_key = 'auction-' || b.id || '-hold'
            WHERE c.capture = 0 AND c.status = 'authorized'
              AND (b.id IS NULL OR b.state NOT IN ('joined', 'won', 'placing', 'requiresAction', 'raised'))
            ORDER BY c.created_ms, c.id
            """).map { row -> LedgerViolation in
            let currency = Currency(code: row["currency"] as String) ?? Currency(code: row["currency"], exponent: 2)
            return .holdWithoutBid(chargeId: row["id"], amount: Money(minorUnits: row["amount"], currency: currency),
                                   bidId: row["bid_id"], bidState: row["bid_state"])
        }
        // A standing bid whose hold was released is a release not finished (the settler marks the
        // bid left or lost); a hold never authorised, or missing, is a bid without money behind it.
        let bids = try Row.fetchAll(db, sql: """
            SELECT b.id, b.hold_id, c.status FROM auction_bids b LEFT JOIN charges c ON c.id = b.hold_id
            WHERE b.state IN ('joined', 'won') AND (c.id IS NULL OR c.status NOT IN ('authorized', 'succeeded', 'canceled'))
            ORDER BY b.created_at, b.id
            """).map { row -> LedgerViolation in .bidWithoutHold(bidId: row["id"], holdId: row["hold_id"], holdStatus: row["status"]) }
        return holds + bids
    }
}

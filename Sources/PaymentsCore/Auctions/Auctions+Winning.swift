import Foundation
import GRDB

/// The highest bid when its auction closes: the bid becomes `won` and its order is placed (the
/// intent, one transaction), then its hold is captured and the order paid (the answer, one
/// transaction). A capture whose answer is not known leaves the order awaiting payment, for the
/// settler (`finishWins`): never guessed either way.
extension Auctions {
    func win(_ bid: AuctionBid, completion: @escaping () -> Void) {
        let placed: Order?
        do throws(AuctionError) {
            placed = try write { db in
                // Won once: a bid another close already settled gets no second order.
                guard try loadBid(db, bid.id).state == .joined, !(try Self.voidInFlight(db, bidId: bid.id)) else { return nil }
                let auction = try load(db, bid.auctionId)
                try setBidState(db, bid, .won, failure: nil)
                return try orders.placeWonBid(db, bid: bid, auction: auction)
            }
        } catch {
            // Nothing written: the bid still stands, and the next pass closes its auction again.
            return completion()
        }
        guard let order = placed else { return completion() }
        guard let holdId = bid.holdId else { return completion() }
        holds.captureHold(holdId: holdId) { [self] result in
            switch result {
            case .success(let receipt):
                _ = try? write { db in try orders.markWonBidPaid(db, orderId: order.id, chargeId: receipt.chargeId) }
            case .failure(.declined(let decline)):
                _ = try? write { db in try orders.markWonBidUnpaid(db, orderId: order.id, reason: decline.code) }
            case .failure(.outcomeUnknown):
                break
            }
            completion()
        }
    }

    /// What became of a bid the shopper won: its order (number, total, state). nil for a bid
    /// not won, or won before wins had orders.
    public func wonOrder(bidId: String) throws(AuctionError) -> Order? {
        try read { db in try orders.wonBidOrder(db, bidId: bidId) }
    }

    /// Each auction's bid of this shopper that says where she stands, by auction: the bid that
    /// stands (joined, or won) if there is one, so a raise still in flight does not hide it;
    /// else the newest that is neither failed nor raised (a failed join joined nothing).
    public func standingBids(customerId: String) throws(AuctionError) -> [String: AuctionBid] {
        try read { db in
            let bids = try AuctionBidWithAuction.auctionBids(db, where: "b.customer_id = ? AND b.state NOT IN (?, ?)",
                                                             [customerId, BidState.failed, BidState.raised], orderedBy: "b.created_at, b.id")
            return Dictionary(grouping: bids, by: \.auctionId).compactMapValues { bids in
                bids.last { $0.state == .joined || $0.state == .won } ?? bids.last
            }
        }
    }

    // MARK: - For the settler

    /// Won bids' orders still waiting for their capture (the counter died, or a write failed,
    /// between the win and the capture's answer), with their hold's idempotency key.
    func winsAwaitingCapture() throws -> [(orderId: String, holdKey: String)] {
        try database.read { db in try orders.wonBidOrdersAwaitingCapture(db) }
    }

    /// The settler's word on a won bid's capture, committed to its order.
    func recordCapture(orderId: String, _ answer: CaptureAnswer) throws {
        try database.write { db in
            switch answer {
            case .captured(let chargeId): try orders.markWonBidPaid(db, orderId: orderId, chargeId: chargeId)
            case .notTaken(let reason): try orders.markWonBidUnpaid(db, orderId: orderId, reason: reason)
            }
        }
    }

    enum CaptureAnswer {
        case captured(chargeId: String)
        case notTaken(reason: String)
    }
}

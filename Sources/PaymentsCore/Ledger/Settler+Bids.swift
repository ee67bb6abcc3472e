import Foundation
import GRDB

extension Settler {
    /// Rule 3: auction bids left open by a counter that died (see `Settler`).
    func settleBids(isAlive: (String?) -> Bool) -> [String] {
        let open = (try? commerce.auctions.openBids()) ?? []
        var settled: [String] = []
        for bid in open where !isAlive(bid.owner) {
            if (try? settle(bid.bid)) == true { settled.append(bid.bid.id) }
        }
        return settled
    }

    /// Decides one orphaned bid by its hold. Returns whether the bid moved on.
    private func settle(_ bid: AuctionBid) throws -> Bool {
        let auctions = commerce.auctions
        let holdId = try bid.holdId ?? (core.chargeRepository.idempotencyKey(Auctions.holdKey(bidId: bid.id)))?.chargeID
        guard let holdId, let hold = try? core.charges.charge(holdId) else {
            // The card was never asked (the counter died between the bid and the hold).
            try auctions.settleOrphan(bidId: bid.id, holdId: nil as String?, to: BidState.failed, reason: "not_held")
            return true
        }
        switch hold.status {
        case .pending:
            // Rule 1 asks the acquirer; the next pass decides the bid.
            return false
        case .authorized:
            guard bid.state == .placing, try auctions.canStillJoin(bid) else {
                try core.charges.cancel(holdId)
                try auctions.settleOrphan(bidId: bid.id, holdId: holdId, to: BidState.failed, reason: "hold_voided")
                return true
            }
            try auctions.settleOrphan(bidId: bid.id, holdId: holdId, to: BidState.joined, reason: nil as String?)
        case .requiresAction:
            try core.charges.cancel(holdId)
            try auctions.settleOrphan(bidId: bid.id, holdId: holdId, to: BidState.failed, reason: "authentication_abandoned")
        case .failed, .canceled, .succeeded:
            try auctions.settleOrphan(bidId: bid.id, holdId: holdId, to: BidState.failed, reason: "not_held")
        }
        return true
    }
}

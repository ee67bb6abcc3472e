import Foundation

/// The highest bid when its auction closes: the bid becomes `won` and its order is placed (the
/// intent, one transaction), then its hold is captured and the order paid (the answer, one
/// transaction). A capture whose answer is not known leaves the order awaiting payment, for the
/// settler (`finishWins`): never guessed either way.
extension Auctions {
    /// Decides the auction's winner and places its order (one transaction, under the auction's
    /// lock: two counters closing the same auction at once make one winner and one order), then
    /// captures its hold. `completion` says whether the auction is decided: a winner now or
    /// before, or no bid to win; false when it is not due or nothing could be written (the next
    /// pass tries again).
    func win(auctionId: String, completion: @escaping (_ decided: Bool) -> Void) {
        let decision: WinDecision
        do throws(AuctionError) {
            decision = try write { tx in try decideWinner(tx, auctionId) }
        } catch {
            // Nothing written: the bids still stand, and the next pass closes the auction again.
            return completion(false)
        }
        let placed: (bid: AuctionBid, order: Order)
        switch decision {
        case .notDue: return completion(false)
        case .decided(nil): return completion(true)
        case .decided(let winner?): placed = winner
        }
        guard let holdId = placed.bid.holdId else { return completion(true) }
        holds.captureHold(holdId: holdId) { [self] result in
            switch result {
            case .success(let receipt):
                _ = try? write { tx in try orders.markWonBidPaid(tx, orderId: placed.order.id, chargeId: receipt.chargeId) }
            case .failure(.declined(let decline)):
                _ = try? write { tx in try orders.markWonBidUnpaid(tx, orderId: placed.order.id, reason: decline.code) }
            case .failure(.outcomeUnknown):
                break
            }
            completion(true)
        }
    }

    private enum WinDecision {
        /// Still open by this counter's clock: nobody wins or loses yet.
        case notDue
        /// The bid won now with its order; nil when the auction was won already (by this counter
        /// or another) or no bid stands.
        case decided((bid: AuctionBid, order: Order)?)
    }

    /// The highest standing bid of a closed auction, won, with its order. (Two bids at one price
    /// no longer both stand; an older database's tie goes to the smaller id, as it always did.)
    private func decideWinner(_ tx: any CoreTransaction, _ auctionId: String) throws -> WinDecision {
        let auction = try lockedAuction(tx, auctionId)
        guard auction.isClosed(at: clock.now) else { return .notDue }
        guard try !tx.exists("SELECT 1 FROM auction_bids WHERE auction_id = ? AND state = ?", auctionId, BidState.won),
              let bid = try AuctionBidWithAuction.auctionBids(tx, where: "b.auction_id = ? AND b.state = ? AND NOT \(Self.voidAsked)",
                                                              [auctionId, BidState.joined],
                                                              orderedBy: "b.bid_minor DESC, \(tx.engine.bytewise("b.id"))").first else { return .decided(nil) }
        try setBidState(tx, bid, .won, failure: nil)
        return .decided((bid, try orders.placeWonBid(tx, bid: bid, auction: auction)))
    }

    /// What became of a bid the shopper won: its order (number, total, state). nil for a bid
    /// not won, or won before wins had orders.
    public func wonOrder(bidId: String) throws(AuctionError) -> Order? {
        try read { tx in try orders.wonBidOrder(tx, bidId: bidId) }
    }

    /// Each auction's bid of this shopper that says where she stands, by auction: the bid that
    /// stands (joined, or won) if there is one, so a raise still in flight does not hide it;
    /// else the newest that is neither failed nor raised (a failed join joined nothing).
    public func standingBids(customerId: String) throws(AuctionError) -> [String: AuctionBid] {
        try read { tx in
            let bids = try AuctionBidWithAuction.auctionBids(tx, where: "b.customer_id = ? AND b.state NOT IN (?, ?)",
                                                             [customerId, BidState.failed, BidState.raised],
                                                             orderedBy: "b.created_at, \(tx.engine.bytewise("b.id"))")
            return Dictionary(grouping: bids, by: \.auctionId).compactMapValues { bids in
                bids.last { $0.state == .joined || $0.state == .won } ?? bids.last
            }
        }
    }

    // MARK: - For the settler

    /// Won bids' orders still waiting for their capture (the counter died, or a write failed,
    /// between the win and the capture's answer), with their hold's idempotency key.
    func winsAwaitingCapture() throws -> [(orderId: String, holdKey: String)] {
        try store.read { tx in try orders.wonBidOrdersAwaitingCapture(tx) }
    }

    /// The settler's word on a won bid's capture, committed to its order.
    func recordCapture(orderId: String, _ answer: CaptureAnswer) throws {
        try store.write { tx in
            switch answer {
            case .captured(let chargeId): try orders.markWonBidPaid(tx, orderId: orderId, chargeId: chargeId)
            case .notTaken(let reason): try orders.markWonBidUnpaid(tx, orderId: orderId, reason: reason)
            }
        }
    }

    enum CaptureAnswer {
        case captured(chargeId: String)
        case notTaken(reason: String)
    }
}

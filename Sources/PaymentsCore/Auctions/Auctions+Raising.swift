import Foundation

/// Raising a standing bid. The higher bid is on disk (`placing`, under its own hold key) before
/// the card is asked; only once its hold stands are the two swapped in one transaction (the new
/// bid `joined`, the old one `raised`) and the old hold released. A decline leaves the old bid
/// standing; so does a lost answer, and the settler then voids the new hold (the shopper already
/// has a bid standing in that auction, `canStillJoin`).
extension Auctions {
    public func raise(bidId: String, to amount: Money, instrument: PaymentInstrument,
                      completion: @escaping (Result<AuctionBid, AuctionError>) -> Void) {
        let standing: AuctionBid
        let raisedId: String
        do throws(AuctionError) {
            (standing, raisedId) = try write { tx in
                let standing = try lockedBid(tx, bidId)
                guard standing.state == .joined, standing.holdId != nil else { throw AuctionError.notJoined(standing.state) }
                let auction = try load(tx, standing.auctionId)
                guard !auction.isClosed(at: clock.now) else { throw AuctionError.auctionClosed(closedAt: auction.closesAt) }
                // One raise at a time: another in flight is not known yet.
                if let inFlight = try Self.raiseInFlight(tx, of: standing) { throw AuctionError.outcomeUnknown(bidId: inFlight) }
                if try Self.voidInFlight(tx, bidId: standing.id) { throw AuctionError.outcomeUnknown(bidId: standing.id) }
                let minimum = try minimumBid(tx, auction)
                guard amount.currency == minimum.currency, amount.minorUnits >= minimum.minorUnits else { throw AuctionError.bidTooLow(minimum: minimum) }
                let raisedId = ids.next("bid")
                try insertBid(tx, raisedId, standing.auctionId, standing.customerId, amount, holdId: nil, state: .placing)
                return (standing, raisedId)
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        holds.placeHold(amount: amount, instrument: instrument, idempotencyKey: Self.holdKey(bidId: raisedId)) { [self] outcome in
            switch outcome {
            case .held(let holdId):
                swap(standing, for: raisedId, heldBy: holdId, completion: completion)
            case .requiresAction(let holdId):
                // A raise has no challenge step: the waiting hold is abandoned, so it holds nothing.
                holds.releaseHold(holdId: holdId) { [self] released in
                    let decline = PaymentDecline(code: "authentication_required", cause: .securityCheckRequired)
                    guard case .success = released, (try? fail(raisedId, decline, holdId: holdId)) != nil else {
                        return completion(.failure(.outcomeUnknown(bidId: raisedId)))
                    }
                    completion(.failure(.paymentFailed(decline)))
                }
            case .failed(let decline):
                // Nothing held: the old bid stands whether or not this is written (the settler
                // fails a bid still placing whose hold failed).
                _ = try? fail(raisedId, decline, holdId: nil)
                completion(.failure(.paymentFailed(decline)))
            case .outcomeUnknown:
                completion(.failure(.outcomeUnknown(bidId: raisedId)))
            }
        }
    }

    private func swap(_ standing: AuctionBid, for raisedId: String, heldBy holdId: String,
                      completion: @escaping (Result<AuctionBid, AuctionError>) -> Void) {
        let swapped: Result<AuctionBid, AuctionError>
        do throws(AuctionError) {
            swapped = try write { tx in
                // While the card answered, the old bid may have stopped standing (the auction
                // closed and chose its winner, or another counter left it): the raise must not
                // stand alone after that (a second winner, a hold after "you left").
                let current = try lockedBid(tx, standing.id)
                let auction = try load(tx, standing.auctionId)
                guard current.state == .joined else { return .failure(AuctionError.notJoined(current.state)) }
                guard !auction.isClosed(at: clock.now) else { return .failure(AuctionError.auctionClosed(closedAt: auction.closesAt)) }
                try setBidState(tx, try loadBid(tx, raisedId), .joined, failure: nil, holdId: holdId)
                try setBidState(tx, current, .raised, failure: nil)
                return .success(try loadBid(tx, raisedId))
            }
        } catch {
            // The new hold stands but is not noted: the settler voids it, and the old bid stands.
            return completion(.failure(.outcomeUnknown(bidId: raisedId)))
        }
        let raised: AuctionBid
        switch swapped {
        case .success(let bid): raised = bid
        case .failure(let refusal):
            // The new hold goes back; should that fail or not be noted, the raise stays placing
            // and the settler voids its hold (the old bid no longer stands to swap with).
            return holds.releaseHold(holdId: holdId) { [self] released in
                let decline = PaymentDecline(code: "bid_no_longer_standing", cause: .canceled)
                guard case .success = released, (try? fail(raisedId, decline, holdId: holdId)) != nil else {
                    return completion(.failure(.outcomeUnknown(bidId: raisedId)))
                }
                completion(.failure(refusal))
            }
        }
        // The old hold goes only now. Should its release fail, the settler releases it
        // (`raisedHoldsStillHeld`); the raise itself has happened either way.
        holds.releaseHold(holdId: standing.holdId!) { _ in completion(.success(raised)) }
    }

    private func fail(_ bidId: String, _ decline: PaymentDecline, holdId: String?) throws(AuctionError) {
        try write { tx in try setBidState(tx, try lockedBid(tx, bidId), .failed, failure: decline.code, holdId: holdId) }
    }

    /// Her other bid in this auction still placing or at its check (a raise not known yet).
    static func raiseInFlight(_ tx: any CoreTransaction, of bid: AuctionBid) throws -> String? {
        try tx.fetchValue(String.self, """
            SELECT id FROM auction_bids WHERE auction_id = ? AND customer_id = ? AND id <> ? AND state IN \([BidState.placing, .requiresAction].sql)
            ORDER BY \(tx.engine.bytewise("id")) LIMIT 1
            """, bid.auctionId, bid.customerId, bid.id)
    }

    func raiseInFlight(of bid: AuctionBid) throws(AuctionError) -> String? {
        try read { tx in try Self.raiseInFlight(tx, of: bid) }
    }

    /// For the settler: the holds of raised bids still on the card.
    func raisedHoldsStillHeld() throws -> [(bidId: String, holdId: String)] {
        try store.read { tx in
            try tx.rows("""
                SELECT b.id, b.hold_id FROM auction_bids b JOIN charges c ON c.id = b.hold_id
                WHERE b.state = ? AND c.status = 'authorized' ORDER BY \(tx.engine.bytewise("b.id"))
                """, BidState.raised).map { (bidId: try $0.value(String.self, "id"), holdId: try $0.value(String.self, "hold_id")) }
        }
    }
}

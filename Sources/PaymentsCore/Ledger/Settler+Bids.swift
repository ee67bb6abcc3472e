import Foundation

extension Settler {
    /// Rule 3: auction bids left open by a counter that died (see `Settler`).
    func settleBids(isAlive: (String?) -> Bool) -> [String] {
        let open = (try? commerce.auctions.openBids()) ?? []
        var settled: [String] = []
        for bid in open {
            // A live counter's bid is its own, unless its challenge expired or the card's answer
            // to its hold never got recorded (after `intentGrace`, nothing more will come).
            // (A bid at its challenge whose hold has moved on had its answer lost the same way.)
            let late = core.clock.now.timeIntervalSince(bid.since) >= policy.intentGrace
            let ownerGone = !isAlive(bid.owner) || (late && (bid.bid.state == .placing || holdMovedOn(bid.bid)))
            guard ownerGone || bid.bid.state == .requiresAction else { continue }
            if (try? settle(bid.bid, ownerGone: ownerGone)) == true { settled.append(bid.bid.id) }
        }
        // Before the releases' rule: a voided bid is `left` by its void, not by the close.
        settled += finishVoids()
        settled += (try? commerce.auctions.finishReleases()) ?? []
        settled += releaseRaisedHolds()
        settled += finishWins()
        return settled
    }

    /// A raised bid's hold still on the card (its release failed, or the counter died after the
    /// swap): released now. The raise stands; only the old money is let go.
    private func releaseRaisedHolds() -> [String] {
        ((try? commerce.auctions.raisedHoldsStillHeld()) ?? []).compactMap { entry in
            (try? core.charges.cancel(entry.holdId)).map { _ in entry.bidId }
        }
    }

    /// A won bid's order still waiting for its capture: the hold is asked what became of it.
    /// Still held: captured now; captured: the order is paid; released or failed: nothing was
    /// taken. A hold that cannot be read is asked again next pass.
    private func finishWins() -> [String] {
        let auctions = commerce.auctions
        var settled: [String] = []
        for win in (try? auctions.winsAwaitingCapture()) ?? [] {
            guard let holdId = (try? core.chargeRepository.idempotencyKey(win.holdKey))??.chargeID,
                  let hold = try? core.charges.charge(holdId) else { continue }
            let answer: Auctions.CaptureAnswer
            switch hold.status {
            case .authorized:
                guard (try? core.charges.capture(holdId)) != nil else { continue }
                answer = .captured(chargeId: holdId)
            case .succeeded: answer = .captured(chargeId: holdId)
            case .canceled, .failed: answer = .notTaken(reason: "hold_released")
            case .pending, .requiresAction: continue
            }
            if (try? auctions.recordCapture(orderId: win.orderId, answer)) != nil { settled.append(win.orderId) }
        }
        return settled
    }

    /// Whether a bid at its challenge has a hold that is no longer waiting for one.
    private func holdMovedOn(_ bid: AuctionBid) -> Bool {
        guard bid.state == .requiresAction, let holdId = bid.holdId, let hold = try? core.charges.charge(holdId) else { return false }
        return hold.status != .requiresAction && hold.status != .pending
    }

    /// Decides one orphaned bid by its hold. Returns whether the bid moved on.
    private func settle(_ bid: AuctionBid, ownerGone: Bool) throws -> Bool {
        let auctions = commerce.auctions
        let holdId = try bid.holdId ?? (core.chargeRepository.idempotencyKey(Auctions.holdKey(bidId: bid.id)))?.chargeID
        guard let holdId, let hold = try? core.charges.charge(holdId) else {
            guard ownerGone else { return false }
            // The card was never asked (the counter died between the bid and the hold).
            try auctions.settleOrphan(bidId: bid.id, holdId: nil as String?, to: BidState.failed, reason: "not_held")
            return true
        }
        switch hold.status {
        case .pending:
            // Rule 1 asks the acquirer; the next pass decides the bid.
            return false
        case .authorized:
            guard ownerGone else { return false }
            // Held: the card answered (a challenge passed); the bid stands if it still can.
            guard try auctions.canStillJoin(bid) else {
                try core.charges.cancel(holdId)
                try auctions.settleOrphan(bidId: bid.id, holdId: holdId, to: BidState.failed, reason: "hold_voided")
                return true
            }
            try auctions.settleOrphan(bidId: bid.id, holdId: holdId, to: BidState.joined, reason: nil as String?)
        case .requiresAction:
            guard cancelChallenge(holdId, ownerGone: ownerGone) else { return false }
            try auctions.settleOrphan(bidId: bid.id, holdId: holdId, to: BidState.failed, reason: "authentication_abandoned")
        case .failed, .canceled, .succeeded:
            guard ownerGone else { return false }
            try auctions.settleOrphan(bidId: bid.id, holdId: holdId, to: BidState.failed, reason: "not_held")
        }
        return true
    }
}

import Foundation

/// The operator's void of a standing bid's hold, by the ledger's rule: the intent (`hold_voids`,
/// `requested`) is committed before the card is asked to release the hold; the answer is
/// committed with the bid it ends (`left`, failure `voided`) in one transaction; an answer that
/// cannot be written is the settler's (`Settler.finishVoids`). While a void is in flight its bid
/// is not the auction's to close, raise or leave. The same idempotency key voids once.
extension Auctions {
    /// The bid's state and failure once its hold was voided from the back office.
    public static let voidedFailure = "voided"

    /// Bids holding money on a card in auctions still open, newest first: what may be voided.
    public func openHolds() throws(AuctionError) -> [OpenHold] {
        try read { tx in
            let now = clock.now.milliseconds
            let bids = try AuctionBidWithAuction.fetchAll(tx, where: "b.state = ? AND b.hold_id IS NOT NULL AND a.closes_at > ?",
                                                          [BidState.joined, now], orderedBy: "b.created_at DESC, \(tx.engine.bytewise("b.id")) DESC")
            return try bids.map { row in
                OpenHold(bid: try row.auctionBid(), auction: try StoredAuction(row.auction), voidInFlight: try Self.voidInFlight(tx, bidId: row.bid.id))
            }
        }
    }

    /// Voids the hold of a standing bid. The same `idempotencyKey` asked again answers the first
    /// void (and asks the card again if its answer was lost), never a second one. `signedBy`
    /// names who voids (a manager, or approved by one); nil in a shop without staff.
    public func voidHold(bidId: String, idempotencyKey: String, signedBy signature: StaffSignature? = nil,
                         completion: @escaping (Result<HoldVoid, HoldVoidError>) -> Void) {
        let intent: HoldVoidRecord
        do throws(HoldVoidError) {
            intent = try voidWrite { tx in try self.beginVoid(tx, bidId: bidId, key: idempotencyKey, signedBy: signature) }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        switch intent.state {
        case .voided: scheduler.answer(completion, with: Result { () throws(HoldVoidError) in try self.holdVoid(intent.id) })
        // A void fails only when its hold was captured meanwhile: its bid won.
        case .failed: scheduler.answer(completion, with: .failure(.notHeld(.won)))
        case .requested: askVoid(intent, completion: completion)
        }
    }

    /// The voids asked of a bid's holds, oldest first.
    public func holdVoids(bidId: String) throws(AuctionError) -> [HoldVoid] {
        try read { tx in
            let auctionId = try loadBid(tx, bidId).auctionId
            return try tx.fetchAll(HoldVoidRecord.self, "SELECT * FROM hold_voids WHERE bid_id = ? ORDER BY created_at, \(tx.engine.bytewise("id"))", bidId)
                .map { try $0.holdVoid(auctionId: auctionId) }
        }
    }

    public func holdVoid(id: String) throws(AuctionError) -> HoldVoid? {
        try read { tx in try Self.storedVoid(tx, id).map { try $0.holdVoid(auctionId: try loadBid(tx, $0.bidId).auctionId) } }
    }

    // MARK: - The steps

    /// Step 1: the intent, or the void already asked under `key`. The bid's auction is locked
    /// first (on a server): two operators voiding the same hold at once, under one key or two,
    /// take turns, and the second finds the first's void.
    private func beginVoid(_ tx: any CoreTransaction, bidId: String, key: String, signedBy signature: StaffSignature?) throws -> HoldVoidRecord {
        do throws(StaffError) { try StaffCheck.require(.void, by: signature, in: tx) } catch { throw HoldVoidError.staff(error) }
        guard let auctionId = try Self.auctionId(tx, ofBid: bidId) else { throw HoldVoidError.unknownBid(bidId) }
        _ = try lockedAuction(tx, auctionId)
        if let asked = try tx.fetchOne(HoldVoidRecord.self, "SELECT * FROM hold_voids WHERE idempotency_key = ?", key) {
            guard asked.bidId == bidId else { throw HoldVoidError.unknownBid(bidId) }
            return asked
        }
        let bid = try loadBid(tx, bidId)
        switch bid.state {
        case .joined: break
        case .placing, .requiresAction: throw HoldVoidError.inFlight(bidId: bidId)
        case .left, .lost, .won, .failed, .raised: throw HoldVoidError.notHeld(bid.state)
        }
        guard let holdId = bid.holdId else { throw HoldVoidError.notHeld(bid.state) }
        if try Self.voidInFlight(tx, bidId: bidId) { throw HoldVoidError.inFlight(bidId: bidId) }
        if let raising = try Self.raiseInFlight(tx, of: bid) { throw HoldVoidError.inFlight(bidId: raising) }
        guard !(try load(tx, bid.auctionId)).isClosed(at: clock.now) else { throw HoldVoidError.auctionClosed }
        var row = HoldVoidRecord(id: ids.next("hvd"), bidId: bidId, holdId: holdId, idempotencyKey: key, amountMinor: bid.amount.minorUnits,
                                 currency: bid.amount.currency.code, state: .requested, failure: nil, createdAt: clock.now, updatedAt: clock.now,
                                 requestedBy: owner)
        row.signature = signature
        try tx.insert(row)
        try events.record(tx, type: "auction.void_requested", subject: bidId, data: [
            "void": row.id, "auction": bid.auctionId, "hold": holdId, "amount": String(row.amountMinor), "currency": row.currency,
        ].merging(signature?.eventFields ?? [:]) { first, _ in first })
        return row
    }

    /// Step 2 and 3: asks the card to release the hold, then commits the answer. A release the
    /// card could not confirm stays asked: the settler reads the hold and finishes it.
    private func askVoid(_ row: HoldVoidRecord, completion: @escaping (Result<HoldVoid, HoldVoidError>) -> Void) {
        holds.releaseHold(holdId: row.holdId) { [self] answer in
            guard case .success = answer else { return completion(.failure(.outcomeUnknown(voidId: row.id))) }
            completion(Result { () throws(HoldVoidError) in
                do { try store.write { tx in try self.commitVoid(tx, row.id) } } catch {
                    // The hold is released; the bid waits for the settler.
                    throw HoldVoidError.outcomeUnknown(voidId: row.id)
                }
                return try holdVoid(row.id)
            })
        }
    }

    /// The hold is released: the void is done and its bid out of the auction, in one
    /// transaction. Decided inside it, under the bid's auction's lock, so the same void committed
    /// twice (the answer and a settler, on two counters) changes things once.
    func commitVoid(_ tx: any CoreTransaction, _ voidId: String) throws {
        guard var row = try lockedVoid(tx, voidId), row.state == .requested else { return }
        row.state = .voided
        row.updatedAt = clock.now
        try tx.update(row)
        let bid = try loadBid(tx, row.bidId)
        // Standing still, or marked by the settler's release rule meanwhile (then `left` already).
        if bid.state == .joined { try setBidState(tx, bid, .left, failure: Self.voidedFailure) }
        try events.record(tx, type: "auction.hold_voided", subject: row.bidId, data: [
            "void": row.id, "auction": bid.auctionId, "hold": row.holdId, "amount": String(row.amountMinor), "currency": row.currency,
        ])
        try Journal.recordVoid(tx, row, auctionId: bid.auctionId, at: clock.now)
    }

    /// The hold cannot be released (captured meanwhile): the void failed, nothing changed.
    func failVoid(_ tx: any CoreTransaction, _ voidId: String, reason: String) throws {
        guard var row = try lockedVoid(tx, voidId), row.state == .requested else { return }
        row.state = .failed
        row.failure = reason
        row.updatedAt = clock.now
        try tx.update(row)
        try events.record(tx, type: "auction.void_failed", subject: row.bidId, data: ["void": row.id, "reason": reason])
    }

    // MARK: - For the settler and the close

    /// Voids asked whose answer is not committed, with the hold each asked about.
    func voidsInFlight() throws -> [(voidId: String, bidId: String, holdId: String)] {
        try store.read { tx in
            try tx.fetchAll(HoldVoidRecord.self, "SELECT * FROM hold_voids WHERE state = ? ORDER BY \(tx.engine.bytewise("id"))", HoldVoidState.requested)
                .map { (voidId: $0.id, bidId: $0.bidId, holdId: $0.holdId) }
        }
    }

    func finishVoid(_ voidId: String, released: Bool, reason: String) throws {
        try store.write { tx in try released ? commitVoid(tx, voidId) : failVoid(tx, voidId, reason: reason) }
    }

    /// A void asked of bid `b` whose answer is not committed.
    static let voidAsked = "EXISTS (SELECT 1 FROM hold_voids v WHERE v.bid_id = b.id AND v.state = 'requested')"

    static func voidInFlight(_ tx: any CoreTransaction, bidId: String) throws -> Bool {
        try tx.exists("SELECT 1 FROM auction_bids b WHERE b.id = ? AND \(voidAsked)", bidId)
    }

    func voidInFlight(bidId: String) -> Bool {
        (try? store.read { tx in try Self.voidInFlight(tx, bidId: bidId) }) ?? true
    }

    private static func storedVoid(_ tx: any CoreTransaction, _ id: String) throws -> HoldVoidRecord? {
        try tx.fetchOne(HoldVoidRecord.self, "SELECT * FROM hold_voids WHERE id = ?", id)
    }

    /// The void, read once its bid's auction is locked.
    private func lockedVoid(_ tx: any CoreTransaction, _ id: String) throws -> HoldVoidRecord? {
        guard let bidId = try Self.storedVoid(tx, id)?.bidId else { return nil }
        _ = try lockedBid(tx, bidId)
        return try Self.storedVoid(tx, id)
    }

    private func holdVoid(_ id: String) throws(HoldVoidError) -> HoldVoid {
        // Committed, but not readable back: the screen cannot say it is done, so it is not known.
        let found: HoldVoid?
        do { found = try holdVoid(id: id) } catch { throw .outcomeUnknown(voidId: id) }
        guard let found else { throw .outcomeUnknown(voidId: id) }
        return found
    }

    private func voidWrite<T>(_ body: (any CoreTransaction) throws -> T) throws(HoldVoidError) -> T {
        do { return try store.write(body) } catch let error as HoldVoidError { throw error } catch {
            throw .storage(String(describing: error))
        }
    }
}

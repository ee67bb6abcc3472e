import Foundation
import GRDB

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
        try read { db in
            let now = clock.now.milliseconds
            let bids = try AuctionBidWithAuction.fetchAll(SQLiteTransaction(db), where: "b.state = ? AND b.hold_id IS NOT NULL AND a.closes_at > ?",
                                                          [BidState.joined, now], orderedBy: "b.created_at DESC, b.id DESC")
            return try bids.map { row in
                OpenHold(bid: try row.auctionBid(), auction: try StoredAuction(row.auction), voidInFlight: try Self.voidInFlight(db, bidId: row.bid.id))
            }
        }
    }

    /// Voids the hold of a standing bid. The same `idempotencyKey` asked again answers the first
    /// void (and asks the card again if its answer was lost), never a second one.
    public func voidHold(bidId: String, idempotencyKey: String, completion: @escaping (Result<HoldVoid, HoldVoidError>) -> Void) {
        let intent: HoldVoidRecord
        do throws(HoldVoidError) {
            intent = try voidWrite { db in try self.beginVoid(db, bidId: bidId, key: idempotencyKey) }
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
        try read { db in
            let auctionId = try loadBid(db, bidId).auctionId
            return try HoldVoidRecord.filter(HoldVoidRecord.Columns.bidId == bidId).order(Column("created_at"), Column("id")).fetchAll(db)
                .map { try $0.holdVoid(auctionId: auctionId) }
        }
    }

    public func holdVoid(id: String) throws(AuctionError) -> HoldVoid? {
        try read { db in try HoldVoidRecord.fetchOne(db, key: id).map { try $0.holdVoid(auctionId: try loadBid(db, $0.bidId).auctionId) } }
    }

    // MARK: - The steps

    /// Step 1: the intent, or the void already asked under `key`.
    private func beginVoid(_ db: Database, bidId: String, key: String) throws -> HoldVoidRecord {
        if let asked = try HoldVoidRecord.filter(HoldVoidRecord.Columns.idempotencyKey == key).fetchOne(db) {
            guard asked.bidId == bidId else { throw HoldVoidError.unknownBid(bidId) }
            return asked
        }
        guard let bid = try AuctionBidWithAuction.auctionBids(db, where: "b.id = ?", [bidId], orderedBy: "b.id").first else { throw HoldVoidError.unknownBid(bidId) }
        switch bid.state {
        case .joined: break
        case .placing, .requiresAction: throw HoldVoidError.inFlight(bidId: bidId)
        case .left, .lost, .won, .failed, .raised: throw HoldVoidError.notHeld(bid.state)
        }
        guard let holdId = bid.holdId else { throw HoldVoidError.notHeld(bid.state) }
        if try Self.voidInFlight(db, bidId: bidId) { throw HoldVoidError.inFlight(bidId: bidId) }
        if let raising = try Self.raiseInFlight(db, of: bid) { throw HoldVoidError.inFlight(bidId: raising) }
        guard !(try load(db, bid.auctionId)).isClosed(at: clock.now) else { throw HoldVoidError.auctionClosed }
        let row = HoldVoidRecord(id: ids.next("hvd"), bidId: bidId, holdId: holdId, idempotencyKey: key, amountMinor: bid.amount.minorUnits,
                                 currency: bid.amount.currency.code, state: .requested, failure: nil, createdAt: clock.now, updatedAt: clock.now,
                                 requestedBy: owner)
        try row.insert(db)
        try events.record(db, type: "auction.void_requested", subject: bidId, data: [
            "void": row.id, "auction": bid.auctionId, "hold": holdId, "amount": String(row.amountMinor), "currency": row.currency,
        ])
        return row
    }

    /// Step 2 and 3: asks the card to release the hold, then commits the answer. A release the
    /// card could not confirm stays asked: the settler reads the hold and finishes it.
    private func askVoid(_ row: HoldVoidRecord, completion: @escaping (Result<HoldVoid, HoldVoidError>) -> Void) {
        holds.releaseHold(holdId: row.holdId) { [self] answer in
            guard case .success = answer else { return completion(.failure(.outcomeUnknown(voidId: row.id))) }
            completion(Result { () throws(HoldVoidError) in
                do { try database.write { db in try self.commitVoid(db, row.id) } } catch {
                    // The hold is released; the bid waits for the settler.
                    throw HoldVoidError.outcomeUnknown(voidId: row.id)
                }
                return try holdVoid(row.id)
            })
        }
    }

    /// The hold is released: the void is done and its bid out of the auction, in one
    /// transaction. Decided inside it, so the same void committed twice changes things once.
    func commitVoid(_ db: Database, _ voidId: String) throws {
        guard var row = try HoldVoidRecord.fetchOne(db, key: voidId), row.state == .requested else { return }
        row.state = .voided
        row.updatedAt = clock.now
        try row.update(db)
        let bid = try loadBid(db, row.bidId)
        // Standing still, or marked by the settler's release rule meanwhile (then `left` already).
        if bid.state == .joined { try setBidState(db, bid, .left, failure: Self.voidedFailure) }
        try events.record(db, type: "auction.hold_voided", subject: row.bidId, data: [
            "void": row.id, "auction": bid.auctionId, "hold": row.holdId, "amount": String(row.amountMinor), "currency": row.currency,
        ])
    }

    /// The hold cannot be released (captured meanwhile): the void failed, nothing changed.
    func failVoid(_ db: Database, _ voidId: String, reason: String) throws {
        guard var row = try HoldVoidRecord.fetchOne(db, key: voidId), row.state == .requested else { return }
        row.state = .failed
        row.failure = reason
        row.updatedAt = clock.now
        try row.update(db)
        try events.record(db, type: "auction.void_failed", subject: row.bidId, data: ["void": row.id, "reason": reason])
    }

    // MARK: - For the settler and the close

    /// Voids asked whose answer is not committed, with the hold each asked about.
    func voidsInFlight() throws -> [(voidId: String, bidId: String, holdId: String)] {
        try database.read { db in
            try HoldVoidRecord.filter(HoldVoidRecord.Columns.state == HoldVoidState.requested).order(Column("id")).fetchAll(db)
                .map { (voidId: $0.id, bidId: $0.bidId, holdId: $0.holdId) }
        }
    }

    func finishVoid(_ voidId: String, released: Bool, reason: String) throws {
        try database.write { db in try released ? commitVoid(db, voidId) : failVoid(db, voidId, reason: reason) }
    }

    static func voidInFlight(_ db: Database, bidId: String) throws -> Bool {
        try HoldVoidRecord.filter(HoldVoidRecord.Columns.bidId == bidId && HoldVoidRecord.Columns.state == HoldVoidState.requested).fetchCount(db) > 0
    }

    func voidInFlight(bidId: String) -> Bool {
        (try? database.read { db in try Self.voidInFlight(db, bidId: bidId) }) ?? true
    }

    private func holdVoid(_ id: String) throws(HoldVoidError) -> HoldVoid {
        // Committed, but not readable back: the screen cannot say it is done, so it is not known.
        let found: HoldVoid?
        do { found = try holdVoid(id: id) } catch { throw .outcomeUnknown(voidId: id) }
        guard let found else { throw .outcomeUnknown(voidId: id) }
        return found
    }

    private func voidWrite<T>(_ body: (Database) throws -> T) throws(HoldVoidError) -> T {
        do { return try database.write(body) } catch let error as HoldVoidError { throw error } catch {
            throw .storage(String(describing: error))
        }
    }
}

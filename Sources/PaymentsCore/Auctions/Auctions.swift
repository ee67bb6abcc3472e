import Clocks
import Foundation
import GRDB

/// Joining an auction places the bid as an authorisation HOLD (never a capture) through the
/// hold gateway, honouring 3-D Secure; leaving, or losing when the auction closes, releases it.
public final class Auctions {
    let database: any DatabaseWriter
    let holds: HoldGateway
    /// Where a won bid's order is placed and paid.
    let orders: Orders
    let ids: IDGenerator
    let scheduler: Scheduler
    var clock: Clock { scheduler.clock }
    let events: EventRecording
    /// The counter instance placing holds (see `CounterInstance`).
    let owner: String?

    public init(database: any DatabaseWriter, holds: HoldGateway, orders: Orders, ids: IDGenerator, scheduler: Scheduler, events: EventRecording,
                owner: String? = nil) {
        self.owner = owner
        self.database = database
        self.holds = holds
        self.orders = orders
        self.ids = ids
        self.scheduler = scheduler
        self.events = events
    }

    public func auctions() throws -> [StoredAuction] {
        try database.read { db in try AuctionRecord.order(AuctionRecord.Columns.position).fetchAll(db).map(StoredAuction.init) }
    }

    public func auction(id: String) throws -> StoredAuction? {
        try database.read { db in try AuctionRecord.fetchOne(db, key: id).map(StoredAuction.init) }
    }

    /// The lowest bid accepted now: the start bid, or one increment above the highest bid.
    public func minimumBid(auctionId: String) throws(AuctionError) -> Money {
        try read { db in try minimumBid(db, try load(db, auctionId)) }
    }

    public func bid(id: String) throws(AuctionError) -> AuctionBid {
        try read { db in try loadBid(db, id) }
    }

    public func bids(auctionId: String) throws -> [AuctionBid] {
        try database.read { db in
            try AuctionBidWithAuction.auctionBids(db, where: "b.auction_id = ?", [auctionId], orderedBy: "b.id")
        }
    }

    /// "Place start bid": `bid` defaults to the current minimum. The completion runs once.
    ///
    /// The bid is on disk (`placing`, owned by this counter) before the card is asked for the
    /// hold, under a key made from the bid: so a hold can never exist without its bid, and the
    /// settler finishes a bid whose counter died while the card answered (the bid recorded or
    /// the hold voided, never both, never neither).
    public func join(auctionId: String, customerId: String, instrument: PaymentInstrument?, bid: Money? = nil, termsAccepted: Bool,
                     completion: @escaping (Result<JoinOutcome, AuctionError>) -> Void) {
        let bidId: String
        let amount: Money
        do throws(AuctionError) {
            (bidId, amount) = try write { db in
                let auction = try load(db, auctionId)
                guard !auction.isClosed(at: clock.now) else { throw AuctionError.auctionClosed(closedAt: auction.closesAt) }
                guard termsAccepted else { throw AuctionError.termsNotAccepted }
                guard instrument != nil else { throw AuctionError.paymentMethodRequired }
                if let existing = try AuctionBidRecord
                    .filter(AuctionBidRecord.Columns.auctionId == auctionId && AuctionBidRecord.Columns.customerId == customerId)
                    .inState([.placing, .joined, .requiresAction]).fetchOne(db) {
                    throw AuctionError.alreadyJoined(bidId: existing.id)
                }
                let minimum = try minimumBid(db, auction)
                let amount = bid ?? minimum
                guard amount.currency == minimum.currency, amount.minorUnits >= minimum.minorUnits else { throw AuctionError.bidTooLow(minimum: minimum) }
                let bidId = ids.next("bid")
                try insertBid(db, bidId, auctionId, customerId, amount, holdId: nil, state: .placing)
                return (bidId, amount)
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        holds.placeHold(amount: amount, instrument: instrument!, idempotencyKey: Self.holdKey(bidId: bidId)) { [self] outcome in
            completion(Result { () throws(AuctionError) in
                if case .outcomeUnknown = outcome { throw AuctionError.outcomeUnknown(bidId: bidId) }
                let answered: Result<JoinOutcome, AuctionError>
                do throws(AuctionError) {
                    answered = .success(try write { db in try recordHoldAnswer(db, bidId: bidId, outcome) })
                } catch {
                    // The answer is not on disk: the bid stays `placing` for the settler.
                    throw AuctionError.outcomeUnknown(bidId: bidId)
                }
                if case .failed(let decline) = outcome { throw AuctionError.paymentFailed(decline) }
                return try answered.get()
            })
        }
    }

    /// The hold's idempotency key, made from its bid: what the settler asks the card about.
    static func holdKey(bidId: String) -> String { "auction-\(bidId)-hold" }

    /// Commits the card's answer to a `placing` bid. A bid settled meanwhile (by the settler)
    /// is answered as it is.
    private func recordHoldAnswer(_ db: Database, bidId: String, _ outcome: HoldOutcome) throws -> JoinOutcome {
        let bid = try loadBid(db, bidId)
        switch (bid.state, outcome) {
        case (.placing, .held(let holdId)):
            try setBidState(db, bid, .joined, failure: nil, holdId: holdId)
        case (.placing, .requiresAction(let holdId)):
            try setBidState(db, bid, .requiresAction, failure: nil, holdId: holdId)
        case (.placing, .failed(let decline)):
            try setBidState(db, bid, .failed, failure: decline.code, holdId: nil)
            try events.record(db, type: "auction.join_failed", subject: bid.auctionId, data: ["customer": bid.customerId, "reason": decline.code])
        default:
            break
        }
        let now = try loadBid(db, bidId)
        if case .requiresAction = outcome, now.state == .requiresAction {
            return .requiresAction(bidId: bidId)
        }
        return .joined(now)
    }

    /// Finishes a 3-D Secure challenge; a wrong code fails the join (nothing stays held).
    public func completeChallenge(bidId: String, code: String, completion: @escaping (Result<AuctionBid, AuctionError>) -> Void) {
        let pending: AuctionBid
        do throws(AuctionError) {
            pending = try bid(id: bidId)
            guard pending.state == .requiresAction, let _ = pending.holdId else { throw AuctionError.notJoined(pending.state) }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        holds.completeChallenge(holdId: pending.holdId!, code: code) { [self] outcome in
            completion(Result { () throws(AuctionError) in
                // The failure is committed first, then reported: a throw inside the write would roll it back.
                let bid = try write { db in
                    switch outcome {
                    case .held: try setBidState(db, pending, .joined, failure: nil)
                    case .requiresAction: break
                    case .failed(let decline): try setBidState(db, pending, .failed, failure: decline.code)
                    case .outcomeUnknown: throw AuctionError.outcomeUnknown(bidId: bidId)
                    }
                    return try loadBid(db, bidId)
                }
                if case .failed(let decline) = outcome { throw AuctionError.paymentFailed(decline) }
                return bid
            })
        }
    }

    /// Leaves the auction: the hold is released.
    public func leave(bidId: String, completion: @escaping (Result<AuctionBid, AuctionError>) -> Void) {
        let joined: AuctionBid
        do throws(AuctionError) {
            joined = try bid(id: bidId)
            guard joined.state == .joined || joined.state == .requiresAction else { throw AuctionError.notJoined(joined.state) }
            // A raise of hers in flight would stand once its hold does, after she was told she
            // left: she leaves once it is known.
            if let raising = try raiseInFlight(of: joined) { throw AuctionError.outcomeUnknown(bidId: raising) }
            // The operator's void of it is on its way: she has left once it is known.
            if voidInFlight(bidId: bidId) { throw AuctionError.outcomeUnknown(bidId: bidId) }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        release(joined, as: .left, completion: completion)
    }

    /// Closes every auction whose time has come: the highest bid wins (`win`: its hold is
    /// captured and its order paid), every other bid is released as `lost`. The loop calls this
    /// like renewals.
    public func closeDueAuctions(completion: @escaping () -> Void = {}) {
        let now = clock.now.milliseconds
        // A bid whose hold the operator is voiding is out of the running, whatever the answer.
        guard let open = try? database.read({ db in
            try AuctionBidWithAuction.auctionBids(db, where: "b.state IN (?, ?) AND a.closes_at <= ?", [BidState.joined, BidState.requiresAction, now],
                                                  orderedBy: "b.auction_id, b.bid_minor DESC, b.id")
        }).filter({ !voidInFlight(bidId: $0.id) }), !open.isEmpty else { return completion() }
        var winners: Set<String> = []
        var queue: [(AuctionBid, BidState)] = []
        for bid in open {
            if bid.state == .joined, !winners.contains(bid.auctionId) {
                winners.insert(bid.auctionId)
                queue.append((bid, .won))
            } else {
                queue.append((bid, .lost))
            }
        }
        func next() {
            guard !queue.isEmpty else { return completion() }
            let (queued, state) = queue.removeFirst()
            // Read again: while this run waited for a release, another close (the settler's, the
            // loop's) may have settled the bid; a stale copy would win it twice (two orders for
            // one hold, found by the fault simulator) or release a hold already won.
            guard let bid = try? self.bid(id: queued.id), bid.state == queued.state else { return next() }
            if state == .won { return win(bid, completion: next) }
            release(bid, as: .lost) { _ in next() }
        }
        next()
    }

    func release(_ bid: AuctionBid, as state: BidState, completion: @escaping (Result<AuctionBid, AuctionError>) -> Void) {
        guard let holdId = bid.holdId else { return scheduler.answer(completion, with: .failure(.notJoined(bid.state))) }
        holds.releaseHold(holdId: holdId) { [self] result in
            completion(Result { () throws(AuctionError) in
                if case .failure(let decline) = result { throw AuctionError.paymentFailed(decline) }
                return try write { db in
                    try setBidState(db, bid, state, failure: nil)
                    return try loadBid(db, bid.id)
                }
            })
        }
    }

    // MARK: - For the settler

    /// When the next auction with open bids closes (in the past: one is due to close now).
    public func nextCloseDate() throws -> Date? {
        try database.read { db in
            try Int64.fetchOne(db, sql: """
                SELECT MIN(a.closes_at) FROM auctions a
                WHERE EXISTS (SELECT 1 FROM auction_bids b WHERE b.auction_id = a.id AND b.state IN (?, ?))
                """, arguments: [BidState.joined, BidState.requiresAction]).map(Date.init(milliseconds:))
        }
    }

    /// Bids still open on some counter (placing a hold, or waiting for a 3-D Secure answer),
    /// with the counter instance that owns them.
    func openBids() throws -> [(bid: AuctionBid, owner: String?, since: Date)] {
        try database.read { db in
            try AuctionBidWithAuction.fetchAll(SQLiteTransaction(db), where: "b.state IN (?, ?)", [BidState.placing, BidState.requiresAction],
                                               orderedBy: "b.id")
                .map { (bid: try $0.auctionBid(), owner: $0.bid.owner, since: $0.bid.updatedAt) }
        }
    }

    /// Finishes a release whose hold went but whose bid was not marked (the counter died between
    /// the two commits): a standing bid whose hold is cancelled is `lost` once its auction
    /// closed, else `left`. Returns the bids it changed.
    func finishReleases() throws -> [String] {
        try database.write { db in
            let released = try String.fetchAll(db, sql: """
                SELECT b.id FROM auction_bids b JOIN charges c ON c.id = b.hold_id
                WHERE b.state IN ('joined', 'won') AND c.status IN ('canceled', 'failed') ORDER BY b.id
                """)
            return try released.map { id in
                let bid = try loadBid(db, id)
                let closed = try AuctionRecord.fetchOne(db, key: bid.auctionId).map(StoredAuction.init)?.isClosed(at: clock.now) ?? true
                try setBidState(db, bid, closed ? .lost : .left, failure: nil)
                return bid.id
            }
        }
    }

    /// Whether an orphaned bid whose hold is on the card can still become the shopper's bid:
    /// the auction open, and no other bid of this shopper in it.
    func canStillJoin(_ bid: AuctionBid) throws -> Bool {
        try database.read { db in
            guard let auction = try AuctionRecord.fetchOne(db, key: bid.auctionId).map(StoredAuction.init), !auction.isClosed(at: clock.now) else {
                return false
            }
            let others = try AuctionBidRecord
                .filter(AuctionBidRecord.Columns.auctionId == bid.auctionId && AuctionBidRecord.Columns.customerId == bid.customerId
                        && AuctionBidRecord.Columns.id != bid.id)
                .inState([.joined, .won]).fetchCount(db)
            return others == 0
        }
    }

    /// The settler's decision on an orphaned bid, committed with its event; a bid that moved on
    /// meanwhile (its counter answered after all) is left as it is.
    func settleOrphan(bidId: String, holdId: String?, to state: BidState, reason: String?) throws {
        try database.write { db in
            let bid = try loadBid(db, bidId)
            guard bid.state == .placing || bid.state == .requiresAction else { return }
            try setBidState(db, bid, state, failure: reason, holdId: holdId)
        }
    }

    func minimumBid(_ db: Database, _ auction: StoredAuction) throws -> Money {
        let standing = AuctionBidRecord.filter(AuctionBidRecord.Columns.auctionId == auction.id).inState([.joined, .won])
        guard let highest = try Int64.fetchOne(db, standing.select(max(AuctionBidRecord.Columns.bidMinor))) else { return auction.startBid }
        return Money(minorUnits: max(auction.startBid.minorUnits, highest + auction.minimumIncrement.minorUnits), currency: auction.startBid.currency)
    }

    func insertBid(_ db: Database, _ id: String, _ auctionId: String, _ customerId: String, _ amount: Money, holdId: String?, state: BidState) throws {
        // The token the join hands to `onJoin(authToken:auction:)`: deterministic, names no card data.
        let token = "sbat_\(auctionId)_\(id)"
        try AuctionBidRecord(id: id, auctionId: auctionId, customerId: customerId, bidMinor: amount.minorUnits, holdId: holdId,
                             authToken: state == .joined ? token : nil, state: state, createdAt: clock.now, updatedAt: clock.now, owner: owner)
            .insert(db)
        var data = ["auction": auctionId, "amount": "\(amount.minorUnits)"]
        if let holdId { data["hold"] = holdId }
        try events.record(db, type: "auction.bid.\(state.rawValue)", subject: id, data: data)
    }

    func setBidState(_ db: Database, _ bid: AuctionBid, _ state: BidState, failure: String?, holdId: String? = nil) throws {
        let token = state == .joined ? "sbat_\(bid.auctionId)_\(bid.id)" : bid.authToken
        var changes = [
            AuctionBidRecord.Columns.state.set(to: state), AuctionBidRecord.Columns.failure.set(to: failure),
            AuctionBidRecord.Columns.authToken.set(to: token), AuctionBidRecord.Columns.updatedAt.set(to: clock.now.milliseconds),
        ]
        // A hold, once known, stays noted: a state change without one keeps it.
        if let holdId { changes.append(AuctionBidRecord.Columns.holdId.set(to: holdId)) }
        try AuctionBidRecord.filter(key: bid.id).updateAll(db, changes)
        var data = ["auction": bid.auctionId, "from": bid.state.rawValue]
        if let failure { data["reason"] = failure }
        if let holdId { data["hold"] = holdId }
        try events.record(db, type: "auction.bid.\(state.rawValue)", subject: bid.id, data: data)
    }

    func load(_ db: Database, _ id: String) throws -> StoredAuction {
        guard let auction = try AuctionRecord.fetchOne(db, key: id).map(StoredAuction.init) else {
            throw AuctionError.unknownAuction(id)
        }
        return auction
    }

    func loadBid(_ db: Database, _ id: String) throws -> AuctionBid {
        guard let bid = try AuctionBidWithAuction.auctionBids(db, where: "b.id = ?", [id], orderedBy: "b.id").first else { throw AuctionError.unknownBid(id) }
        return bid
    }

    func write<T>(_ body: (Database) throws -> T) throws(AuctionError) -> T {
        try storageErrors { try database.write(body) }
    }

    /// A read (no write lock, nothing to commit) whose storage failures become `.storage`.
    func read<T>(_ body: (Database) throws -> T) throws(AuctionError) -> T {
        try storageErrors { try database.read(body) }
    }

    private func storageErrors<T>(_ access: () throws -> T) throws(AuctionError) -> T {
        do {
            return try access()
        } catch let error as AuctionError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }
}

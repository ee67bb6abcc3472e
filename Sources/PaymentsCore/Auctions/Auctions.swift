import Clocks
import Foundation

/// Joining an auction places the bid as an authorisation HOLD (never a capture) through the
/// hold gateway, honouring 3-D Secure; leaving, or losing when the auction closes, releases it.
///
/// Two counters of a fleet may decide on the same auction at once (two shoppers bidding, two
/// closes, a void and a leave): every transaction that changes an auction's bids or voids
/// locks the auction's row first (`lockedAuction`, on a server; SQLite has one writer), so they
/// take turns and each decides on what the other committed. One lock, always taken first, so
/// they never wait for each other in a circle.
public final class Auctions {
    let store: any CoreStore
    let holds: HoldGateway
    /// Where a won bid's order is placed and paid.
    let orders: Orders
    let ids: IDGenerator
    let scheduler: Scheduler
    var clock: Clock { scheduler.clock }
    let events: EventRecording
    /// The counter instance placing holds (see `CounterInstance`).
    let owner: String?

    public init(store: any CoreStore, holds: HoldGateway, orders: Orders, ids: IDGenerator, scheduler: Scheduler, events: EventRecording,
                owner: String? = nil) {
        self.owner = owner
        self.store = store
        self.holds = holds
        self.orders = orders
        self.ids = ids
        self.scheduler = scheduler
        self.events = events
    }

    public func auctions() throws -> [StoredAuction] {
        try store.read { tx in try tx.fetchAll(AuctionRecord.self, "SELECT * FROM auctions ORDER BY position").map(StoredAuction.init) }
    }

    public func auction(id: String) throws -> StoredAuction? {
        try store.read { tx in try Self.storedAuction(tx, id) }
    }

    /// The lowest bid accepted now: the start bid, or one increment above the highest bid.
    public func minimumBid(auctionId: String) throws(AuctionError) -> Money {
        try read { tx in try minimumBid(tx, try load(tx, auctionId)) }
    }

    public func bid(id: String) throws(AuctionError) -> AuctionBid {
        try read { tx in try loadBid(tx, id) }
    }

    public func bids(auctionId: String) throws -> [AuctionBid] {
        try store.read { tx in
            try AuctionBidWithAuction.auctionBids(tx, where: "b.auction_id = ?", [auctionId], orderedBy: tx.engine.bytewise("b.id"))
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
            (bidId, amount) = try write { tx in
                // Locked: a second bid at the same moment (another counter) waits, then is
                // checked against this one.
                let auction = try lockedAuction(tx, auctionId)
                guard !auction.isClosed(at: clock.now) else { throw AuctionError.auctionClosed(closedAt: auction.closesAt) }
                guard termsAccepted else { throw AuctionError.termsNotAccepted }
                guard instrument != nil else { throw AuctionError.paymentMethodRequired }
                if let existing = try tx.fetchValue(String.self, """
                    SELECT id FROM auction_bids WHERE auction_id = ? AND customer_id = ? AND state IN \([BidState.placing, .joined, .requiresAction].sql)
                    ORDER BY \(tx.engine.bytewise("id")) LIMIT 1
                    """, auctionId, customerId) {
                    throw AuctionError.alreadyJoined(bidId: existing)
                }
                let minimum = try minimumBid(tx, auction)
                let amount = bid ?? minimum
                guard amount.currency == minimum.currency, amount.minorUnits >= minimum.minorUnits else { throw AuctionError.bidTooLow(minimum: minimum) }
                let bidId = ids.next("bid")
                try insertBid(tx, bidId, auctionId, customerId, amount, holdId: nil, state: .placing)
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
                    answered = .success(try write { tx in try recordHoldAnswer(tx, bidId: bidId, outcome) })
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
    private func recordHoldAnswer(_ tx: any CoreTransaction, bidId: String, _ outcome: HoldOutcome) throws -> JoinOutcome {
        let bid = try lockedBid(tx, bidId)
        switch (bid.state, outcome) {
        case (.placing, .held(let holdId)):
            try setBidState(tx, bid, .joined, failure: nil, holdId: holdId)
        case (.placing, .requiresAction(let holdId)):
            try setBidState(tx, bid, .requiresAction, failure: nil, holdId: holdId)
        case (.placing, .failed(let decline)):
            try setBidState(tx, bid, .failed, failure: decline.code, holdId: nil)
            try events.record(tx, type: "auction.join_failed", subject: bid.auctionId, data: ["customer": bid.customerId, "reason": decline.code])
        default:
            break
        }
        let now = try loadBid(tx, bidId)
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
                if case .outcomeUnknown = outcome { throw AuctionError.outcomeUnknown(bidId: bidId) }
                // The failure is committed first, then reported: a throw inside the write would roll it back.
                let bid = try write { tx in
                    // Read again under the lock: a bid the settler settled meanwhile stays as it is.
                    let current = try lockedBid(tx, bidId)
                    if current.state == .requiresAction {
                        switch outcome {
                        case .held: try setBidState(tx, current, .joined, failure: nil)
                        case .failed(let decline): try setBidState(tx, current, .failed, failure: decline.code)
                        case .requiresAction, .outcomeUnknown: break
                        }
                    }
                    return try loadBid(tx, bidId)
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
        guard var due = try? store.read({ tx in
            try tx.fetchValues(String.self, """
                SELECT a.id FROM auctions a
                WHERE a.closes_at <= ? AND EXISTS (SELECT 1 FROM auction_bids b WHERE b.auction_id = a.id AND b.state IN \(Self.openStates.sql))
                ORDER BY \(tx.engine.bytewise("a.id"))
                """, now)
        }), !due.isEmpty else { return completion() }
        func next() {
            guard !due.isEmpty else { return completion() }
            close(due.removeFirst(), completion: next)
        }
        next()
    }

    /// Bids in an auction until it closes: standing, or waiting for a 3-D Secure answer.
    static let openStates: [BidState] = [.joined, .requiresAction]

    /// One auction: its winner is decided and its order placed (`win`), then the bids still open
    /// are released as `lost`. A bid whose hold the operator is voiding is out of the running,
    /// whatever the answer.
    private func close(_ auctionId: String, completion: @escaping () -> Void) {
        win(auctionId: auctionId) { [self] decided in
            // Undecided (nothing written): nobody loses yet; the next pass closes it again.
            guard decided else { return completion() }
            guard var losers = try? store.read({ tx in
                try AuctionBidWithAuction.auctionBids(tx, where: "b.auction_id = ? AND b.state IN \(Self.openStates.sql) AND NOT \(Self.voidAsked)",
                                                      [auctionId], orderedBy: "b.bid_minor DESC, \(tx.engine.bytewise("b.id"))")
            }) else { return completion() }
            func next() {
                guard !losers.isEmpty else { return completion() }
                let queued = losers.removeFirst()
                // Read again: while this run waited for a release, another close (the settler's,
                // another counter's) may have settled the bid.
                guard let bid = try? self.bid(id: queued.id), bid.state == queued.state else { return next() }
                release(bid, as: .lost) { _ in next() }
            }
            next()
        }
    }

    /// Releases the bid's hold, then marks the bid `state`, once: a bid that moved on while the
    /// card answered (another counter's close released it first) is answered as it is now.
    func release(_ bid: AuctionBid, as state: BidState, completion: @escaping (Result<AuctionBid, AuctionError>) -> Void) {
        guard let holdId = bid.holdId else { return scheduler.answer(completion, with: .failure(.notJoined(bid.state))) }
        holds.releaseHold(holdId: holdId) { [self] result in
            completion(Result { () throws(AuctionError) in
                if case .failure(let decline) = result { throw AuctionError.paymentFailed(decline) }
                return try write { tx in
                    let current = try lockedBid(tx, bid.id)
                    guard current.state == bid.state else { return current }
                    try setBidState(tx, current, state, failure: nil)
                    return try loadBid(tx, bid.id)
                }
            })
        }
    }

    // MARK: - For the settler

    /// When the next auction with open bids closes (in the past: one is due to close now).
    public func nextCloseDate() throws -> Date? {
        try store.read { tx in
            try tx.fetchValue(Int64.self, """
                SELECT MIN(a.closes_at) FROM auctions a
                WHERE EXISTS (SELECT 1 FROM auction_bids b WHERE b.auction_id = a.id AND b.state IN \(Self.openStates.sql))
                """).map(Date.init(milliseconds:))
        }
    }

    /// Bids still open on some counter (placing a hold, or waiting for a 3-D Secure answer),
    /// with the counter instance that owns them.
    func openBids() throws -> [(bid: AuctionBid, owner: String?, since: Date)] {
        try store.read { tx in
            try AuctionBidWithAuction.fetchAll(tx, where: "b.state IN \([BidState.placing, .requiresAction].sql)", [],
                                               orderedBy: tx.engine.bytewise("b.id"))
                .map { (bid: try $0.auctionBid(), owner: $0.bid.owner, since: $0.bid.updatedAt) }
        }
    }

    /// A standing bid `b` whose hold is cancelled: a release whose bid was not marked.
    private static let releasedButStanding = """
        b.state IN \([BidState.joined, .won].sql) AND EXISTS (SELECT 1 FROM charges c WHERE c.id = b.hold_id AND c.status IN ('canceled', 'failed'))
        """

    /// Finishes a release whose hold went but whose bid was not marked (the counter died between
    /// the two commits): a standing bid whose hold is cancelled is `lost` once its auction
    /// closed, else `left`. Returns the bids it changed.
    func finishReleases() throws -> [String] {
        let released = try store.read { tx in
            try tx.fetchValues(String.self, "SELECT b.id FROM auction_bids b WHERE \(Self.releasedButStanding) ORDER BY \(tx.engine.bytewise("b.id"))")
        }
        // One transaction a bid, each under its auction's lock: another counter's settler
        // finishing the same release waits, then finds it done.
        return try released.filter { id in
            try store.write { tx in
                let bid = try lockedBid(tx, id)
                guard try tx.exists("SELECT 1 FROM auction_bids b WHERE b.id = ? AND \(Self.releasedButStanding)", id) else { return false }
                let closed = try Self.storedAuction(tx, bid.auctionId)?.isClosed(at: clock.now) ?? true
                try setBidState(tx, bid, closed ? .lost : .left, failure: nil)
                return true
            }
        }
    }

    /// Whether an orphaned bid whose hold is on the card can still become the shopper's bid:
    /// the auction open, and no other bid of this shopper in it.
    func canStillJoin(_ bid: AuctionBid) throws -> Bool {
        try store.read { tx in
            guard let auction = try Self.storedAuction(tx, bid.auctionId), !auction.isClosed(at: clock.now) else { return false }
            return try !tx.exists("""
                SELECT 1 FROM auction_bids WHERE auction_id = ? AND customer_id = ? AND id <> ? AND state IN \([BidState.joined, .won].sql)
                """, bid.auctionId, bid.customerId, bid.id)
        }
    }

    /// The settler's decision on an orphaned bid, committed with its event; a bid that moved on
    /// meanwhile (its counter answered after all) is left as it is.
    func settleOrphan(bidId: String, holdId: String?, to state: BidState, reason: String?) throws {
        try store.write { tx in
            let bid = try lockedBid(tx, bidId)
            guard bid.state == .placing || bid.state == .requiresAction else { return }
            try setBidState(tx, bid, state, failure: reason, holdId: holdId)
        }
    }

    // MARK: - Rows

    /// The bids that make the price: standing, and on their way to standing (the card being
    /// asked, or a 3-D Secure answer awaited). A bid placed while another is being held is
    /// checked against it, so two bids at the same moment never both stand at one price: the
    /// highest bid is the server's to decide, not the order in which the cards answer.
    static let pricedStates: [BidState] = [.placing, .requiresAction, .joined, .won]

    func minimumBid(_ tx: any CoreTransaction, _ auction: StoredAuction) throws -> Money {
        guard let highest = try tx.fetchValue(Int64.self, "SELECT MAX(bid_minor) FROM auction_bids WHERE auction_id = ? AND state IN \(Self.pricedStates.sql)",
                                              auction.id) else { return auction.startBid }
        return Money(minorUnits: max(auction.startBid.minorUnits, highest + auction.minimumIncrement.minorUnits), currency: auction.startBid.currency)
    }

    func insertBid(_ tx: any CoreTransaction, _ id: String, _ auctionId: String, _ customerId: String, _ amount: Money, holdId: String?,
                   state: BidState) throws {
        // The token the join hands to `onJoin(authToken:auction:)`: deterministic, names no card data.
        let token = "sbat_\(auctionId)_\(id)"
        try tx.insert(AuctionBidRecord(id: id, auctionId: auctionId, customerId: customerId, bidMinor: amount.minorUnits, holdId: holdId,
                                       authToken: state == .joined ? token : nil, state: state, createdAt: clock.now, updatedAt: clock.now,
                                       owner: owner))
        var data = ["auction": auctionId, "amount": "\(amount.minorUnits)"]
        if let holdId { data["hold"] = holdId }
        try events.record(tx, type: "auction.bid.\(state.rawValue)", subject: id, data: data)
    }

    func setBidState(_ tx: any CoreTransaction, _ bid: AuctionBid, _ state: BidState, failure: String?, holdId: String? = nil) throws {
        let token = state == .joined ? "sbat_\(bid.auctionId)_\(bid.id)" : bid.authToken
        // A hold, once known, stays noted: a state change without one keeps it.
        try tx.execute("UPDATE auction_bids SET state = ?, failure = ?, auth_token = ?, updated_at = ?, hold_id = COALESCE(?, hold_id) WHERE id = ?",
                       state, failure, token, clock.now.milliseconds, holdId, bid.id)
        var data = ["auction": bid.auctionId, "from": bid.state.rawValue]
        if let failure { data["reason"] = failure }
        if let holdId { data["hold"] = holdId }
        try events.record(tx, type: "auction.bid.\(state.rawValue)", subject: bid.id, data: data)
    }

    static func storedAuction(_ tx: any CoreTransaction, _ id: String, locking: Bool = false) throws -> StoredAuction? {
        try tx.fetchOne(AuctionRecord.self, "SELECT * FROM auctions WHERE id = ?\(locking ? tx.engine.forUpdate : "")", id).map(StoredAuction.init)
    }

    func load(_ tx: any CoreTransaction, _ id: String) throws -> StoredAuction {
        guard let auction = try Self.storedAuction(tx, id) else { throw AuctionError.unknownAuction(id) }
        return auction
    }

    /// The auction, its row locked until the transaction ends (on a server): see `Auctions`.
    func lockedAuction(_ tx: any CoreTransaction, _ id: String) throws -> StoredAuction {
        guard let auction = try Self.storedAuction(tx, id, locking: true) else { throw AuctionError.unknownAuction(id) }
        return auction
    }

    /// The bid, read once its auction's row is locked.
    func lockedBid(_ tx: any CoreTransaction, _ id: String) throws -> AuctionBid {
        guard let auctionId = try Self.auctionId(tx, ofBid: id) else { throw AuctionError.unknownBid(id) }
        _ = try lockedAuction(tx, auctionId)
        return try loadBid(tx, id)
    }

    static func auctionId(_ tx: any CoreTransaction, ofBid id: String) throws -> String? {
        try tx.fetchValue(String.self, "SELECT auction_id FROM auction_bids WHERE id = ?", id)
    }

    func loadBid(_ tx: any CoreTransaction, _ id: String) throws -> AuctionBid {
        guard let bid = try AuctionBidWithAuction.auctionBids(tx, where: "b.id = ?", [id], orderedBy: "b.id").first else { throw AuctionError.unknownBid(id) }
        return bid
    }

    func write<T>(_ body: (any CoreTransaction) throws -> T) throws(AuctionError) -> T {
        try storageErrors { try store.write(body) }
    }

    /// A read (no write lock, nothing to commit) whose storage failures become `.storage`.
    func read<T>(_ body: (any CoreTransaction) throws -> T) throws(AuctionError) -> T {
        try storageErrors { try store.read(body) }
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

extension [BidState] {
    /// `('joined', 'won')`: the states as an SQL list. Written into the statement rather than
    /// bound: the names are the core's own constants, and the statement's text stays one.
    var sql: String { "(" + map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")" }
}

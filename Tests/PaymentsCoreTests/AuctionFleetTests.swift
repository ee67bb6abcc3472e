import Clocks
import Foundation
import GRDB
import Testing
@testable import PaymentsCore

/// The auctions on either engine: joining, raising, leaving, voiding and closing, each counter on
/// a connection of its own; and counters deciding on one auction at the same moment (two bids at
/// one price, two closes, two voids of one hold), which a PostgreSQL server decides by the
/// auction's row lock as SQLite decides by its one writer.
@Suite struct AuctionFleetTests {
    /// One counter's auctions, wired as `Commerce` wires them, its holds on the counter's own
    /// card service (`LastJarRaceTests.FleetCounter`).
    final class AuctionCounter {
        let base: LastJarRaceTests.FleetCounter
        let auctions: Auctions
        var store: any CoreStore { base.store }
        var clock: ManualClock { base.clock }

        init(_ location: StoreLocation) throws {
            base = try LastJarRaceTests.FleetCounter(location)
            try AuctionSeed.seedIfNew(base.store, now: base.clock.now)
            let holds = ChargeServiceGateway(charges: base.chargeService, repository: base.charges, scheduler: base.timers)
            auctions = Auctions(store: base.store, holds: holds, orders: base.orders, ids: RandomIDGenerator(), scheduler: base.timers,
                                events: CoreEventRecorder(clock: base.clock))
        }

        /// A fresh one-time token of a card the acquirer approves.
        func card(_ number: String = "4242 4242 4242 4242") throws -> PaymentInstrument {
            .token(try base.vault.tokenize(Card.validate(number: number, expiry: "12/30", cvc: "123", holder: "Ada Lovelace", now: clock.now)).id)
        }

        /// Starts something that answers through a completion, lets this counter's loop run a
        /// second, and returns the answer (nil if none came).
        func settle<T>(_ start: (@escaping (T) -> Void) -> Void) -> T? {
            var answer: T?
            start { answer = $0 }
            base.timers.advance(clock, by: .seconds(1))
            return answer
        }

        func join(_ auctionId: String = "auction-lx318", customer: String, bid: Money? = nil) throws -> Result<JoinOutcome, AuctionError>? {
            let instrument = try card()
            return settle { auctions.join(auctionId: auctionId, customerId: customer, instrument: instrument, bid: bid, termsAccepted: true, completion: $0) }
        }

        func joined(_ auctionId: String = "auction-lx318", customer: String, bid: Money? = nil) throws -> AuctionBid {
            guard case .success(.joined(let joined))? = try join(auctionId, customer: customer, bid: bid) else {
                throw AuctionTestError.notJoined("\(customer) in \(auctionId)")
            }
            return joined
        }

        func close() {
            _ = settle { (done: @escaping (Bool) -> Void) in auctions.closeDueAuctions { done(true) } }
        }

        func count(_ sql: String, _ arguments: String...) throws -> Int {
            try store.read { tx in try tx.rows(sql, arguments.map { $0 as (any DatabaseValueConvertible)? }).first?.value(Int.self, at: 0) ?? 0 }
        }

        func holdStatus(_ bid: AuctionBid) throws -> ChargeStatus? {
            try base.charges.charge(id: #require(bid.holdId))?.charge.status
        }
    }

    /// Counters handed to threads, one each.
    final class AuctionCounters: @unchecked Sendable {
        let all: [AuctionCounter]
        init(_ all: [AuctionCounter]) { self.all = all }
    }

    private static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    // MARK: - The flows, on either engine

    @Test(arguments: StorageBackend.allCases)
    func joiningRaisingLeavingAndClosingOnEitherEngine(_ backend: StorageBackend) throws {
        let counter = try AuctionCounter(try backend.freshStore())
        let auctions = counter.auctions
        #expect(try auctions.auctions().map(\.flight) == ["LX 318", "LX 1612", "LX 40"])
        #expect(try auctions.minimumBid(auctionId: "auction-lx318") == Self.euros(15_000))

        let ada = try counter.joined(customer: "ada")
        #expect(ada.state == .joined && ada.amount == Self.euros(15_000) && ada.authToken == "sbat_auction-lx318_\(ada.id)")
        #expect(try counter.holdStatus(ada) == .authorized)
        #expect(try counter.join(customer: "ada")?.failure == .alreadyJoined(bidId: ada.id))
        let bob = try counter.joined(customer: "bob", bid: Self.euros(20_000))
        #expect(try auctions.minimumBid(auctionId: "auction-lx318") == Self.euros(21_000))
        #expect(try counter.join(customer: "cy", bid: Self.euros(20_500))?.failure == .bidTooLow(minimum: Self.euros(21_000)))

        let instrument = try counter.card()
        let raised = try #require(counter.settle { auctions.raise(bidId: ada.id, to: Self.euros(22_000), instrument: instrument, completion: $0) }?.value)
        #expect(raised.state == .joined && raised.amount == Self.euros(22_000))
        #expect(try auctions.bid(id: ada.id).state == .raised && counter.holdStatus(ada) == .canceled)
        #expect(try auctions.standingBids(customerId: "ada")["auction-lx318"] == raised)

        let cy = try counter.joined(customer: "cy")
        #expect(cy.amount == Self.euros(23_000))
        #expect(counter.settle { auctions.leave(bidId: cy.id, completion: $0) }?.value?.state == .left)
        #expect(try counter.holdStatus(cy) == .canceled)
        #expect(try auctions.bids(auctionId: "auction-lx318").count == 4, "ada, bob, ada's raise, cy; nothing for a refusal")

        let closes = try #require(try auctions.auction(id: "auction-lx318")).closesAt
        #expect(try auctions.nextCloseDate() == closes)
        counter.clock.advance(to: closes)
        counter.close()
        #expect(try auctions.bid(id: raised.id).state == .won)
        #expect(try counter.holdStatus(raised) == .succeeded)
        let order = try #require(try auctions.wonOrder(bidId: raised.id))
        #expect(order.state == .paid && order.total == Self.euros(22_000) && order.chargeId == raised.holdId)
        #expect(try auctions.bid(id: bob.id).state == .lost && counter.holdStatus(bob) == .canceled)
        #expect(try auctions.winsAwaitingCapture().isEmpty)
        #expect(try auctions.nextCloseDate() == nil)
        #expect(try counter.store.read { tx in try HoldCheck.violations(tx) } == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aChallengedJoinAndAHoldVoidedFromTheBackOfficeOnEitherEngine(_ backend: StorageBackend) throws {
        let counter = try AuctionCounter(try backend.freshStore())
        let auctions = counter.auctions
        let challenge = try counter.card("4000 0027 6000 3184")
        guard case .success(.requiresAction(let bidId))? = counter.settle({
            auctions.join(auctionId: "auction-lx1612", customerId: "ada", instrument: challenge, termsAccepted: true, completion: $0)
        }) else { Issue.record("expected a challenge"); return }
        let joined = try #require(counter.settle { auctions.completeChallenge(bidId: bidId, code: SimulatedAcquirer.challengeCode, completion: $0) }?.value)
        #expect(joined.state == .joined)

        #expect(try auctions.openHolds().map(\.bid.id) == [bidId])
        let voided = try #require(counter.settle { auctions.voidHold(bidId: bidId, idempotencyKey: "op-1", completion: $0) }?.value)
        #expect(voided.state == .voided && voided.amount == Self.euros(8_000))
        #expect(try auctions.bid(id: bidId).state == .left && auctions.bid(id: bidId).failure == Auctions.voidedFailure)
        #expect(try counter.holdStatus(joined) == .canceled)
        #expect(counter.settle { auctions.voidHold(bidId: bidId, idempotencyKey: "op-1", completion: $0) }?.value == voided, "the same key, the same void")
        #expect(try auctions.holdVoids(bidId: bidId) == [voided])
        #expect(try auctions.voidsInFlight().isEmpty)
        #expect(try auctions.openHolds().isEmpty)
    }

    @Test(arguments: StorageBackend.allCases)
    func anOrphanedBidIsSettledOnEitherEngine(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let counter = try AuctionCounter(location)
        // A bid whose counter died before the card was asked: the settler's word on it.
        try counter.store.write { tx in
            try counter.auctions.insertBid(tx, "bid-orphan", "auction-lx318", "ada", Self.euros(15_000), holdId: nil, state: .placing)
        }
        #expect(try counter.auctions.openBids().map { $0.bid.id } == ["bid-orphan"])
        #expect(try counter.auctions.minimumBid(auctionId: "auction-lx318") == Self.euros(16_000), "a bid being placed makes the price")
        try counter.auctions.settleOrphan(bidId: "bid-orphan", holdId: nil, to: .failed, reason: "not_held")
        #expect(try counter.auctions.bid(id: "bid-orphan").state == .failed)
        #expect(try counter.auctions.minimumBid(auctionId: "auction-lx318") == Self.euros(15_000))
        #expect(try counter.auctions.openBids().isEmpty)
    }

    /// The settler's rules, each on a state a counter that stopped would leave behind.
    @Test(arguments: StorageBackend.allCases)
    func theSettlersAuctionRulesOnEitherEngine(_ backend: StorageBackend) throws {
        let counter = try AuctionCounter(try backend.freshStore())
        let auctions = counter.auctions
        let sql = { (statement: String, id: String) in try counter.store.write { tx in try tx.execute(statement, id) } }

        // A release whose hold went but whose bid was not marked: `left`, the auction being open.
        let leaving = try counter.joined(customer: "ada")
        try counter.base.chargeService.cancel(#require(leaving.holdId))
        #expect(try counter.store.read { tx in try HoldCheck.violations(tx) } == [], "a release not finished is the settler's, not a violation")
        #expect(try auctions.finishReleases() == [leaving.id])
        #expect(try auctions.bid(id: leaving.id).state == .left)
        #expect(try auctions.finishReleases().isEmpty, "finished once")

        // A raised bid's hold still on the card.
        let raised = try counter.joined(customer: "bob")
        try sql("UPDATE auction_bids SET state = 'raised' WHERE id = ?", raised.id)
        #expect(try auctions.raisedHoldsStillHeld().map(\.bidId) == [raised.id])

        // A hold held for a bid that is no longer in the auction: the audit names it.
        try sql("UPDATE auction_bids SET state = 'left' WHERE id = ?", raised.id)
        let holdId = try #require(raised.holdId)
        #expect(try counter.store.read { tx in try HoldCheck.violations(tx) }
            == [.holdWithoutBid(chargeId: holdId, amount: raised.amount, bidId: raised.id, bidState: "left")])
        try counter.base.chargeService.cancel(holdId)

        // An orphan whose hold stands can still join while the shopper has no other bid.
        let cy = try counter.joined(customer: "cy")
        #expect(try !auctions.canStillJoin(AuctionBid(id: "other", auctionId: cy.auctionId, customerId: "cy", amount: cy.amount, holdId: nil,
                                                      authToken: nil, state: .placing, failure: nil)))
        #expect(try auctions.canStillJoin(AuctionBid(id: "other", auctionId: cy.auctionId, customerId: "dee", amount: cy.amount, holdId: nil,
                                                     authToken: nil, state: .placing, failure: nil)))

        // A void asked whose answer was not committed: the settler's finish commits it once.
        try counter.store.write { tx in
            try tx.insert(HoldVoidRecord(id: "hvd-lost", bidId: cy.id, holdId: #require(cy.holdId), idempotencyKey: "op-lost", amountMinor: cy.amount.minorUnits,
                                         currency: "EUR", state: .requested, failure: nil, createdAt: counter.clock.now, updatedAt: counter.clock.now,
                                         requestedBy: nil))
        }
        #expect(try auctions.voidsInFlight().map(\.voidId) == ["hvd-lost"])
        #expect(try auctions.openHolds().map(\.voidInFlight) == [true])
        try counter.base.chargeService.cancel(#require(cy.holdId))
        try auctions.finishVoid("hvd-lost", released: true, reason: "")
        try auctions.finishVoid("hvd-lost", released: true, reason: "")
        #expect(try auctions.holdVoid(id: "hvd-lost")?.state == .voided)
        #expect(try auctions.bid(id: cy.id).state == .left && auctions.bid(id: cy.id).failure == Auctions.voidedFailure)
        #expect(try counter.count("SELECT COUNT(*) FROM events WHERE subject_id = ? AND kind = 'auction.hold_voided'", cy.id) == 1)

        // A won bid's order whose capture's answer was lost: recorded by the settler, once.
        let winner = try counter.joined(customer: "eve")
        counter.clock.advance(to: try #require(try auctions.auction(id: "auction-lx318")).closesAt)
        counter.close()
        let order = try #require(try auctions.wonOrder(bidId: winner.id))
        try sql("UPDATE orders SET state = 'pendingPayment', charge_id = NULL WHERE id = ?", order.id)
        #expect(try auctions.winsAwaitingCapture().map(\.orderId) == [order.id])
        try auctions.recordCapture(orderId: order.id, .captured(chargeId: #require(winner.holdId)))
        try auctions.recordCapture(orderId: order.id, .notTaken(reason: "hold_released"))
        #expect(try auctions.wonOrder(bidId: winner.id)?.state == .paid, "the first answer stands")
        #expect(try auctions.winsAwaitingCapture().isEmpty)
    }

    // MARK: - Counters deciding on one auction at the same moment

    @Test(arguments: StorageBackend.allCases)
    func twoCountersOpeningANewDatabaseSeedTheAuctionsOnce(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let stores = AnyStores(try (0..<2).map { _ in try location.openStore(commerce: true) })
        let outcomes = runTogether(2) { index in try AuctionSeed.seedIfNew(stores.all[index], now: ManualClock().now) }
        for outcome in outcomes { #expect(throws: Never.self) { try outcome.get() } }
        let counts = try stores.all[0].read { tx in
            (auctions: try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM auctions"), marked: try tx.exists("SELECT 1 FROM auction_seed"))
        }
        #expect(counts.auctions == 3 && counts.marked)
    }

    /// Two shoppers at two counters bid the price shown to both, at the same moment, over several
    /// rounds: one bid stands at that price, the other is refused with the next price; never two
    /// bids at one price. Without the auction's row lock the server took both (seen).
    @Test(arguments: StorageBackend.allCases)
    func twoCountersBiddingThePriceAtOnceLetOneBidStand(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let setup = try AuctionCounter(location)
        let counters = AuctionCounters([try AuctionCounter(location), try AuctionCounter(location)])
        let rounds = 6
        for round in 1...rounds {
            let price = try setup.auctions.minimumBid(auctionId: "auction-lx318")
            let outcomes = runTogether(2) { index -> String in
                switch try counters.all[index].join(customer: "round-\(round)-shopper-\(index)", bid: price) {
                case .success(.joined(let bid))?: return "joined \(bid.amount.minorUnits)"
                case .failure(.bidTooLow(let minimum))?: return "too low, \(minimum.minorUnits)"
                case let other: return "\(String(describing: other))"
                }
            }
            let answers = outcomes.map { (try? $0.get()) ?? "threw \($0)" }
            #expect(answers.sorted() == ["joined \(price.minorUnits)", "too low, \(price.minorUnits + 1_000)"], "round \(round): \(answers)")
        }
        let standing = try setup.auctions.bids(auctionId: "auction-lx318").filter { $0.state == .joined }.map(\.amount.minorUnits)
        #expect(standing.count == rounds && Set(standing).count == rounds, "one bid a price: \(standing)")
    }

    /// One shopper joining one auction from two counters at once has one bid.
    @Test(arguments: StorageBackend.allCases)
    func oneShopperJoiningFromTwoCountersAtOnceHasOneBid(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let setup = try AuctionCounter(location)
        let counters = AuctionCounters([try AuctionCounter(location), try AuctionCounter(location)])
        for round in 1...4 {
            let outcomes = runTogether(2) { index -> String in
                switch try counters.all[index].join(customer: "shopper-\(round)", bid: Self.euros(100_000 * Int64(round) + Int64(index))) {
                case .success(.joined)?: return "joined"
                case .failure(.alreadyJoined)?: return "already joined"
                case .failure(.bidTooLow)?: return "too low"
                case let other: return "\(String(describing: other))"
                }
            }
            let answers = outcomes.map { (try? $0.get()) ?? "threw \($0)" }
            #expect(answers.filter { $0 == "joined" }.count == 1, "round \(round): \(answers)")
            #expect(try setup.count("SELECT COUNT(*) FROM auction_bids WHERE customer_id = ? AND state = 'joined'", "shopper-\(round)") == 1)
        }
    }

    /// Two counters' closes run at the same moment on auctions with three bids each: one winner,
    /// one order, paid once; the other bids lost once each, their holds released.
    @Test(arguments: StorageBackend.allCases)
    func twoCountersClosingOneAuctionAtOnceMakeOneWinnerAndOneOrder(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let setup = try AuctionCounter(location)
        let counters = AuctionCounters([try AuctionCounter(location), try AuctionCounter(location)])
        for round in 1...4 {
            let auctionId = "race-\(round)"
            let closes = setup.clock.now.addingTimeInterval(3600)
            try setup.store.write { tx in
                try tx.insert(AuctionRecord(id: auctionId, position: 10 + round, title: "Upgrade", flight: "LX \(round)", route: "ZRH -> GVA",
                                            flightDate: "2026-12-01", cabin: "Business", startBidMinor: 10_000, incrementMinor: 1_000,
                                            currency: "EUR", closesAt: closes, terms: "Terms.", tips: ""))
            }
            let bids = try ["low", "middle", "high"].enumerated().map { index, name in
                try setup.joined(auctionId, customer: "\(name)-\(round)", bid: Self.euros(10_000 + 5_000 * Int64(index)))
            }
            for counter in counters.all + [setup] { counter.clock.advance(to: closes) }
            _ = runTogether(2) { index in counters.all[index].close() }

            let states = try bids.map { try setup.auctions.bid(id: $0.id).state }
            #expect(states == [.lost, .lost, .won], "round \(round)")
            #expect(try setup.count("SELECT COUNT(*) FROM orders WHERE payment_key = ?", Auctions.holdKey(bidId: bids[2].id)) == 1, "round \(round): one order")
            #expect(try setup.auctions.wonOrder(bidId: bids[2].id)?.state == .paid)
            #expect(try setup.holdStatus(bids[2]) == .succeeded)
            for loser in bids.prefix(2) {
                #expect(try setup.holdStatus(loser) == .canceled)
                #expect(try setup.count("SELECT COUNT(*) FROM events WHERE subject_id = ? AND kind = 'auction.bid.lost'", loser.id) == 1,
                        "round \(round): lost once")
            }
            #expect(try setup.count("SELECT COUNT(*) FROM events WHERE subject_id = ? AND kind = 'auction.bid.won'", bids[2].id) == 1)
        }
    }

    /// Two operators at two counters void one hold at the same moment, each under a key of their
    /// own: the hold is voided once (one void, one bid left); the other is told a void is on its
    /// way or done, never a storage failure.
    @Test(arguments: StorageBackend.allCases)
    func twoCountersVoidingOneHoldAtOnceVoidItOnce(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let setup = try AuctionCounter(location)
        let counters = AuctionCounters([try AuctionCounter(location), try AuctionCounter(location)])
        for round in 1...4 {
            let bid = try setup.joined(customer: "shopper-\(round)", bid: Self.euros(100_000 * Int64(round)))
            let outcomes = runTogether(2) { index -> String in
                let counter = counters.all[index]
                switch counter.settle({ counter.auctions.voidHold(bidId: bid.id, idempotencyKey: "op-\(index)-\(round)", completion: $0) }) {
                case .success(let void)?: return "\(void.state)"
                case .failure(.inFlight)?, .failure(.notHeld(.left))?: return "refused"
                case let other: return "\(String(describing: other))"
                }
            }
            let answers = outcomes.map { (try? $0.get()) ?? "threw \($0)" }
            #expect(answers.sorted() == ["refused", "voided"], "round \(round): \(answers)")
            #expect(try setup.count("SELECT COUNT(*) FROM hold_voids WHERE bid_id = ?", bid.id) == 1)
            #expect(try setup.count("SELECT COUNT(*) FROM events WHERE subject_id = ? AND kind = 'auction.bid.left'", bid.id) == 1)
            #expect(try setup.holdStatus(bid) == .canceled)
        }
    }

    /// A void's answer committed by two counters at the same moment (the operator's counter and
    /// another counter's settler): the void is done once, the bid leaves once.
    @Test(arguments: StorageBackend.allCases)
    func twoCountersCommittingOneVoidAtOnceCommitItOnce(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let setup = try AuctionCounter(location)
        let counters = AuctionCounters([try AuctionCounter(location), try AuctionCounter(location)])
        for round in 1...4 {
            let bid = try setup.joined(customer: "shopper-\(round)", bid: Self.euros(100_000 * Int64(round)))
            let voidId = "hvd-\(round)"
            try setup.store.write { tx in
                try tx.insert(HoldVoidRecord(id: voidId, bidId: bid.id, holdId: #require(bid.holdId), idempotencyKey: "op-\(round)",
                                             amountMinor: bid.amount.minorUnits, currency: "EUR", state: .requested, failure: nil,
                                             createdAt: setup.clock.now, updatedAt: setup.clock.now, requestedBy: nil))
            }
            try setup.base.chargeService.cancel(#require(bid.holdId))
            let outcomes = runTogether(2) { index in try counters.all[index].auctions.finishVoid(voidId, released: true, reason: "") }
            for outcome in outcomes { #expect(throws: Never.self) { try outcome.get() } }
            #expect(try setup.count("SELECT COUNT(*) FROM events WHERE subject_id = ? AND kind = 'auction.hold_voided'", bid.id) == 1, "round \(round)")
            #expect(try setup.count("SELECT COUNT(*) FROM events WHERE subject_id = ? AND kind = 'auction.bid.left'", bid.id) == 1, "round \(round)")
        }
    }
}

/// Stores handed to threads, one each.
final class AnyStores: @unchecked Sendable {
    let all: [any CoreStore]
    init(_ all: [any CoreStore]) { self.all = all }
}

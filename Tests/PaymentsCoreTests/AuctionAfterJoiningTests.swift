import Clocks
import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// After joining: raising the bid (a new hold first, the old one released only once it stands),
/// and the close (the winner's hold captured into a paid order, the others released), each with
/// a write that fails where money moves, and the ledger's audit clean once settled.
@Suite struct AuctionAfterJoiningTests {
    private static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    /// A shopper with a saved card who joined LX 318 at the start bid (€150).
    private func joinedShopper(_ world: CommerceTestWorld, card: String = CommerceTestWorld.approvingCard,
                               bid: Money? = nil) throws -> (bid: AuctionBid, instrument: PaymentInstrument) {
        let saved = world.savedCard(card)
        let instrument = PaymentInstrument.savedMethod(saved.methodId, customerId: saved.customerId)
        let joined = world.settle { world.auctions.join(auctionId: "auction-lx318", customerId: saved.customerId, instrument: instrument,
                                                       bid: bid, termsAccepted: true, completion: $0) }
        guard case .success(.joined(let bid))? = joined else { throw AuctionTestError.notJoined("\(String(describing: joined))") }
        return (bid, instrument)
    }

    private func status(_ world: CommerceTestWorld, _ holdId: String?) throws -> ChargeStatus {
        try world.core.charges.charge(#require(holdId)).status
    }

    private func audit(_ world: CommerceTestWorld) throws -> [LedgerViolation] {
        try LedgerAudit().violations(in: world.core.store, now: world.clock.now)
    }

    // MARK: - Raise

    @Test(arguments: StorageBackend.allCases)
    func aRaiseHoldsTheNewAmountFirstAndOnlyThenReleasesTheOldHold(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (old, instrument) = try joinedShopper(world)
        let raised = try #require(world.settle { world.auctions.raise(bidId: old.id, to: Self.euros(16_000), instrument: instrument, completion: $0) }?.value)
        #expect(raised.state == .joined && raised.amount == Self.euros(16_000) && raised.id != old.id)
        #expect(try status(world, raised.holdId) == .authorized)
        #expect(try world.auctions.bid(id: old.id).state == .raised)
        #expect(try status(world, old.holdId) == .canceled)
        #expect(try world.auctions.standingBids(customerId: old.customerId)["auction-lx318"] == raised)
        #expect(try world.auctions.minimumBid(auctionId: "auction-lx318") == Self.euros(17_000))
        #expect(world.capturedCharges().isEmpty, "a raise holds, never takes")
        #expect(try audit(world) == [])
    }

    /// Found by the fault simulator: two closes running at once (the settler's and the loop's)
    /// each won the same bid, from a copy read before the other wrote, and placed two paid
    /// orders for one captured hold. A close reads each bid again before settling it.
    @Test(arguments: StorageBackend.allCases)
    func twoClosesAtOnceWinABidOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (first, _) = try joinedShopper(world)
        let saved = world.savedCard()
        let other = world.settle { world.auctions.join(auctionId: "auction-lx1612", customerId: saved.customerId,
                                                      instrument: .savedMethod(saved.methodId, customerId: saved.customerId),
                                                      termsAccepted: true, completion: $0) }
        guard case .success(.joined(let second))? = other else { Issue.record("not joined: \(String(describing: other))"); return }
        world.clock.advance(by: .days(30))
        // The first close wins LX 1612's bid and waits for its capture; the second reads LX 318's
        // bid still joined and wins it; the first then comes to its own copy of that bid.
        world.auctions.closeDueAuctions()
        world.auctions.closeDueAuctions()
        world.advance(.seconds(5))
        for bid in [first, second] {
            #expect(try world.auctions.bid(id: bid.id).state == .won)
            let orders = try world.core.store.read { tx in
                try tx.fetchValues(String.self, "SELECT id FROM orders WHERE payment_key = ?", "auction-\(bid.id)-hold")
            }
            #expect(orders.count == 1, "one order for the won bid \(bid.id): \(orders)")
        }
        #expect(world.capturedCharges().count == 2)
        #expect(try audit(world) == [])
    }

    /// Found by the fault simulator: a leave while her raise was in flight released the old hold
    /// and told her "left", then the raise stood with a new hold. A leave now waits for the raise.
    @Test(arguments: StorageBackend.allCases)
    func leavingWhileARaiseIsInFlightIsRefusedUntilTheRaiseIsKnown(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (old, instrument) = try joinedShopper(world)
        var raise: Result<AuctionBid, AuctionError>?
        world.auctions.raise(bidId: old.id, to: Self.euros(16_000), instrument: instrument) { raise = $0 }
        let leave = world.settle { world.auctions.leave(bidId: old.id, completion: $0) }
        guard case .outcomeUnknown? = leave?.failure else { Issue.record("the leave was not refused: \(String(describing: leave))"); return }
        let raised = try #require(raise?.value)
        #expect(raised.state == .joined)
        #expect(try status(world, old.holdId) == .canceled)
        #expect(try audit(world) == [])
        // Known now: she may leave the bid that stands, and nothing of hers is held.
        #expect(world.settle { world.auctions.leave(bidId: raised.id, completion: $0) }?.value?.state == .left)
        #expect(try world.core.chargeRepository.charges(status: .authorized).isEmpty)
    }

    /// Found by reading the raise after the simulator's finding: an auction that closed while the
    /// card answered a raise has chosen its winner (the old bid); the raise must not stand after
    /// it (a later close would choose it as a second winner). Its hold goes back.
    @Test(arguments: StorageBackend.allCases)
    func aRaiseWhoseAuctionClosedWhileTheCardAnsweredDoesNotStand(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (old, instrument) = try joinedShopper(world)
        let closesAt = try #require(try world.auctions.auction(id: "auction-lx318")).closesAt
        world.clock.advance(to: closesAt.addingTimeInterval(-0.05))
        var raise: Result<AuctionBid, AuctionError>?
        world.auctions.raise(bidId: old.id, to: Self.euros(16_000), instrument: instrument) { raise = $0 }
        world.clock.advance(to: closesAt.addingTimeInterval(0.01))
        world.auctions.closeDueAuctions()
        world.advance(.seconds(2))
        // Refused: the old bid won before the raise could stand (or the auction closed first).
        switch raise?.failure {
        case .notJoined(.won)?, .auctionClosed?: break
        default: Issue.record("the raise stood: \(String(describing: raise))"); return
        }
        #expect(try world.auctions.bid(id: old.id).state == .won)
        let bids = try world.auctions.bids(auctionId: "auction-lx318")
        #expect(bids.filter { $0.state == .joined || $0.state == .won }.map(\.id) == [old.id], "one bid stands, the winner: \(bids)")
        #expect(try world.core.chargeRepository.charges(status: .authorized).isEmpty, "the raise's hold went back")
        world.auctions.closeDueAuctions()
        world.advance(.seconds(2))
        #expect(world.capturedCharges().count == 1, "the winner is charged once")
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aRaiseBelowOneIncrementAboveTheHighestBidIsRefusedBeforeTheCardIsAsked(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (old, instrument) = try joinedShopper(world)
        let refused = world.settle { world.auctions.raise(bidId: old.id, to: Self.euros(15_500), instrument: instrument, completion: $0) }
        #expect(refused?.failure == .bidTooLow(minimum: Self.euros(16_000)))
        #expect(try world.auctions.bids(auctionId: "auction-lx318").count == 1, "nothing written")
        // Someone else bids higher: the minimum follows the highest bid, not hers.
        _ = try joinedShopper(world, bid: Self.euros(20_000))
        let tooLow = world.settle { world.auctions.raise(bidId: old.id, to: Self.euros(16_000), instrument: instrument, completion: $0) }
        #expect(tooLow?.failure == .bidTooLow(minimum: Self.euros(21_000)))
    }

    @Test(arguments: StorageBackend.allCases)
    func aDeclinedRaiseLeavesTheOldBidAndItsHoldStanding(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (old, _) = try joinedShopper(world)
        let declined = world.settle { world.auctions.raise(bidId: old.id, to: Self.euros(16_000), instrument: world.token(CommerceTestWorld.decliningCard),
                                                           completion: $0) }
        #expect(declined?.failure == .paymentFailed(PaymentDecline(.genericDecline)))
        #expect(try world.auctions.bid(id: old.id).state == .joined)
        #expect(try status(world, old.holdId) == .authorized)
        #expect(try world.auctions.standingBids(customerId: old.customerId)["auction-lx318"]?.id == old.id)
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aRaiseWhoseIntentCannotBeWrittenNeverAsksTheCard(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (old, instrument) = try joinedShopper(world)
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "auction_bids"
        failing.failNext = 1
        let answer = world.settle { world.auctions.raise(bidId: old.id, to: Self.euros(16_000), instrument: instrument, completion: $0) }
        guard case .storage? = answer?.failure else { Issue.record("expected a storage refusal, got \(String(describing: answer))"); return }
        #expect(try world.core.chargeRepository.charges(status: .authorized).count == 1, "no second hold was asked for")
        #expect(try world.auctions.bids(auctionId: "auction-lx318").map(\.state) == [.joined])
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aRaiseWhoseSwapCannotBeWrittenIsUnknownTheOldBidStandsAndTheSettlerVoidsTheNewHold(_ backend: StorageBackend) throws {
        let counter = try SettlerTests.Counter(backend)
        let (old, instrument) = try joinedShopper(counter.world)
        let failing = FailingCommits.install(on: counter.world.core)
        failing.onlyTable = "auction_bids"
        failing.passFirst = 1  // the raised bid's intent goes through
        failing.failNext = 1   // the swap does not
        let answer = counter.world.settle { counter.world.auctions.raise(bidId: old.id, to: Self.euros(16_000), instrument: instrument, completion: $0) }
        guard case .outcomeUnknown(let raisedId)? = answer?.failure else { Issue.record("expected unknown, got \(String(describing: answer))"); return }
        #expect(failing.failed == 1)
        #expect(try counter.world.auctions.bid(id: raisedId).state == .placing)
        #expect(try counter.world.auctions.bid(id: old.id).state == .joined)
        #expect(try status(counter.world, old.holdId) == .authorized)
        #expect(try counter.world.auctions.standingBids(customerId: old.customerId)["auction-lx318"]?.id == old.id, "the standing bid, not the raise in flight")
        // Another raise waits until this one is known.
        let again = counter.world.settle { counter.world.auctions.raise(bidId: old.id, to: Self.euros(17_000), instrument: instrument, completion: $0) }
        #expect(again?.failure == .outcomeUnknown(bidId: raisedId))

        counter.crashAndRestart()
        counter.world.advance(.seconds(11))
        counter.world.commerce.settler.settleNow()
        #expect(counter.count("SELECT COUNT(*) FROM auction_bids WHERE state = 'failed' AND failure = 'hold_voided'") == 1)
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'authorized'") == 1, "the old hold, only")
        #expect(try status(counter.world, old.holdId) == .authorized)
        #expect(try audit(counter.world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func anOldHoldWhoseReleaseFailsIsReleasedByTheSettler(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (old, instrument) = try joinedShopper(world)
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "charges"
        failing.passFirst = 2 // the new hold: recorded, then answered
        failing.failNext = 1  // the old hold's release
        let raised = world.settle { world.auctions.raise(bidId: old.id, to: Self.euros(16_000), instrument: instrument, completion: $0) }
        #expect(failing.failed == 1)
        #expect(raised?.value?.state == .joined, "the raise has happened")
        #expect(try world.auctions.bid(id: old.id).state == .raised)
        #expect(try status(world, old.holdId) == .authorized)
        #expect(world.commerce.settler.hasUnsettled())
        world.commerce.settler.settleNow()
        #expect(try status(world, old.holdId) == .canceled)
        #expect(try status(world, raised?.value?.holdId) == .authorized)
        #expect(try audit(world) == [])
    }

    // MARK: - Leave

    @Test(arguments: StorageBackend.allCases)
    func aLeaveWhoseAnswerCannotBeWrittenIsFinishedByTheSettler(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, _) = try joinedShopper(world)
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "auction_bids"
        failing.failNext = 1
        let left = world.settle { world.auctions.leave(bidId: bid.id, completion: $0) }
        guard case .storage? = left?.failure else { Issue.record("expected a storage failure, got \(String(describing: left))"); return }
        #expect(try status(world, bid.holdId) == .canceled, "the hold went")
        world.commerce.settler.settleNow()
        #expect(try world.auctions.bid(id: bid.id).state == .left)
        #expect(try audit(world) == [])
    }

    // MARK: - Close

    @Test(arguments: StorageBackend.allCases)
    func theWinnersHoldIsCapturedIntoAPaidOrderInHerHistoryAndTheOthersAreReleased(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (low, _) = try joinedShopper(world)
        let (high, _) = try joinedShopper(world, bid: Self.euros(30_000))
        world.advance(.days(3))
        _ = world.settle { (done: @escaping (Bool) -> Void) in world.auctions.closeDueAuctions { done(true) } }
        #expect(try world.auctions.bid(id: high.id).state == .won)
        #expect(try status(world, high.holdId) == .succeeded)
        #expect(world.capturedCharges().map(\.amountCaptured) == [Self.euros(30_000)])
        let order = try #require(try world.auctions.wonOrder(bidId: high.id))
        #expect(order.state == .paid && order.total == Self.euros(30_000) && order.chargeId == high.holdId)
        #expect(order.lines.map(\.name) == ["Upgrade to Business, LX 318 LHR -> ZRH"])
        #expect(try world.orders.orders(for: Customer.cartKey(customerId: high.customerId)).map(\.number) == [order.number])
        #expect(try world.auctions.bid(id: low.id).state == .lost)
        #expect(try status(world, low.holdId) == .canceled)
        #expect(try world.auctions.wonOrder(bidId: low.id) == nil)
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aCaptureWhoseWriteFailsLeavesTheOrderAwaitingAndTheSettlerCapturesItOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, _) = try joinedShopper(world)
        world.advance(.days(3))
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "charges"
        failing.failNext = 1 // the capture
        _ = world.settle { (done: @escaping (Bool) -> Void) in world.auctions.closeDueAuctions { done(true) } }
        #expect(failing.failed == 1)
        #expect(try world.auctions.bid(id: bid.id).state == .won)
        #expect(try world.auctions.wonOrder(bidId: bid.id)?.state == .pendingPayment, "not known: never paid, never failed")
        #expect(try status(world, bid.holdId) == .authorized)
        #expect(world.commerce.settler.hasUnsettled())
        // A day later the abandoned-order rule must not end it.
        world.advance(.days(1))
        world.commerce.settler.settleNow()
        #expect(try world.auctions.wonOrder(bidId: bid.id)?.state == .paid)
        #expect(try status(world, bid.holdId) == .succeeded)
        world.commerce.settler.settleNow()
        #expect(world.capturedCharges().count == 1)
        #expect(!world.commerce.settler.hasUnsettled())
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aWinWhoseIntentCannotBeWrittenStaysJoinedAndClosesNextPass(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, _) = try joinedShopper(world)
        world.advance(.days(3))
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "orders"
        failing.failNext = 1
        _ = world.settle { (done: @escaping (Bool) -> Void) in world.auctions.closeDueAuctions { done(true) } }
        #expect(try world.auctions.bid(id: bid.id).state == .joined)
        #expect(try status(world, bid.holdId) == .authorized, "nothing taken without its order")
        _ = world.settle { (done: @escaping (Bool) -> Void) in world.auctions.closeDueAuctions { done(true) } }
        #expect(try world.auctions.wonOrder(bidId: bid.id)?.state == .paid)
    }
}

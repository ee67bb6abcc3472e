import Clocks
import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// The operator's void of an auction hold: the intent on disk before the card is asked, the
/// answer committed with the bid it ends, once per idempotency key, refused for a bid that won
/// or is in flight, kept out of the auction's close, finished by the settler when a write fails
/// at any step or the answer is lost, and the ledger's audit clean afterwards.
@Suite struct HoldVoidTests {
    private static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    /// A shopper with a saved card who joined LX 318 at the start bid (€150).
    private func joinedBid(_ world: CommerceTestWorld, bid: Money? = nil) throws -> (bid: AuctionBid, instrument: PaymentInstrument) {
        let saved = world.savedCard()
        let instrument = PaymentInstrument.savedMethod(saved.methodId, customerId: saved.customerId)
        let joined = world.settle { world.auctions.join(auctionId: "auction-lx318", customerId: saved.customerId, instrument: instrument,
                                                       bid: bid, termsAccepted: true, completion: $0) }
        guard case .success(.joined(let bid))? = joined else { throw AuctionTestError.notJoined("\(String(describing: joined))") }
        return (bid, instrument)
    }

    private func void(_ world: CommerceTestWorld, _ bid: AuctionBid, key: String = "void-1") -> Result<HoldVoid, HoldVoidError>? {
        world.settle { world.auctions.voidHold(bidId: bid.id, idempotencyKey: key, completion: $0) }
    }

    private func status(_ world: CommerceTestWorld, _ holdId: String?) throws -> ChargeStatus {
        try world.core.charges.charge(#require(holdId)).status
    }

    private func audit(_ world: CommerceTestWorld) throws -> [LedgerViolation] {
        try LedgerAudit().violations(in: world.core.store, now: world.clock.now)
    }

    private func voidStates(_ world: CommerceTestWorld, _ bid: AuctionBid) throws -> [HoldVoidState] {
        try world.auctions.holdVoids(bidId: bid.id).map(\.state)
    }

    @Test(arguments: StorageBackend.allCases)
    func aVoidReleasesTheHoldTakesTheBidOutAndIsLoggedAndReported(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, _) = try joinedBid(world)
        #expect(try world.auctions.openHolds().map(\.bid.id) == [bid.id])
        let voided = try #require(void(world, bid)?.value)
        #expect(voided.state == .voided && voided.amount == Self.euros(15_000) && voided.holdId == bid.holdId)
        #expect(try status(world, bid.holdId) == .canceled)
        let after = try world.auctions.bid(id: bid.id)
        #expect(after.state == .left && after.failure == Auctions.voidedFailure)
        #expect(try world.auctions.openHolds().isEmpty)
        #expect(world.eventTypes(bid.id).suffix(3) == ["auction.void_requested", "auction.bid.left", "auction.hold_voided"])
        let report = try DayReports(store: world.core.store, clock: world.clock).current()
        #expect(report.voids.map(\.minorUnits) == [15_000] && report.voids.map(\.count) == [1])
        #expect(try audit(world) == [])
        // The close finds nothing of it: no capture, no order.
        world.clock.advance(by: .days(30))
        world.auctions.closeDueAuctions()
        world.advance(.seconds(2))
        #expect(world.capturedCharges().isEmpty)
        #expect(try world.auctions.bid(id: bid.id).state == .left)
    }

    @Test(arguments: StorageBackend.allCases)
    func theSameVoidAskedTwiceVoidsOnceAndAnotherKeyIsRefused(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, _) = try joinedBid(world)
        var answers: [Result<HoldVoid, HoldVoidError>] = []
        // A double press: the second comes before the first's answer.
        world.auctions.voidHold(bidId: bid.id, idempotencyKey: "k") { answers.append($0) }
        world.auctions.voidHold(bidId: bid.id, idempotencyKey: "k") { answers.append($0) }
        world.advance(.seconds(1))
        #expect(answers.count == 2)
        #expect(Set(answers.compactMap(\.value?.id)).count == 1, "one void: \(answers)")
        #expect(try voidStates(world, bid) == [.voided])
        #expect(void(world, bid, key: "k")?.value?.state == .voided, "asked again later, the same void")
        #expect(void(world, bid, key: "other")?.failure == .notHeld(.left))
        #expect(world.eventTypes(bid.id).filter { $0 == "auction.hold_voided" }.count == 1)
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aWonBidAClosedAuctionAndARaiseInFlightAreRefusedBeforeTheCardIsAsked(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, instrument) = try joinedBid(world)
        // A raise of hers not known yet: the void waits for it.
        var raise: Result<AuctionBid, AuctionError>?
        world.auctions.raise(bidId: bid.id, to: Self.euros(16_000), instrument: instrument) { raise = $0 }
        #expect(void(world, bid)?.failure == .inFlight(bidId: try #require(raise?.value?.id)))
        let raised = try #require(raise?.value)
        #expect(void(world, bid, key: "old")?.failure == .notHeld(.raised))
        #expect(world.settle { world.auctions.voidHold(bidId: "bid-none", idempotencyKey: "x", completion: $0) }?.failure == .unknownBid("bid-none"))
        // The auction has closed: its close decides; once it has, the bid is won and charged.
        let closesAt = try #require(try world.auctions.auction(id: "auction-lx318")).closesAt
        world.clock.advance(to: closesAt.addingTimeInterval(1))
        #expect(void(world, raised, key: "late")?.failure == .auctionClosed)
        world.auctions.closeDueAuctions()
        world.advance(.seconds(2))
        #expect(void(world, raised, key: "won")?.failure == .notHeld(.won))
        #expect(world.capturedCharges().count == 1)
        #expect(try world.auctions.holdVoids(bidId: raised.id).isEmpty, "nothing asked")
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aVoidInFlightKeepsTheCloseLeaveAndRaiseFromTheBid(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, instrument) = try joinedBid(world)
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "hold_voids"
        failing.passFirst = 1 // the intent
        failing.failNext = 1  // the answer
        #expect(void(world, bid)?.failure == .outcomeUnknown(voidId: try #require(try world.auctions.holdVoids(bidId: bid.id).first?.id)))
        #expect(try world.auctions.bid(id: bid.id).state == .joined, "not known yet: still standing on disk")
        #expect(world.settle { world.auctions.leave(bidId: bid.id, completion: $0) }?.failure == .outcomeUnknown(bidId: bid.id))
        #expect(world.settle { world.auctions.raise(bidId: bid.id, to: Self.euros(16_000), instrument: instrument, completion: $0) }?.failure
                == .outcomeUnknown(bidId: bid.id))
        #expect(try world.auctions.openHolds().map(\.voidInFlight) == [true])
        world.clock.advance(by: .days(30))
        world.auctions.closeDueAuctions()
        world.advance(.seconds(2))
        #expect(world.capturedCharges().isEmpty, "a bid being voided never wins")
        world.commerce.settler.settleNow()
        #expect(try voidStates(world, bid) == [.voided])
        #expect(try world.auctions.bid(id: bid.id).state == .left)
        #expect(try audit(world) == [])
    }

    // MARK: - A write failing at each step

    @Test(arguments: StorageBackend.allCases)
    func anIntentThatCannotBeWrittenAsksNothing(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, _) = try joinedBid(world)
        let failing = FailingCommits.install(on: world.core)
        failing.failNext = 1
        guard case .storage? = void(world, bid)?.failure else { Issue.record("a void whose intent is not on disk must be refused"); return }
        #expect(try status(world, bid.holdId) == .authorized)
        #expect(try voidStates(world, bid).isEmpty)
        #expect(try world.auctions.bid(id: bid.id).state == .joined)
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aReleaseTheCardCannotRecordIsUnknownAndTheSettlerVoidsOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, _) = try joinedBid(world)
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "charges"
        failing.failNext = 1  // the card's release (the intent touches no charge)
        guard case .outcomeUnknown? = void(world, bid)?.failure else { Issue.record("a release not recorded is not known"); return }
        #expect(try status(world, bid.holdId) == .authorized, "still held")
        #expect(try voidStates(world, bid) == [.requested])
        world.commerce.settler.settleNow()
        #expect(try status(world, bid.holdId) == .canceled)
        #expect(try voidStates(world, bid) == [.voided])
        #expect(try world.auctions.bid(id: bid.id).state == .left)
        #expect(void(world, bid)?.value?.state == .voided, "the same key answers the same void")
        #expect(world.eventTypes(bid.id).filter { $0 == "auction.hold_voided" }.count == 1)
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func anAnswerThatCannotBeWrittenIsUnknownAndTheSettlerFinishesIt(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, _) = try joinedBid(world)
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "hold_voids"
        failing.passFirst = 1 // the intent
        failing.failNext = 1  // the answer
        guard case .outcomeUnknown? = void(world, bid)?.failure else { Issue.record("a release whose answer is not on disk is not known"); return }
        #expect(try status(world, bid.holdId) == .canceled)
        #expect(try world.auctions.bid(id: bid.id).state == .joined)
        world.commerce.settler.settleNow()
        #expect(try voidStates(world, bid) == [.voided])
        let after = try world.auctions.bid(id: bid.id)
        #expect(after.state == .left && after.failure == Auctions.voidedFailure)
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aCounterKilledBetweenTheReleaseAndItsAnswerIsFinishedAtTheNextStart(_ backend: StorageBackend) throws {
        let counter = try SettlerTests.Counter(backend)
        let (bid, _) = try joinedBid(counter.world)
        counter.world.auctions.voidHold(bidId: bid.id, idempotencyKey: "k") { _ in }
        // The release is committed inside the call; the answer waits for the loop.
        counter.crashAndRestart()
        let world = counter.world
        #expect(try voidStates(world, bid) == [.requested])
        _ = try world.commerce.reconcileAfterRestart()
        #expect(try voidStates(world, bid) == [.voided])
        #expect(try world.auctions.bid(id: bid.id).state == .left)
        #expect(try status(world, bid.holdId) == .canceled)
        #expect(try audit(world) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aVoidLeftUnsettledIsReportedByTheAudit(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (bid, _) = try joinedBid(world)
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "charges"
        failing.failNext = 1
        _ = void(world, bid)
        world.clock.advance(by: .seconds(3_600))
        let stuck = try LedgerAudit(unsettledAfter: .minutes(15)).violations(in: world.core.store, now: world.clock.now)
        #expect(stuck.contains { if case .unsettled(.bid(id: bid.id), _) = $0 { true } else { false } }, "\(stuck)")
    }
}

import Clocks
import Foundation
import PaymentsCore
import Testing

@Suite struct AuctionTests {
    private func join(_ world: CommerceTestWorld, _ auctionId: String = "auction-lx318", customer: String = "cus_a", card: String = CommerceTestWorld.approvingCard,
                      bid: Money? = nil, terms: Bool = true) -> Result<JoinOutcome, AuctionError>? {
        world.settle { world.auctions.join(auctionId: auctionId, customerId: customer, instrument: world.token(card), bid: bid, termsAccepted: terms, completion: $0) }
    }

    private func joined(_ outcome: Result<JoinOutcome, AuctionError>?) throws -> AuctionBid {
        guard case .success(.joined(let bid)) = outcome else { throw AuctionTestError.notJoined("\(String(describing: outcome))") }
        return bid
    }

    private func holdStatus(_ world: CommerceTestWorld, _ bid: AuctionBid) throws -> ChargeStatus {
        try world.core.charges.charge(#require(bid.holdId)).status
    }

    @Test(arguments: StorageBackend.allCases)
    func threeAuctionsAreSeededWithAndWithoutTipsAndOneClosed(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let auctions = try world.auctions.auctions()
        #expect(auctions.map(\.flight) == ["LX 318", "LX 1612", "LX 40"])
        let upgrade = auctions[0]
        #expect(upgrade.route == "LHR -> ZRH" && upgrade.cabin == "Business")
        #expect(upgrade.startBid == Money(minorUnits: 15_000, currency: .eur))
        #expect(upgrade.minimumIncrement == Money(minorUnits: 1_000, currency: .eur))
        #expect(upgrade.tips.count == 3)
        #expect(upgrade.terms.components(separatedBy: "\n\n").count >= 3)
        #expect(auctions[1].tips.isEmpty)
        #expect(!upgrade.isClosed(at: world.clock.now) && !auctions[1].isClosed(at: world.clock.now))
        #expect(auctions[2].isClosed(at: world.clock.now))
    }

    @Test(arguments: StorageBackend.allCases)
    func joiningPlacesTheStartBidAsAHoldAndLeavingReleasesIt(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let bid = try joined(join(world))
        #expect(bid.state == .joined)
        #expect(bid.amount == Money(minorUnits: 15_000, currency: .eur))
        #expect(bid.authToken == "sbat_auction-lx318_\(bid.id)")
        #expect(try holdStatus(world, bid) == .authorized, "a hold, not a capture")
        #expect(world.capturedCharges().isEmpty)

        let left = world.settle { world.auctions.leave(bidId: bid.id, completion: $0) }
        #expect(left?.value?.state == .left)
        #expect(try holdStatus(world, bid) == .canceled)
        #expect(world.eventTypes(bid.id) == ["auction.bid.placing", "auction.bid.joined", "auction.bid.left"])
        #expect(world.settle { world.auctions.leave(bidId: bid.id, completion: $0) }?.failure == .notJoined(.left))
    }

    @Test(arguments: StorageBackend.allCases)
    func aClosedAuctionIsRefusedWithItsClosingTime(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let closed = try #require(try world.auctions.auction(id: "auction-lx40"))
        #expect(join(world, "auction-lx40")?.failure == .auctionClosed(closedAt: closed.closesAt))
        world.advance(.days(3))
        let lx318 = try #require(try world.auctions.auction(id: "auction-lx318"))
        #expect(join(world)?.failure == .auctionClosed(closedAt: lx318.closesAt))
    }

    @Test(arguments: StorageBackend.allCases)
    func aBidBelowTheMinimumIsRefusedAndTheMinimumRisesByTheIncrement(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        #expect(join(world, bid: Money(minorUnits: 14_999, currency: .eur))?.failure == .bidTooLow(minimum: Money(minorUnits: 15_000, currency: .eur)))
        _ = try joined(join(world, bid: Money(minorUnits: 20_000, currency: .eur)))
        #expect(try world.auctions.minimumBid(auctionId: "auction-lx318") == Money(minorUnits: 21_000, currency: .eur))
        #expect(join(world, customer: "cus_b", bid: Money(minorUnits: 20_500, currency: .eur))?.failure == .bidTooLow(minimum: Money(minorUnits: 21_000, currency: .eur)))
        #expect(try joined(join(world, customer: "cus_b")).amount.minorUnits == 21_000, "no bid given: the minimum")
    }

    @Test(arguments: StorageBackend.allCases)
    func termsAndAPaymentMethodAreRequired(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        #expect(join(world, terms: false)?.failure == .termsNotAccepted)
        let noMethod = world.settle { world.auctions.join(auctionId: "auction-lx318", customerId: "c", instrument: nil, termsAccepted: true, completion: $0) }
        #expect(noMethod?.failure == .paymentMethodRequired)
        #expect(join(world, "auction-nope")?.failure == .unknownAuction("auction-nope"))
        let bid = try joined(join(world))
        #expect(join(world)?.failure == .alreadyJoined(bidId: bid.id))
    }

    @Test(arguments: StorageBackend.allCases)
    func aDeclinedCardDoesNotJoin(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        #expect(join(world, card: CommerceTestWorld.decliningCard)?.failure == .paymentFailed(PaymentDecline(.genericDecline)))
        // The bid was on disk before the card was asked; the decline ends it, holding nothing.
        #expect((try? world.auctions.bids(auctionId: "auction-lx318"))?.map(\.state) == [.failed])
        #expect((try? world.core.chargeRepository.charges(status: .authorized))?.isEmpty == true)
    }

    @Test(arguments: StorageBackend.allCases)
    func threeDSecureIsHonouredBeforeTheHoldStands(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        guard case .success(.requiresAction(let bidId)) = join(world, card: CommerceTestWorld.challengeCard) else {
            Issue.record("expected a challenge")
            return
        }
        #expect(try world.auctions.bid(id: bidId).state == .requiresAction)
        #expect(try world.auctions.bid(id: bidId).authToken == nil, "no token before the challenge")
        let completed = world.settle { world.auctions.completeChallenge(bidId: bidId, code: SimulatedAcquirer.challengeCode, completion: $0) }
        let bid = try #require(completed?.value)
        #expect(bid.state == .joined && bid.authToken != nil)
        #expect(try holdStatus(world, bid) == .authorized)
    }

    @Test(arguments: StorageBackend.allCases)
    func aWrongChallengeCodeFailsTheJoin(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        guard case .success(.requiresAction(let bidId)) = join(world, card: CommerceTestWorld.challengeCard) else {
            Issue.record("expected a challenge")
            return
        }
        let completed = world.settle { world.auctions.completeChallenge(bidId: bidId, code: "000000", completion: $0) }
        #expect(completed?.failure == .paymentFailed(PaymentDecline(.authenticationFailed)))
        #expect(try world.auctions.bid(id: bidId).state == .failed)
    }

    @Test(arguments: StorageBackend.allCases)
    func closingCapturesTheWinningHoldAndReleasesTheOthers(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let low = try joined(join(world, customer: "cus_low"))
        let high = try joined(join(world, customer: "cus_high", bid: Money(minorUnits: 30_000, currency: .eur)))
        world.advance(.days(3))
        _ = world.settle { (done: @escaping (Bool) -> Void) in world.auctions.closeDueAuctions { done(true) } }
        #expect(try world.auctions.bid(id: high.id).state == .won)
        #expect(try holdStatus(world, high) == .succeeded)
        #expect(try world.auctions.bid(id: low.id).state == .lost)
        #expect(try holdStatus(world, low) == .canceled)
    }
}

@Suite struct DueWorkTests {
    @Test(arguments: StorageBackend.allCases)
    func oneCallRunsRenewalsAndClosesAuctions(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let saved = world.savedCard()
        let subscribed = world.settle { world.subscriptions.subscribe(customerId: saved.customerId, planId: "plan-weekly-jar", payer: .savedCard(paymentMethodId: saved.methodId), completion: $0) }
        let subscription = try #require(subscribed?.value)
        let bid = world.settle { world.auctions.join(auctionId: "auction-lx318", customerId: "c", instrument: world.token(), termsAccepted: true, completion: $0) }
        guard case .success(.joined(let joined)) = bid else { Issue.record("not joined"); return }
        // The next due moment is the sooner of the renewal and the close of an auction with bids.
        let closes = try #require(try world.auctions.auction(id: "auction-lx318")).closesAt
        #expect(sameInstant(try world.commerce.nextDueDate(), min(subscription.currentPeriodEnd, closes)))
        world.advance(.days(7))
        #expect(world.settle { (done: @escaping (Bool) -> Void) in world.commerce.runDueWork { done(true) } } == true)
        #expect(try world.subscriptions.subscription(id: subscription.id)?.periodIndex == 1)
        #expect(try world.auctions.bid(id: joined.id).state == .won)
    }
}

enum AuctionTestError: Error { case notJoined(String) }

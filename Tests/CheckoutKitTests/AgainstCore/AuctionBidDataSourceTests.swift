@_spi(Core) import CheckoutKit
import Clocks
import Foundation
@_spi(Testing) import PaymentsCore
import Testing

/// After joining, through the data source: the list marks the bid, a raise holds the new amount
/// before the old hold goes, leaving releases it, and the close is read as the core decided it.
@Suite struct AuctionBidDataSourceTests {
    let world = CoreWorld()
    let screen = AuctionScreen()

    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    /// Ada, signed in with a saved Visa, joined LX 318 at the start bid.
    private func joined(card: String = CoreWorld.visa) throws -> CoreAuctionController {
        world.signUp()
        _ = try world.services.account.saveCard(world.newCard(card))
        let (flow, controller) = try world.services.auctionJoinFlow(auctionId: "auction-lx318", delegate: screen, pinProvider: screen)
        flow.acceptTerms()
        flow.continueToPayment()
        flow.placeStartBid()
        world.advance()
        guard case .joined = flow.step else { throw AuctionDataSourceTestError.notJoined("\(flow.step) \(String(describing: flow.notice))") }
        return controller
    }

    private func refusal(_ result: Result<ShopperBid, Refusal>?) -> Refusal? {
        if case .failure(let refusal)? = result { return refusal }
        return nil
    }

    private func listed(_ auctionId: String) -> ShopperBid? {
        world.services.auctionCatalog.listings().first { $0.identifier == auctionId }?.yourBid
    }

    @Test func theListMarksTheJoinedAuctionWithTheHeldBid() throws {
        #expect(world.services.auctionCatalog.listings().allSatisfy { $0.yourBid == nil }, "nobody signed in: no marks")
        let controller = try joined()
        let bid = try #require(listed("auction-lx318"))
        #expect(bid.standing == .held && bid.amount == euros(15_000))
        #expect(bid.card == "Visa •••• 4242")
        #expect(bid.minimumRaise == euros(16_000))
        #expect(controller.currentBid == bid)
        #expect(listed("auction-lx1612") == nil)
    }

    @Test func aRaiseIsHeldOnTheSameCardAndTheListShowsTheNewAmount() throws {
        let controller = try joined()
        let raised = world.settle { controller.raiseBid(to: euros(17_000), completion: $0) }
        let bid = try #require(try raised?.get())
        #expect(bid.standing == .held && bid.amount == euros(17_000) && bid.card == "Visa •••• 4242")
        #expect(listed("auction-lx318")?.amount == euros(17_000))
        let holds = world.charges(for: world.services.session.customerId)
        #expect(holds.map(\.status).sorted { "\($0)" < "\($1)" } == [.authorized, .canceled])
        #expect(world.services.auctionCatalog.listings().count == 3)
    }

    @Test func aRaiseBelowTheIncrementIsRefusedAndTheBidStands() throws {
        let controller = try joined()
        let refused = world.settle { controller.raiseBid(to: euros(15_500), completion: $0) }
        #expect(refusal(refused) == .auction(.bidTooLow(minimum: euros(16_000))))
        #expect(controller.currentBid?.amount == euros(15_000))
    }

    @Test func leavingReleasesTheHoldAndTheListSaysLeft() throws {
        let controller = try joined()
        let left = world.settle { controller.leaveAuction(completion: $0) }
        #expect(try left?.get().standing == .left)
        #expect(listed("auction-lx318")?.standing == .left)
        #expect(world.charges(for: world.services.session.customerId).map(\.status) == [.canceled])
    }

    @Test func theCloseIsReadAsTheCoreDecidedIt() throws {
        let controller = try joined()
        world.advance(.days(3))
        _ = world.settle { (done: @escaping (Bool) -> Void) in world.services.runDueWork { done(true) } }
        guard case .won(.charged(let number, let amount))? = controller.currentBid?.standing else {
            Issue.record("not won and charged: \(String(describing: controller.currentBid))"); return
        }
        #expect(amount == euros(15_000))
        #expect(try world.services.account.orderHistory().map(\.number) == [number])
        #expect(controller.currentBid?.minimumRaise == nil, "closed: nothing to raise")
    }

    @Test func aNewcomersStartBidIsOneIncrementAboveTheHighestBid() throws {
        _ = try joined()
        #expect(try world.services.auctionCatalog.upgradeContext(auctionId: "auction-lx318").auction.startBid == euros(16_000))
        #expect(world.services.auctionCatalog.listings().first?.startBid == euros(16_000))
        world.advance(.days(3))
        #expect(world.services.auctionCatalog.listings().first?.startBid == euros(15_000), "closed: the auction's own start bid")
    }

    @Test func aGuestHasNoBidToRaiseOrLeave() throws {
        let controller = world.services.auctionController(for: "auction-lx318")
        #expect(controller.currentBid == nil)
        #expect(refusal(world.settle { controller.raiseBid(to: euros(16_000), completion: $0) }) == .notSignedIn)
        #expect(refusal(world.settle { controller.leaveAuction(completion: $0) }) == .notSignedIn)
    }
}

enum AuctionDataSourceTestError: Error { case notJoined(String) }


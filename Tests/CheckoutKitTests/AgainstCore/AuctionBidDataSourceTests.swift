@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// After joining, through the data source: the list marks the bid, a raise holds the new amount
/// before the old hold goes, leaving releases it, and the close is read as the core decided it.
@Suite struct AuctionBidDataSourceTests {
    /// One test's shopper: its world on the engine, and the auction screen she answers on.
    struct Bidder {
        let world: CoreWorld
        let screen = AuctionScreen()

        init(_ engine: ControllerEngine) throws { world = try CoreWorld(engine) }

        /// Ada, signed in with a saved Visa, joined LX 318 at the start bid.
        func joined(card: String = CoreWorld.visa) throws -> CoreAuctionController {
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

        /// Her bid on `auctionId` as the auctions' list shows it.
        func listed(_ auctionId: String) -> ShopperBid? {
            world.services.auctionCatalog.listings().first { $0.identifier == auctionId }?.yourBid
        }
    }

    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    private func refusal(_ result: Result<ShopperBid, Refusal>?) -> Refusal? {
        if case .failure(let refusal)? = result { return refusal }
        return nil
    }

    @Test(arguments: ControllerEngine.allCases)
    func theListMarksTheJoinedAuctionWithTheHeldBid(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        #expect(bidder.world.services.auctionCatalog.listings().allSatisfy { $0.yourBid == nil }, "nobody signed in: no marks")
        let controller = try bidder.joined()
        let bid = try #require(bidder.listed("auction-lx318"))
        #expect(bid.standing == .held && bid.amount == euros(15_000))
        #expect(bid.card == "Visa •••• 4242")
        #expect(bid.minimumRaise == euros(16_000))
        #expect(controller.currentBid == bid)
        #expect(bidder.listed("auction-lx1612") == nil)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aRaiseIsHeldOnTheSameCardAndTheListShowsTheNewAmount(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        let controller = try bidder.joined()
        let raised = bidder.world.settle { controller.raiseBid(to: euros(17_000), completion: $0) }
        let bid = try #require(try raised?.get())
        #expect(bid.standing == .held && bid.amount == euros(17_000) && bid.card == "Visa •••• 4242")
        #expect(bidder.listed("auction-lx318")?.amount == euros(17_000))
        let holds = bidder.world.charges(for: bidder.world.services.session.customerId)
        #expect(holds.map(\.status).sorted { "\($0)" < "\($1)" } == [.authorized, .canceled])
        #expect(bidder.world.services.auctionCatalog.listings().count == 3)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aRaiseBelowTheIncrementIsRefusedAndTheBidStands(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        let controller = try bidder.joined()
        let refused = bidder.world.settle { controller.raiseBid(to: euros(15_500), completion: $0) }
        #expect(refusal(refused) == .auction(.bidTooLow(minimum: euros(16_000))))
        #expect(controller.currentBid?.amount == euros(15_000))
    }

    @Test(arguments: ControllerEngine.allCases)
    func leavingReleasesTheHoldAndTheListSaysLeft(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        let controller = try bidder.joined()
        let left = bidder.world.settle { controller.leaveAuction(completion: $0) }
        #expect(try left?.get().standing == .left)
        #expect(bidder.listed("auction-lx318")?.standing == .left)
        #expect(bidder.world.charges(for: bidder.world.services.session.customerId).map(\.status) == [.canceled])
    }

    @Test(arguments: ControllerEngine.allCases)
    func theCloseIsReadAsTheCoreDecidedIt(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        let controller = try bidder.joined()
        bidder.world.advance(.days(3))
        _ = bidder.world.settle { (done: @escaping (Bool) -> Void) in bidder.world.services.runDueWork { done(true) } }
        guard case .won(.charged(let number, let amount))? = controller.currentBid?.standing else {
            Issue.record("not won and charged: \(String(describing: controller.currentBid))"); return
        }
        #expect(amount == euros(15_000))
        #expect(try bidder.world.services.account.orderHistory().map(\.number) == [number])
        #expect(controller.currentBid?.minimumRaise == nil, "closed: nothing to raise")
    }

    @Test(arguments: ControllerEngine.allCases)
    func aNewcomersStartBidIsOneIncrementAboveTheHighestBid(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        _ = try bidder.joined()
        #expect(try bidder.world.services.auctionCatalog.upgradeContext(auctionId: "auction-lx318").auction.startBid == euros(16_000))
        #expect(bidder.world.services.auctionCatalog.listings().first?.startBid == euros(16_000))
        bidder.world.advance(.days(3))
        #expect(bidder.world.services.auctionCatalog.listings().first?.startBid == euros(15_000), "closed: the auction's own start bid")
    }

    @Test(arguments: ControllerEngine.allCases)
    func aGuestHasNoBidToRaiseOrLeave(_ engine: ControllerEngine) throws {
        let bidder = try Bidder(engine)
        let controller = bidder.world.services.auctionController(for: "auction-lx318")
        #expect(controller.currentBid == nil)
        #expect(refusal(bidder.world.settle { controller.raiseBid(to: euros(16_000), completion: $0) }) == .notSignedIn)
        #expect(refusal(bidder.world.settle { controller.leaveAuction(completion: $0) }) == .notSignedIn)
    }
}

enum AuctionDataSourceTestError: Error { case notJoined(String) }


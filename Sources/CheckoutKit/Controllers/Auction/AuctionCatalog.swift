import Foundation
import PaymentsCore

/// The seeded auctions as the auction screens list them, and the `UpgradeContext` that opens the
/// flow for one of them (every field filled from the core's record, validated).
public final class AuctionCatalog {
    /// The core records the upgrade cabin only; the booked cabin of the seeded flights is economy.
    public static let bookedCabin = "Economy"
    private let auctions: Auctions
    private let clock: () -> Date
    private let bids: ShopperBids
    private let session: CounterSession

    init(core: PaymentsServices, auctions: Auctions, session: CounterSession) {
        self.auctions = auctions
        self.clock = { [clock = core.clock] in clock.now }
        self.bids = ShopperBids(core: core, auctions: auctions)
        self.session = session
    }

    public struct Listing: Hashable, Sendable {
        public let identifier: String
        public let title: String
        public let flight: String
        public let route: String
        public let startBid: Money
        public let closesAt: Date
        public let isClosed: Bool
        /// The signed-in shopper's bid in it, if she joined.
        public let yourBid: ShopperBid?
    }

    public func listings() -> [Listing] {
        let now = clock()
        let yours = bids.all(customerId: session.customerId)
        return ((try? auctions.auctions()) ?? []).map {
            Listing(identifier: $0.id, title: $0.title, flight: $0.flight, route: $0.route, startBid: startBid(of: $0),
                    closesAt: $0.closesAt, isClosed: $0.isClosed(at: now), yourBid: yours[$0.id])
        }
    }

    /// What a newcomer's start bid is now: the auction's start bid, or one increment above the
    /// highest bid once others have bid (the core refuses less). Closed, it takes none: as set.
    private func startBid(of auction: StoredAuction) -> Money {
        guard !auction.isClosed(at: clock()) else { return auction.startBid }
        return (try? auctions.minimumBid(auctionId: auction.id)) ?? auction.startBid
    }

    /// The context for one auction; `.missingField("auctionIdentifier")` for an unknown one.
    public func upgradeContext(auctionId: String) throws(UpgradeContextError) -> UpgradeContext {
        guard let auction = try? auctions.auction(id: auctionId) else { throw .missingField("auctionIdentifier") }
        var draft = Self.draft(for: auction)
        draft.startBid = startBid(of: auction)
        return try UpgradeContext(validating: draft)
    }

    static func draft(for auction: StoredAuction) -> UpgradeContext.Draft {
        var draft = UpgradeContext.Draft()
        draft.flightNumber = auction.flight
        let ends = auction.route.components(separatedBy: "->").map { $0.trimmingCharacters(in: .whitespaces) }
        draft.origin = ends.first
        draft.destination = ends.count > 1 ? ends.last : nil
        draft.departure = departure(auction.flightDate)
        draft.currentCabin = bookedCabin
        draft.upgradeCabin = auction.cabin
        draft.auctionIdentifier = auction.id
        draft.startBid = auction.startBid
        draft.increment = auction.minimumIncrement
        draft.closesAt = auction.closesAt
        draft.terms = auction.terms.components(separatedBy: "\n\n")
        draft.tips = auction.tips
        return draft
    }

    /// "2026-11-28" at midnight UTC.
    private static func departure(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }
}

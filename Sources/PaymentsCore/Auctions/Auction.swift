import Foundation

/// A flight-upgrade auction (seed 002) as the core stores it: the flight it upgrades, its terms
/// and tips as written, and the bidding rules. The seed's `Auction` (CheckoutKit) is the part the
/// join flow hands to `onJoin`; `AuctionCatalog.draft(for:)` is the one way from this to that.
public struct StoredAuction: Hashable, Sendable, Identifiable {
    public let id: String
    public let title: String
    public let flight: String
    public let route: String
    /// The flight's date as printed on the boarding pass, e.g. `2026-11-28`.
    public let flightDate: String
    public let cabin: String
    public let startBid: Money
    public let minimumIncrement: Money
    public let closesAt: Date
    /// Several paragraphs, separated by blank lines; the shopper must accept them.
    public let terms: String
    /// Optional: when empty, the terms step shows no tips.
    public let tips: [String]

    public func isClosed(at now: Date) -> Bool { now >= closesAt }
}

public enum BidState: String, Hashable, Sendable {
    /// On disk before the card is asked for the hold; the answer (or the settler) moves it on.
    case placing
    /// Waiting for the shopper's 3-D Secure answer.
    case requiresAction
    /// In the auction: the bid is held on the card (not captured).
    case joined
    /// The shopper left; the hold was released.
    case left
    /// The auction closed and another bid won; the hold was released.
    case lost
    /// The highest bid when the auction closed: its hold is captured, and the order that says
    /// so is `Auctions.wonOrder(bidId:)`.
    case won
    case failed
    /// The shopper raised it: a higher bid of hers, held on the card, took its place, and this
    /// bid's hold is released (by the settler, should the counter die first).
    case raised
}

public struct AuctionBid: Hashable, Sendable, Identifiable {
    public let id: String
    public let auctionId: String
    public let customerId: String
    public let amount: Money
    public let holdId: String?
    /// Handed to `onJoin(authToken:auction:)`.
    public let authToken: String?
    public let state: BidState
    public let failure: String?
}

public enum JoinOutcome: Hashable, Sendable {
    case joined(AuctionBid)
    /// 3-D Secure: ask for the bank's code, then call `completeChallenge(bidId:code:)`.
    case requiresAction(bidId: String)
}

public enum AuctionError: Error, Hashable, Sendable {
    case unknownAuction(String)
    case unknownBid(String)
    case termsNotAccepted
    case paymentMethodRequired
    case auctionClosed(closedAt: Date)
    case bidTooLow(minimum: Money)
    case alreadyJoined(bidId: String)
    case notJoined(BidState)
    case paymentFailed(PaymentDecline)
    /// The card was asked but its answer is not known: the hold may be on the card. The settler
    /// records the bid or voids the hold; joining again waits until it has.
    case outcomeUnknown(bidId: String)
    case storage(String)
}

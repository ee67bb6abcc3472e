import Foundation

/// The operator's void of an auction hold: money authorised on a shopper's card for a standing
/// bid, released without capture from the back office. The intent is on disk before the card is
/// asked, under the operator's idempotency key; the answer is committed with the bid it ends.
public struct HoldVoid: Hashable, Sendable, Identifiable {
    public let id: String
    public let bidId: String
    public let auctionId: String
    public let holdId: String
    public let amount: Money
    public let state: HoldVoidState
    /// Why a failed void failed (the hold was captured meanwhile, say).
    public let failure: String?
    public let idempotencyKey: String
    public let createdAt: Date
    public let updatedAt: Date
}

public enum HoldVoidState: String, Hashable, Sendable {
    /// On disk, the card asked or about to be; the settler finishes it should the answer be lost.
    case requested
    /// The hold is released and the bid is out of its auction (`left`, failure `voided`).
    case voided
    /// The hold could not be released (it was captured): nothing changed.
    case failed
}

/// A hold the back office may void: a bid standing in an auction that has not closed, its
/// money authorised and not captured.
public struct OpenHold: Hashable, Sendable, Identifiable {
    public let bid: AuctionBid
    public let auction: StoredAuction
    /// A void of it is asked and its answer not known yet (the settler finishes it).
    public let voidInFlight: Bool
    public var id: String { bid.id }
}

/// Why a void was refused or did not finish. Every refusal before the card is asked moves no
/// money; `outcomeUnknown` is the one case where the hold may be released already.
public enum HoldVoidError: Error, Hashable, Sendable {
    case unknownBid(String)
    /// The bid holds nothing to void now: it won (and was charged), left, lost, failed, or was raised.
    case notHeld(BidState)
    /// The bid's hold is being placed, raised, checked by 3-D Secure or voided already: not known yet.
    case inFlight(bidId: String)
    /// The auction has closed: its winner is being charged, the others released by the close.
    case auctionClosed
    /// The person asking may not void alone, and no manager approved (issue 36).
    case staff(StaffError)
    case outcomeUnknown(voidId: String)
    case storage(String)
}

import PaymentsCore

/// The shopper's bid in one auction after joining, as the list and the bid screen show it. The
/// core decides every field (the hold, the close, the capture); the screens only read it.
public struct ShopperBid: Hashable, Sendable {
    public enum Standing: Hashable, Sendable {
        /// In the auction: held on the card, not charged.
        case held
        /// The card is still being asked about it (its answer not known yet, or a security
        /// check waits): it may or may not stand.
        case needsCheck
        /// The highest bid when the auction closed.
        case won(WinCharge)
        /// Another bid won; the hold is released.
        case lost
        /// The shopper left; the hold is released.
        case left
    }

    /// What became of a won bid's hold.
    public enum WinCharge: Hashable, Sendable {
        /// Captured: the order `orderNumber` is paid with it.
        case charged(orderNumber: String, amount: Money)
        /// The capture's answer is not known yet: the settler learns it, never a guess.
        case notKnownYet(orderNumber: String?)
        /// The hold was gone before it could be taken: nothing was charged.
        case notCharged
    }

    public let bidId: String
    public let auctionId: String
    public let amount: Money
    public let standing: Standing
    /// "Visa •••• 4242": the card the bid is held on, when known.
    public let card: String?
    /// The lowest amount a raise may name now; nil when the bid cannot be raised (not held, or
    /// the auction closed).
    public let minimumRaise: Money?

    public init(bidId: String, auctionId: String, amount: Money, standing: Standing, card: String?, minimumRaise: Money?) {
        self.bidId = bidId
        self.auctionId = auctionId
        self.amount = amount
        self.standing = standing
        self.card = card
        self.minimumRaise = minimumRaise
    }

    /// Held, and the auction still open: the bid can be raised or left.
    public var isOpen: Bool { standing == .held && minimumRaise != nil }
}

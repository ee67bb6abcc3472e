import PaymentsCore

/// The signed-in shopper's bids as `ShopperBid`s, read from the core: the auction list's marks
/// and the bid screen say the same thing because they come from here.
struct ShopperBids {
    let core: PaymentsServices
    let auctions: Auctions

    /// By auction id; empty for a guest.
    func all(customerId: String) -> [String: ShopperBid] {
        guard !customerId.isEmpty, let standing = try? auctions.standingBids(customerId: customerId) else { return [:] }
        return standing.mapValues(describe)
    }

    /// The core's bid that says where she stands in the auction, if any.
    func standing(customerId: String, auctionId: String) -> AuctionBid? {
        guard !customerId.isEmpty else { return nil }
        return (try? auctions.standingBids(customerId: customerId))?[auctionId]
    }

    func describe(_ bid: AuctionBid) -> ShopperBid {
        let hold = bid.holdId.flatMap { try? core.charges.charge($0) }
        let open = (try? auctions.auction(id: bid.auctionId))??.isClosed(at: core.clock.now) == false
        let minimum = bid.state == .joined && open ? try? auctions.minimumBid(auctionId: bid.auctionId) : nil
        return ShopperBid(bidId: bid.id, auctionId: bid.auctionId, amount: bid.amount, standing: standing(of: bid),
                          card: hold.map { "\($0.brand.displayName) •••• \($0.lastFour)" }, minimumRaise: minimum)
    }

    private func standing(of bid: AuctionBid) -> ShopperBid.Standing {
        switch bid.state {
        case .joined: .held
        case .placing, .requiresAction: .needsCheck
        case .won: .won(winCharge(bid))
        case .lost: .lost
        // `standingBids` answers neither a failed bid nor a raised one; were it to, neither holds anything.
        case .left, .failed, .raised: .left
        }
    }

    private func winCharge(_ bid: AuctionBid) -> ShopperBid.WinCharge {
        guard let order = (try? auctions.wonOrder(bidId: bid.id)) ?? nil else { return .notKnownYet(orderNumber: nil) }
        switch order.state {
        case .paid, .refunded: return .charged(orderNumber: order.number, amount: order.total)
        case .pendingPayment: return .notKnownYet(orderNumber: order.number)
        case .failed: return .notCharged
        }
    }
}

import Foundation
import GRDB

/// The order a won auction bid is paid by: one line (the upgrade), no jars, in the customer's
/// order history. Placed in the transaction that marks the bid won, paid in the one that records
/// its hold's capture (`Auctions`), so the win and its receipt never part.
extension Orders {
    func placeWonBid(_ db: Database, bid: AuctionBid, auction: StoredAuction) throws -> Order {
        let number = try OrderNumbers.next(in: db)
        let id = ids.next("ord")
        let record = OrderRecord(id: id, number: number, sessionKey: Customer.cartKey(customerId: bid.customerId), state: .pendingPayment,
                                 totalMinor: bid.amount.minorUnits, currency: bid.amount.currency.code, createdAt: clock.now,
                                 updatedAt: clock.now, paymentKind: .auction, owner: owner, paymentKey: Auctions.holdKey(bidId: bid.id))
        try record.insert(db)
        try OrderLineRecord(orderId: id, position: 0, productId: auction.id, name: "\(auction.title), \(auction.flight) \(auction.route)",
                            unitMinor: bid.amount.minorUnits, quantity: 1).insert(db)
        try events.record(db, type: "order.placed", subject: id, data: ["total": "\(bid.amount.minorUnits)", "currency": bid.amount.currency.code,
                                                                           "bid": bid.id])
        return try record.order(db)
    }

    /// The won bid's hold was captured: its order is paid with it. Settled already: as it is.
    func markWonBidPaid(_ db: Database, orderId: String, chargeId: String) throws {
        guard try Order.load(db, id: orderId)?.state == .pendingPayment else { return }
        try setState(db, orderId, .paid, failure: nil, chargeId: chargeId)
    }

    /// The won bid's hold could not be captured (released or failed meanwhile): nothing was taken.
    func markWonBidUnpaid(_ db: Database, orderId: String, reason: String) throws {
        guard try Order.load(db, id: orderId)?.state == .pendingPayment else { return }
        try setState(db, orderId, .failed, failure: reason, chargeId: nil)
    }

    /// The order of a won bid, whatever its state.
    func wonBidOrder(_ db: Database, bidId: String) throws -> Order? {
        try OrderRecord.all().paidBy(.auction).filter(OrderRecord.Columns.paymentKey == Auctions.holdKey(bidId: bidId)).fetchOne(db)?.order(db)
    }

    /// Won bids' orders still waiting for their capture, with the hold they wait on.
    func wonBidOrdersAwaitingCapture(_ db: Database) throws -> [(orderId: String, holdKey: String)] {
        try OrderRecord.all().paidBy(.auction).awaitingPayment().order(OrderRecord.Columns.id).fetchAll(db)
            .compactMap { record in record.paymentKey.map { (record.id, $0) } }
    }
}

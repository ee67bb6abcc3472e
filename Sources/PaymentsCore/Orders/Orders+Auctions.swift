import Foundation

/// The order a won auction bid is paid by: one line (the upgrade), no jars, in the customer's
/// order history. Placed in the transaction that marks the bid won, paid in the one that records
/// its hold's capture (`Auctions`), so the win and its receipt never part.
extension Orders {
    func placeWonBid(_ tx: any CoreTransaction, bid: AuctionBid, auction: StoredAuction) throws -> Order {
        let number = try OrderNumbers.next(in: tx)
        let id = ids.next("ord")
        let record = OrderRecord(id: id, number: number, sessionKey: Customer.cartKey(customerId: bid.customerId), state: .pendingPayment,
                                 totalMinor: bid.amount.minorUnits, currency: bid.amount.currency.code, createdAt: clock.now,
                                 updatedAt: clock.now, paymentKind: .auction, owner: owner, paymentKey: Auctions.holdKey(bidId: bid.id),
                                 counter: counterName)
        try tx.insert(record)
        try tx.insert(OrderLineRecord(orderId: id, position: 0, productId: auction.id, name: "\(auction.title), \(auction.flight) \(auction.route)",
                                      unitMinor: bid.amount.minorUnits, quantity: 1,
                                      taxRateBp: tax.rate(forCategory: TaxTable.Category.auction).basisPoints))
        try events.record(tx, type: "order.placed", subject: id, data: ["total": "\(bid.amount.minorUnits)", "currency": bid.amount.currency.code,
                                                                           "bid": bid.id])
        return try record.order(tx)
    }

    /// The won bid's hold was captured: its order is paid with it. Settled already: as it is.
    /// The order's row is locked first (on a server): the capture's answer and a settler's
    /// recording it take turns, and the order is paid once.
    func markWonBidPaid(_ tx: any CoreTransaction, orderId: String, chargeId: String) throws {
        guard let order = try OrderRecord.stored(tx, id: orderId, locking: true), order.state == .pendingPayment else { return }
        try setState(tx, orderId, .paid, failure: nil, chargeId: chargeId)
        try MoneyLedger.bookPayment(tx, order: order, reference: chargeId, movement: .capture, at: clock.now, counter: order.counter ?? counterName)
    }

    /// The won bid's hold could not be captured (released or failed meanwhile): nothing was taken.
    func markWonBidUnpaid(_ tx: any CoreTransaction, orderId: String, reason: String) throws {
        guard try OrderRecord.stored(tx, id: orderId, locking: true)?.state == .pendingPayment else { return }
        try setState(tx, orderId, .failed, failure: reason, chargeId: nil)
    }

    /// The order of a won bid, whatever its state.
    func wonBidOrder(_ tx: any CoreTransaction, bidId: String) throws -> Order? {
        try tx.fetchOne(OrderRecord.self, "SELECT * FROM orders o WHERE o.payment_kind = ? AND o.payment_key = ? ORDER BY \(Self.oldestFirst(tx)) LIMIT 1",
                        ExternalPaymentKind.auction, Auctions.holdKey(bidId: bidId))?.order(tx)
    }

    /// Won bids' orders still waiting for their capture, with the hold they wait on.
    func wonBidOrdersAwaitingCapture(_ tx: any CoreTransaction) throws -> [(orderId: String, holdKey: String)] {
        try tx.fetchAll(OrderRecord.self, "SELECT * FROM orders o WHERE o.payment_kind = ? AND o.state = ? ORDER BY \(tx.engine.bytewise("o.id"))",
                        ExternalPaymentKind.auction, OrderState.pendingPayment)
            .compactMap { record in record.paymentKey.map { (record.id, $0) } }
    }
}

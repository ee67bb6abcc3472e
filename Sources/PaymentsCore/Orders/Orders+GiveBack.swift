import Foundation

/// A part-paid order the shopper will not finish (they left, or changed their mind): its parts
/// go back, each through the tender that paid it, and the order is closed. Money taken for a
/// split is never lost: it is the order's until the order is paid, or it goes back from here.
extension Orders {
    /// Gives back every part paid on the session's part-paid order, as a refund's legs (cash
    /// first, given across the counter at once; then each card), in the transaction that closes
    /// the order as failed ("parts given back"). The cart keeps its jars for a new order, or to be
    /// emptied. A leg whose answer is not known is the settler's, as any refund's; the same
    /// `idempotencyKey` asked again answers the first give-back, never a second.
    public func giveBackParts(sessionKey: String, idempotencyKey: String,
                              completion: @escaping (Result<OrderRefund, RefundError>) -> Void) {
        let legs: [RefundIntent]
        do throws(RefundError) {
            legs = try refundWrite { tx in
                if let asked = try self.askedBefore(tx, key: idempotencyKey) { return asked }
                guard let open = try self.openCardOrder(tx, sessionKey),
                      let record = try OrderRecord.stored(tx, id: open.id, locking: true) else { throw RefundError.nothingLeft }
                // A part in flight is asked of its tender now: its answer first.
                guard try !Self.hasReservation(tx, open.id) else { throw RefundError.order(.paymentInProgress(number: open.number)) }
                let parts = try LedgerEntryRecord.of(tx, orderId: open.id).filter { $0.movement != .refund }
                let paid = parts.reduce(Int64(0)) { $0 + $1.amountMinor }
                guard paid > 0, record.state == .pendingPayment else { throw RefundError.nothingLeft }
                let plan = try SplitRefundPlan(tx, parts: parts, amountMinor: paid, currency: open.total.currency)
                try self.setState(tx, open.id, .failed, failure: Self.partsGivenBack, chargeId: record.chargeId)
                return try self.writeLegs(tx, record, plan.legs.map { ($0.part, $0.amountMinor) }, returned: [],
                                          currency: open.total.currency, key: idempotencyKey).map { try self.givingCashAtOnce(tx, $0) }
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        answer(legs, idempotencyKey: idempotencyKey, completion: completion)
    }

    /// The failure a part-paid order is closed with when its parts go back.
    public static let partsGivenBack = "parts_given_back"
}

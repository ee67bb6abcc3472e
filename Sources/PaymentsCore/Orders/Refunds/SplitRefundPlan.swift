import Foundation

/// How a refund of an order paid in parts (split tender) goes back: one leg per part, each
/// through the tender that paid that part and never more than that part took less what already
/// went back to it. Cash first (given across the counter at once, so the shopper leaves with it
/// and the till knows it), then each card in the order it paid. The back office shows this
/// plan before the operator confirms, and `beginRefund` writes exactly it: one piece of code.
struct SplitRefundPlan {
    struct Leg {
        /// The part's ledger entry (its tender, card and payment id).
        let part: LedgerEntryRecord
        let amountMinor: Int64
    }

    let legs: [Leg]

    /// The order's payments, when there are several; nil for an order paid by one tender.
    static func parts(_ tx: any CoreTransaction, orderId: String) throws -> [LedgerEntryRecord]? {
        let parts = try LedgerEntryRecord.of(tx, orderId: orderId).filter { $0.movement != .refund }
        return parts.count > 1 ? parts : nil
    }

    /// `amountMinor` spread over `parts` in refund order, each up to what is left of it.
    /// Throws `exceedsRefundable` should the parts hold less than asked (they hold the order's
    /// total, so only books that disagree with the order get there).
    init(_ tx: any CoreTransaction, parts: [LedgerEntryRecord], amountMinor: Int64, currency: Currency) throws {
        let asked = try tx.fetchAll(OrderRefundRecord.self, "SELECT * FROM order_refunds WHERE order_id = ? AND state IN (?, ?) AND paid_by IS NOT NULL",
                                    parts[0].orderId, OrderRefundState.requested, OrderRefundState.refunded)
        let ordered = parts.filter { $0.tender == .cash } + parts.filter { $0.tender != .cash }
        var rest = amountMinor
        var legs: [Leg] = []
        for part in ordered where rest > 0 {
            let given = asked.filter { $0.paidBy == part.answerId }.reduce(Int64(0)) { $0 + $1.amountMinor }
            let leg = min(rest, part.amountMinor - given)
            guard leg > 0 else { continue }
            legs.append(Leg(part: part, amountMinor: leg))
            rest -= leg
        }
        guard rest == 0 else {
            throw RefundError.exceedsRefundable(available: Money(minorUnits: amountMinor - rest, currency: currency))
        }
        self.legs = legs
    }
}

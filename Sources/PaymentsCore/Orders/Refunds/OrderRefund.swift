import Foundation

/// One refund of a paid order, whole or in part: what went back (money and, when jars were
/// returned, which), under the operator's idempotency key.
public struct OrderRefund: Hashable, Sendable, Identifiable {
    public let id: String
    public let orderId: String
    public let orderNumber: String
    public let amount: Money
    /// The jars returned with it, by the order line they were sold on; empty for a refund of an
    /// amount only (a goodwill gesture: nothing comes back to the shelf).
    public let returned: [ReturnedLine]
    public let state: OrderRefundState
    /// Why a failed refund failed: the code of the acquirer's or the charge service's refusal.
    public let failure: String?
    public let idempotencyKey: String
    public let createdAt: Date
    /// For a refund of an order paid in parts: the part it goes back to (its tender and card).
    /// Nil when the order was paid by one tender, which takes the whole refund.
    public var backTo: LedgerEntry? = nil
    /// The VAT it gave back (positive), as the reports book it (`BookedTax`); nil until its
    /// money is back.
    public var tax: TaxAnalysis? = nil
}

public enum OrderRefundState: String, Hashable, Sendable {
    /// The intent is on disk; the money has not been confirmed back yet (the settler finishes it).
    case requested
    case refunded
    case failed
}

/// Jars of one order line coming back to the shelf.
public struct ReturnedLine: Hashable, Sendable {
    /// The order line's position (`Order.lines` index).
    public let position: Int
    public let quantity: Int

    public init(position: Int, quantity: Int) {
        self.position = position
        self.quantity = quantity
    }
}

/// What the operator asks to give back.
public enum RefundRequest: Hashable, Sendable {
    /// All money and jars not given back yet (the whole order, or the rest of it): what was
    /// charged, shipping and surcharges included.
    case everythingLeft
    /// These jars, at the price they were sold for; they go back on the shelf. Goods only:
    /// shipping and surcharges go back with `everythingLeft` or as an `amount`.
    case lines([ReturnedLine])
    /// An amount of money, no jars.
    case amount(Money)
}

/// Why a refund was refused or did not finish. Every refusal before the acquirer is asked moves
/// no money; `outcomeUnknown` is the one case where money may have moved.
public enum RefundError: Error, Hashable, Sendable {
    case order(OrderError)
    /// The order's payment has no way back from here: a won bid's capture (its receipt is the
    /// auction's), or a tender this core was built without.
    case notPaidByCard(number: String)
    /// Paid in parts by several tenders (split tender), one of which this counter cannot ask
    /// (a core built without it): refused rather than refunded through another.
    case splitTender(number: String)
    /// The amount is zero, negative or in another currency than the order.
    case invalidAmount
    /// More than is left to give back: `available` is what was paid less what went back already
    /// (or is on its way back).
    case exceedsRefundable(available: Money)
    /// No such line on the order.
    case unknownLine(position: Int)
    /// The line is not goods (shipping, a surcharge): nothing comes back to a shelf, so it goes
    /// back with everything left or as an amount, never as returned jars.
    case notReturnable(position: Int)
    /// More jars than were sold on the line and not returned yet.
    case exceedsReturnable(position: Int, available: Int)
    /// Nothing is left to give back.
    case nothingLeft
    case declined(PaymentDecline)
    /// The refund was asked, its answer is not recorded: the settler finishes it.
    case outcomeUnknown(refundId: String)
}

extension OrderRefund {
    /// A refund as the operator asked it, from its legs (one for an order paid by one tender):
    /// the money and jars of all of them, under the operator's key, done when every leg is.
    init(legs: [OrderRefund], idempotencyKey: String) {
        let first = legs[0]
        guard legs.count > 1 else {
            self = first
            return
        }
        self.init(id: first.id, orderId: first.orderId, orderNumber: first.orderNumber,
                  amount: Money(minorUnits: legs.reduce(0) { $0 + $1.amount.minorUnits }, currency: first.amount.currency),
                  returned: legs.flatMap(\.returned),
                  state: legs.allSatisfy { $0.state == .refunded } ? .refunded : legs.contains { $0.state == .requested } ? .requested : .failed,
                  failure: legs.compactMap(\.failure).first, idempotencyKey: idempotencyKey, createdAt: first.createdAt)
    }
}

/// One leg of a refund of an order paid in parts: the part it goes back to and how much.
public struct RefundLeg: Hashable, Sendable {
    public let part: LedgerEntry
    public let amount: Money
}

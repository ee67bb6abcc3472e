import Foundation
import PaymentsCore

/// One line of the shopper's order history: an order (a subscription's period paid is one, with
/// its receipt), or a subscription's payment that did not go through (it took no money, so it is
/// no order).
public enum HistoryEntry: Hashable, Sendable {
    case order(Order)
    case subscriptionPayment(SubscriptionPaymentLine)

    public var at: Date {
        switch self {
        case .order(let order): order.createdAt
        case .subscriptionPayment(let payment): payment.at
        }
    }
}

/// A subscription's payment as the history shows it: the plan, when, how much, how it was paid,
/// and whether it went through.
public struct SubscriptionPaymentLine: Hashable, Sendable {
    public let planName: String
    /// A renewal (or its retry), not the first period's payment made when subscribing.
    public let isRenewal: Bool
    public let at: Date
    public let amount: Money
    public let succeeded: Bool
    /// The card (brand and last four) or the bank mandate; `.unknown` for a card since removed.
    public let paidWith: PaidOrderReceipt.Tender

    public init(planName: String, isRenewal: Bool, at: Date, amount: Money, succeeded: Bool, paidWith: PaidOrderReceipt.Tender) {
        self.planName = planName
        self.isRenewal = isRenewal
        self.at = at
        self.amount = amount
        self.succeeded = succeeded
        self.paidWith = paidWith
    }
}

extension StoreAccount {
    /// The orders and the subscription payments that failed, newest first (orders keep their own
    /// order when two share a moment). A period paid is listed once, as its order.
    public func history() throws(AccountError) -> [HistoryEntry] {
        let orders = try orderHistory().map(HistoryEntry.order)
        guard let customer else { return orders }
        let payments = try subscriptionPayments(customerId: customer.id).reversed().filter { !$0.succeeded }.map(HistoryEntry.subscriptionPayment)
        return (orders + payments).enumerated()
            .sorted { $0.element.at != $1.element.at ? $0.element.at > $1.element.at : $0.offset < $1.offset }
            .map(\.element)
    }
}

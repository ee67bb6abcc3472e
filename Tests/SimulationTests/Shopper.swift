import Foundation
import PaymentsCore

/// One person at the counter and what the screen told them, which is what the simulator holds
/// the ledger to: "Paid" must be paid, "Not paid" must never be charged, whatever comes later.
final class Shopper {
    let number: Int
    let journey: String
    let session: String
    var customerId: String?
    /// The card saved for the shopper's journey (an auction's raise goes on it again).
    var savedMethodId: String?
    var told: [Told] = []
    /// Orders the shopper brought back: refunded is what they asked for, even when the counter
    /// died before it could say so (the settler finishes the refund).
    var returned: Set<String> = []
    /// Each attempt to pay an order, with how many words the shopper had heard by then: a "Not
    /// paid" heard before a later attempt of the same order speaks only of the earlier attempt.
    var attempts: [(orderId: String, heard: Int)] = []
    /// Part refunds the operator asked for, with their keys (pressed again, they must refund once).
    var refundsAsked: [(orderId: String, request: RefundRequest, key: String)] = []

    init(number: Int, journey: String) {
        self.number = number
        self.journey = journey
        session = "shopper-\(number)"
    }

    var name: String { "shopper#\(number)" }

    /// The bid the shopper was last told stands, unless told since that she left it.
    var standingBid: String? {
        guard let bidId = told.lazy.reversed().compactMap({ if case .joined(let id) = $0 { id } else { nil } }).first,
              !told.contains(.left(bidId: bidId)) else { return nil }
        return bidId
    }

    /// The order the shopper was told is part paid and not yet paid: its next part is due.
    var partPaidOrder: String? {
        guard let orderId = told.lazy.reversed().compactMap({ if case .partPaid(let id) = $0 { id } else { nil } }).first,
              !told.contains(.paid(orderId: orderId)), !givingBack.contains(orderId) else { return nil }
        return orderId
    }

    /// The part-paid orders whose parts the cashier asked to give back (whatever the answer).
    var givingBack = Set<String>()

    /// The last order the shopper was told is paid, unless told it was refunded in full since.
    var returnableOrder: String? {
        guard let orderId = told.lazy.reversed().compactMap({ if case .paid(let id) = $0 { id } else { nil } }).first,
              !told.contains(.refunded(orderId: orderId)) else { return nil }
        return orderId
    }
}

enum Told: Equatable, CustomStringConvertible {
    case paid(orderId: String)
    case notPaid(orderId: String, reason: String)
    /// "We are checking": the outcome is not known yet (a bank's wait, a wallet's possible success).
    case waiting(orderId: String, why: String)
    case refunded(orderId: String)
    /// "Paid so far … · left …": a part of a split booked, the order awaiting the rest.
    case partPaid(orderId: String)
    /// "… given back: order … is cancelled": every part of a split went back to its tender.
    case partsGivenBack(orderId: String)
    /// Part of the order given back (some jars or an amount): that refund is done.
    case partlyRefunded(orderId: String, refundId: String)
    case notRefunded(orderId: String, reason: String)
    case joined(bidId: String)
    /// "You left the auction: your hold is released."
    case left(bidId: String)
    case notJoined(reason: String)
    case subscribed(subscriptionId: String)
    case notSubscribed(reason: String)

    /// The order this word is about, if any.
    var orderId: String? {
        switch self {
        case let .paid(order), let .partPaid(order), let .notPaid(order, _), let .waiting(order, _), let .refunded(order), let .notRefunded(order, _),
             let .partlyRefunded(order, _), let .partsGivenBack(order): order
        case .joined, .left, .notJoined, .subscribed, .notSubscribed: nil
        }
    }

    var description: String {
        switch self {
        case let .paid(order): "Paid (\(order))"
        case let .partPaid(order): "Part paid (\(order))"
        case let .partsGivenBack(order): "Given back (\(order))"
        case let .notPaid(order, reason): "Not paid (\(order)): \(reason)"
        case let .waiting(order, why): "Waiting (\(order)): \(why)"
        case let .refunded(order): "Refunded (\(order))"
        case let .partlyRefunded(order, refund): "Partly refunded (\(order), \(refund))"
        case let .notRefunded(order, reason): "Not refunded (\(order)): \(reason)"
        case let .joined(bid): "Joined (\(bid))"
        case let .left(bid): "Left (\(bid))"
        case let .notJoined(reason): "Not joined: \(reason)"
        case let .subscribed(id): "Subscribed (\(id))"
        case let .notSubscribed(reason): "Not subscribed: \(reason)"
        }
    }
}

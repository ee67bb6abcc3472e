import Foundation

public enum OrderState: String, Hashable, Sendable {
    /// Created from a cart; also while its charge is in flight (its jars are then reserved).
    case pendingPayment
    case paid
    case failed
    case refunded
}

/// What a line of an order is for. Only goods come from a shelf (reserved, sold, put back).
public enum OrderLineKind: String, Hashable, Sendable {
    case goods
    /// Delivery, by the method the shopper chose (express sheet).
    case shipping
    /// A card network's surcharge (express sheet).
    case surcharge
    /// What cash rounding added or took (a till that rounds cash to 0.05): cash orders only.
    case rounding
}

/// A line as it was sold: name and unit price are copied from the cart when the order is placed;
/// shipping and surcharges are lines too, so an order's total is everything the shopper was asked
/// to pay.
public struct OrderLine: Hashable, Sendable {
    public let productId: String
    public let name: String
    public let unitPrice: Money
    public let quantity: Int
    public var kind: OrderLineKind = .goods
    /// The VAT rate it was sold at, frozen when the order was placed: a later change of the
    /// shop's settings never changes a past receipt.
    public var taxRate: TaxRate
    /// The line's own discount, in minor units (issue 36).
    public var discountMinor: Int64 = 0
    /// Its share of the order's discount (`DiscountPricing`: the shares sum to that discount).
    public var orderDiscountMinor: Int64 = 0
    /// Unit price times quantity, before any discount.
    public var grossTotal: Money { (try? unitPrice.multiplied(by: quantity)) ?? unitPrice }
    /// What the line charges: its gross less its discount and its share of the order's. VAT is
    /// computed on this (`TaxAnalysis`).
    public var lineTotal: Money { Money(minorUnits: grossTotal.minorUnits - discountMinor - orderDiscountMinor, currency: unitPrice.currency) }
    /// The line's price after its own discount, before the order's (a receipt's "new price").
    public var afterLineDiscount: Money { Money(minorUnits: grossTotal.minorUnits - discountMinor, currency: unitPrice.currency) }
}

public struct Order: Hashable, Sendable, Identifiable {
    public let id: String
    /// Readable and deterministic: `HS-000123`.
    public let number: String
    public let sessionKey: String
    public let state: OrderState
    public let lines: [OrderLine]
    public let total: Money
    public let chargeId: String?
    public let failureReason: String?
    public let createdAt: Date
    /// The counter that took the payment (`--counter`, or its host's name); nil before anyone tried.
    public var counter: String? = nil
    /// Where it ships (express sheet), as one line of text; nil when the shopper takes it along.
    public var shipsTo: String? = nil
    /// How it is paid when not by the card checkout's own charge (express, wallet, bank, a won bid).
    public var paymentKind: ExternalPaymentKind? = nil
    /// Its receipt's number at the counter that was paid (`receiptCounter`), gapless per counter,
    /// given in the transaction that paid it; nil before it is paid (and for orders paid before
    /// receipts were numbered).
    public var receiptNumber: Int? = nil
    public var receiptCounter: String? = nil
    /// The discounts it was placed with: each line's and the order's, with reason and who (issue 36).
    public var discounts: [OrderDiscount] = []

    /// The lines that came off a shelf.
    public var goods: [OrderLine] { lines.filter { $0.kind == .goods } }

    /// The order's discount (on the whole), nil when none.
    public var orderDiscount: OrderDiscount? { discounts.first { $0.position == nil } }

    /// The discount given on the line at `position`, nil when none.
    public func lineDiscount(at position: Int) -> OrderDiscount? { discounts.first { $0.position == position } }
}

/// A line an order charges beside its goods (shipping, a surcharge), as the express sheet showed it.
public struct OrderExtra: Hashable, Sendable {
    public let kind: OrderLineKind
    public let name: String
    public let amount: Money

    public init(kind: OrderLineKind, name: String, amount: Money) {
        self.kind = kind
        self.name = name
        self.amount = amount
    }

    /// Shipping by a method, named as the order keeps it: "Shipping (Standard)".
    public static func shipping(method: String, amount: Money) -> OrderExtra {
        OrderExtra(kind: .shipping, name: "Shipping (\(method))", amount: amount)
    }

    /// A network's surcharge, named as the order keeps it: "Amex surcharge".
    public static func surcharge(network: String, amount: Money) -> OrderExtra {
        OrderExtra(kind: .surcharge, name: "\(network) surcharge", amount: amount)
    }

    /// The rounding line's name as the order keeps it (words come from the line's kind).
    static let cashRoundingName = "Cash rounding"

    /// The method or network in a name `shipping` or `surcharge` made, for words in another
    /// language; nil for any other name.
    public static func detail(inName name: String, kind: OrderLineKind) -> String? {
        switch kind {
        case .goods, .rounding: return nil
        case .shipping:
            guard name.hasPrefix("Shipping ("), name.hasSuffix(")") else { return nil }
            return String(name.dropFirst("Shipping (".count).dropLast())
        case .surcharge:
            guard name.hasSuffix(" surcharge") else { return nil }
            return String(name.dropLast(" surcharge".count))
        }
    }
}

public enum OrderError: Error, Hashable, Sendable {
    case emptyCart
    case unknownOrder(String)
    /// The shelf no longer holds enough of this jar; the shopper was not charged.
    case outOfStock(productId: String, name: String)
    /// An attempt is in flight, or its outcome is not known yet: the order cannot be paid again
    /// until the settler knows (one order is charged at most once).
    case paymentInProgress(number: String)
    /// The attempt was made but its answer is not known (lost, or not recorded): the shopper may
    /// have been charged. Never a "not paid"; the settler learns the answer.
    case outcomeUnknown(number: String)
    /// Failed and refunded orders are final: the cart is kept, so place a new order.
    case notPayable(OrderState)
    case notRefundable(OrderState)
    case paymentDeclined(PaymentDecline)
    /// Less cash was handed over than the order's total (after cash rounding): nothing was taken.
    case cashShort(due: Money)
    /// The session's order is part paid (split tender) and its cart changed: the cart cannot
    /// become another order while parts are paid; finish the order or give its parts back.
    case partPaid(number: String, paid: Money, left: Money)
    /// A part of a split must be more than nothing and less than what is left (`left`); the last
    /// part pays what is left (and cash over it gives change).
    case partTooLarge(left: Money)
    case cart(CartError)
    case storage(String)
}

extension Order {
    /// How every payment for an order describes it (card charge, bank payment, wallet source):
    /// the settler and the audit find an order's payment by it when the order never noted one.
    public var paymentDescription: String { Self.paymentDescription(number: number) }

    static let paymentDescriptionPrefix = "Honey Store order "

    public static func paymentDescription(number: String) -> String { paymentDescriptionPrefix + number }

    /// "Honey Store order HS-000123" -> "HS-000123".
    static func number(inPaymentDescription description: String) -> String? {
        guard description.hasPrefix(paymentDescriptionPrefix) else { return nil }
        return String(description.dropFirst(paymentDescriptionPrefix.count))
    }
}

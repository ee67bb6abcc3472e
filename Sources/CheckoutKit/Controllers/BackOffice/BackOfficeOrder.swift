import Foundation

/// An order as the operator's back office shows it: its lines (with the jars already returned),
/// how it was paid, its refunds, and what is left to give back.
public struct BackOfficeOrder: Hashable, Sendable, Identifiable {
    public struct Line: Hashable, Sendable {
        public let name: String
        public let quantity: Int
        public let unitPrice: Money
        /// Jars of this line given back (or on their way back).
        public let returned: Int
        /// Goods come back as jars; shipping and a surcharge do not (they go back with the
        /// whole refund or as an amount).
        public var isGoods = true
        public var returnable: Int { isGoods ? max(0, quantity - returned) : 0 }
    }

    public enum Payment: Hashable, Sendable {
        /// A card, only by brand and last four.
        case card(brand: String, lastFour: String)
        /// A bank payment: refunded to the shopper's bank account.
        case bank
        /// A wallet source: refunded through the wallet.
        case wallet
        /// Cash at the till: given back in cash, the drawer opening.
        case cash
        /// Paid by a method the back office does not know: not refunded here.
        case other(kind: String)
        /// No payment recorded (not paid, or its outcome is not known yet).
        case none
    }

    public struct Refund: Hashable, Sendable {
        public enum State: Hashable, Sendable { case asked, refunded, failed }
        /// Jars of one line that came back with a refund, at the price they were sold for.
        public struct Item: Hashable, Sendable {
            public let name: String
            public let quantity: Int
            public let amount: Money
        }
        public let amount: Money
        public let jars: Int
        public let state: State
        public let at: Date
        /// The core's refund id, printed on its receipt.
        public var id: String = ""
        /// The jars that came back; empty for a refund of an amount.
        public var items: [Item] = []
        /// For an order paid in parts: the part's tender this refund went back to.
        public var backTo: Payment? = nil
        /// The VAT it gave back, as the reports book it; nil until its money is back.
        public var tax: TaxAnalysis? = nil
    }

    /// One tender's share of an order paid in parts (split tender).
    public struct Part: Hashable, Sendable {
        public let payment: Payment
        public let amount: Money
    }

    public let id: String
    public let number: String
    public let state: OrderState
    public let placedAt: Date
    public let total: Money
    public let lines: [Line]
    public let payment: Payment
    public let refunds: [Refund]
    /// Paid less every refund asked or made; zero when nothing can be given back here.
    public let refundable: Money

    /// False for an order whose money does not go back from here even though its payment is
    /// known (a won bid's capture: its receipt is the auction's).
    public var refundsHere = true
    /// The order's VAT per rate (the core's `TaxAnalysis`); a refund gives back its share.
    public var taxes: TaxAnalysis = .none
    /// How an order paid in parts was paid, part by part; empty for one tender.
    public var parts: [Part] = []
    /// Where the rest of an order paid in parts goes back, in the order a refund takes: each
    /// tender and what is left of its part (the core's refund plan, not worked out here).
    public var refundOrder: [Part] = []

    /// Whether this order's money can be given back from here at all: paid (or refunded) through
    /// a card, the bank or a wallet. Only then is "left to refund" worth saying.
    public var hasRefundTender: Bool {
        guard refundsHere, state == .paid || state == .refunded else { return false }
        switch payment {
        case .card, .bank, .wallet, .cash: return true
        case .other, .none: return false
        }
    }

    public var canRefund: Bool { state == .paid && refundable.isPositive && hasRefundTender }

    /// Whether some of the order is not goods (shipping, a surcharge): the operator is told how
    /// that goes back.
    public var chargesBesideGoods: Bool { lines.contains { !$0.isGoods } }
}

/// What the operator asks to give back (the core's `RefundRequest`, in the screens' terms).
public enum BackOfficeRefundRequest: Hashable, Sendable {
    case whole
    /// Jars, by the line's index in `BackOfficeOrder.lines`.
    case jars(line: Int, quantity: Int)
    case amount(Money)
}

/// Why the back office could not do what was asked, for the view to word at the field.
public enum BackOfficeRefusal: Error, Hashable, Sendable {
    case unknownOrder
    case notRefundable(OrderState)
    /// Paid in a way whose money does not go back from here (a won bid's capture).
    case notPaidByCard
    /// Paid in parts, one of them through a tender this counter cannot ask.
    case splitTender
    /// Jars asked of a line that is not goods (shipping, a surcharge).
    case notGoods
    case invalidAmount
    case exceedsRefundable(available: Money)
    case exceedsReturnable(available: Int)
    case nothingLeft
    case declined(PaymentDecline)
    /// Asked, answer not recorded: it may have gone back; the settler finishes it.
    case outcomeUnknown
    /// The hold's bid won its auction and was charged: there is nothing to void.
    case holdWon
    /// The hold is no longer there (the shopper left or raised, the auction released it).
    case holdGone
    /// The hold is being placed, raised or voided: not known yet.
    case holdInFlight
    /// The auction has closed: the close charges the winner and releases the others.
    case auctionClosed
    /// The void was asked, its answer not recorded: the hold may be released; the settler finishes it.
    case voidOutcomeUnknown
    case storage
}

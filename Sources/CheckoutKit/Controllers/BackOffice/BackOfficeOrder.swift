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
        public var returnable: Int { max(0, quantity - returned) }
    }

    public enum Payment: Hashable, Sendable {
        /// A card, only by brand and last four.
        case card(brand: String, lastFour: String)
        /// Paid by another method (express, wallet, bank): refunded its own way, not here.
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

    public var canRefund: Bool { state == .paid && refundable.isPositive && payment != .none && !isPaidOtherwise }
    private var isPaidOtherwise: Bool { if case .other = payment { true } else { false } }
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
    /// Paid by express, wallet or bank: not refunded from here.
    case notPaidByCard
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

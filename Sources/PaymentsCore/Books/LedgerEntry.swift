import Foundation

/// One movement of money, as the books hold it: money in (a payment, a hold's capture) is
/// positive, money out (a refund) negative. Written in the transaction that changes its order,
/// so an order's ledger balance (money in less money out) is what it holds paid, to the cent.
public struct LedgerEntry: Hashable, Sendable, Identifiable {
    public let id: String
    public let orderId: String
    public let movement: LedgerMovement
    public let tender: Tender
    /// The card's brand and last four, for a card tender; nil for the others.
    public let card: CardOnReceipt?
    /// Signed: positive in, negative out.
    public let amount: Money
    public let at: Date
    /// The counter that booked it (`CounterInstance.name`), nil for a core without one.
    public let counter: String?
    /// The payment or refund outside the books this entry answers to (exactly one entry each).
    public let answersTo: LedgerAnswer
}

/// What kind of movement an entry is. The day reports sum each apart.
public enum LedgerMovement: String, Hashable, Sendable, CaseIterable {
    /// Money taken for an order: a card charge, an express charge, a bank payment, a wallet
    /// source, a mandate draw, a subscription's period.
    case payment
    /// An auction hold captured when its bid won: money that was held is now taken.
    case capture
    /// Money given back.
    case refund
}

/// How the money was paid (or given back).
public enum Tender: String, Hashable, Sendable, CaseIterable {
    case card
    case bank
    case wallet
    case mandate
    /// Notes and coins into the till (or out of it, for a cash refund): at a staffed counter only.
    case cash
}

/// A card as a receipt and the books may name it: never more than brand and last four.
public struct CardOnReceipt: Hashable, Sendable {
    public let brand: String
    public let lastFour: String

    /// The brand as people know it ("Visa", "American Express"); the stored word when unknown.
    public var brandName: String { CardBrand(rawValue: brand)?.displayName ?? brand }
}

/// The outside record an entry answers to: a charge, a bank payment, a wallet source, a
/// refund of one of them. Unique in the books: each is booked once.
public struct LedgerAnswer: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case charge
        case bankPayment = "bank_payment"
        case walletSource = "wallet_source"
        /// A card charge's refund (`refunds.id`, the order refund's `charge_refund_id`).
        case chargeRefund = "charge_refund"
        /// A bank payment or wallet source given back (the order refund's `charge_refund_id`).
        case bankRefund = "bank_refund"
        case walletRefund = "wallet_refund"
        /// Cash taken at the till for an order (`cash_payments.id`): booked at the amount due,
        /// the change already given back out of what was tendered.
        case cashPayment = "cash_payment"
        /// Cash given back out of the till.
        case cashRefund = "cash_refund"
    }

    public let kind: Kind
    public let id: String
}

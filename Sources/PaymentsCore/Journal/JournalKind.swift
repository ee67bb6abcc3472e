import GRDB

/// What a journal entry records. The books' receipts and refunds, the auctions' voids and the
/// Z reports are journaled by the core as they are written; the till's kinds (a no-sale, cash
/// paid in or out, a till opened or closed) by the till's code, through `Journal.append`.
public enum JournalKind: String, Hashable, Sendable, CaseIterable, Codable, DatabaseValueConvertible {
    /// Money taken for an order: one entry per ledger entry of a payment or a capture.
    case receipt
    /// Money given back for an order: one entry per ledger entry of a refund.
    case refund
    /// An auction hold released by the operator (the money held on a card, let go).
    case void
    /// The drawer opened with no sale, with its reason.
    case noSale
    /// Cash paid into or out of the till, with its reason.
    case cashMovement
    case tillOpened
    case tillClosed
    /// A discount given on a cart's line or on the whole cart, with its reason and who gave and
    /// approved it (issue 36).
    case discount
    /// A Z report saved: the span it closed and its totals.
    case zReport
    /// A product put on the shelf from the back office (issue 36), with its price and first stock.
    case productAdded
    /// A product's price changed, the old and the new.
    case priceChanged
    /// Stock received (+N with a note) or counted (set, the difference with its reason).
    case stockReceived
    case stockCounted
    /// A cart parked under a name, resumed at a counter, or discarded.
    case saleParked
    case saleResumed
    case saleDiscarded
}

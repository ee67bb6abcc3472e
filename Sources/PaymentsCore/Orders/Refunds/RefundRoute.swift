import Foundation

/// Which tender gives an order's money back: the one that took it. A card order's (and an
/// express order's) charge, a bank order's payment, a wallet order's source; each under the
/// refund id chosen with the intent (`order_refunds.charge_refund_id`), so asking again refunds once.
enum RefundRoute: Hashable {
    case card(chargeId: String)
    case bank(paymentId: String)
    case wallet(sourceId: String)
    /// Out of the till, across the counter: nobody outside to ask.
    case cash(paymentId: String)

    /// nil for an order with no payment noted, or paid by a won bid's hold (its receipt is the
    /// auction's; it is not refunded from the orders).
    init?(_ order: OrderRecord, _ tx: any CoreTransaction) throws {
        guard let reference = order.chargeId else { return nil }
        switch order.paymentKind {
        case nil, .express: self = .card(chargeId: reference)
        case .bank: self = .bank(paymentId: reference)
        case .wallet: self = .wallet(sourceId: reference)
        case .cash: self = .cash(paymentId: reference)
        case .auction: return nil
        // A period drawn on a mandate goes back through its bank payment; one charged to a saved
        // card, through the charge: the payment's own row says which.
        case .subscription:
            let drawn = try tx.exists("SELECT 1 FROM bank_resources WHERE id = ?", reference)
            self = drawn ? .bank(paymentId: reference) : .card(chargeId: reference)
        }
    }

    /// The route of one refund row: a split order's leg goes back through its part's tender,
    /// any other refund through the order's.
    init?(_ order: OrderRecord, _ tx: any CoreTransaction, refund row: OrderRefundRecord) throws {
        guard let paidBy = row.paidBy, let tender = row.tender else {
            try self.init(order, tx)
            return
        }
        switch tender {
        case .card: self = .card(chargeId: paidBy)
        case .cash: self = .cash(paymentId: paidBy)
        case .bank, .mandate: self = .bank(paymentId: paidBy)
        case .wallet: self = .wallet(sourceId: paidBy)
        }
    }

    /// The tender the books name for it.
    var tender: Tender {
        switch self {
        case .card: .card
        case .bank: .bank
        case .wallet: .wallet
        case .cash: .cash
        }
    }
}

/// Where a refund's money is, as its tender tells: what the settler does with a refund asked
/// and not answered.
enum MoneyBack {
    /// The money went back: the refund is committed.
    case back
    /// The tender has the refund and has not moved the money yet (a bank refund submitted).
    case onItsWay
    /// The tender never had it: asked again under the same id.
    case notAsked
}

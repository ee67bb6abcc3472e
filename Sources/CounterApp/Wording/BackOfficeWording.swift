import CheckoutKit
import Localization

extension BackOfficeRefusal {
    public var message: String {
        switch self {
        case .unknownOrder: tr("There is no such order.")
        case .notRefundable(let state): tr("This order is {0}: it cannot be refunded.", OrdersFeature.stateText(state))
        case .notPaidByCard: tr("This order was not paid by card here: refund it the way it was paid.")
        case .splitTender: tr("This order was paid in parts, one of them in a way this counter cannot give back.")
        case .notGoods: BackOfficeFeature.chargesBesideGoodsRule
        case .invalidAmount: tr("Enter an amount more than zero, in the order's currency.")
        case .exceedsRefundable(let available): tr("At most {0} is left to refund.", available.formatted())
        case .exceedsReturnable(let available): trn("At most {0} jar of this line is left to return.", "At most {0} jars of this line are left to return.",
                                                    count: available, available)
        case .nothingLeft: tr("Everything was refunded already.")
        case .declined(let decline): decline.message
        case .outcomeUnknown: tr("The refund was asked, but its answer is not recorded. The counter finishes it by itself; check the order again in a minute.")
        case .holdWon: tr("This bid won its auction and was charged: there is no hold to void. Refund its order instead.")
        case .holdGone: tr("This hold is no longer held: the bid left, lost or was raised.")
        case .holdInFlight: tr("This hold is changing right now (a raise or a void not known yet). Try again in a minute.")
        case .auctionClosed: tr("This auction has closed: the close charges the winner and releases the other holds.")
        case .voidOutcomeUnknown: tr("The void was asked, but its answer is not recorded. The counter finishes it by itself; check the holds again in a minute.")
        case .storage: tr("The orders cannot be read right now. Try again.")
        }
    }
}

extension BackOfficeOrder.Payment {
    /// "Visa •••• 4242", or the method's name: never more of a card.
    var text: String {
        switch self {
        case let .card(brand, lastFour): CardNaming.screen.name(brand, lastFour)
        case .bank: tr("paid by bank")
        case .cash: tr("paid in cash")
        case .wallet: tr("paid by wallet")
        case .other(let kind): tr("paid by {0}", kind)
        case .none: tr("no payment")
        }
    }
}

extension BackOfficeOrder.Payment {
    /// Where a refund's money goes: "cash", "Visa •••• 4242", "bank", "wallet".
    var refundText: String {
        switch self {
        case let .card(brand, lastFour): CardNaming.screen.name(brand, lastFour)
        case .bank: tr("bank")
        case .cash: tr("cash")
        case .wallet: tr("wallet")
        case .other(let kind): kind
        case .none: tr("no payment")
        }
    }
}

extension BackOfficeOrder.Part {
    /// "cash €1.00", "Visa •••• 4242 €5.50".
    var text: String { "\(payment.refundText) \(amount.formatted())" }
}

extension BackOfficeOrder {
    /// How it was paid: one tender's name, or each part of a split ("cash €1.00 + Visa •••• 4242 €5.50").
    var paymentText: String { parts.isEmpty ? payment.text : parts.map(\.text).joined(separator: " + ") }
}

extension BackOfficeOrder.Refund.State {
    var text: String {
        switch self {
        case .asked: tr("not known yet")
        case .refunded: tr("refunded")
        case .failed: tr("failed")
        }
    }
}

import CheckoutKit
import Localization

/// One line of the payment-method picker.
public enum PaymentOption: Equatable, Sendable {
    case saved(SavedCard)
    case newCard
    /// Notes and coins, at a staffed counter's till.
    case cash
    /// A method another part of the counter will bring (express sheet, bank, wallet).
    case comingSoon(String)
    /// Express sheet, bank, mandate, wallet (issue 8's screens).
    case other(PaymentScreensFeature.Method)

    public var isSelectable: Bool {
        switch self {
        case .saved(let card): !card.isExpired && card.canBeCharged
        case .newCard, .cash: true
        case .comingSoon: false
        case .other: true
        }
    }

    /// The line's words in the current language (a coming-soon method's name comes translated).
    var title: String {
        switch self {
        case .saved(let card):
            let expiry = String(format: "%02d/%02d", card.card.expiryMonth, card.card.expiryYear % 100)
            return tr("{0} •••• {1}  exp {2}", card.card.brand, card.card.lastFour, expiry)
        case .newCard: return tr("New card")
        case .cash: return tr("Cash")
        case .comingSoon(let name): return name
        case .other(.express): return tr("Express pay")
        case .other(.bank): return tr("Bank payment")
        case .other(.wallet): return tr("Wallet")
        }
    }

    var detail: String {
        switch self {
        case .saved(let card): card.isExpired ? tr("expired") : (card.card.isDefault ? tr("default") : "")
        case .newCard: tr("type or swipe")
        case .cash: tr("change given")
        case .comingSoon: tr("coming soon")
        // The payment screens' own words for their methods (translated where they are written).
        case .other(let method): method.detail
        }
    }

    /// Saved cards (default first, as the account lists them), a new card, the other methods, then
    /// cash where the counter has a till (last, so the numbers of the others stay as they were).
    static func options(saved: [SavedCard], takesCash: Bool = false) -> [PaymentOption] {
        saved.map(PaymentOption.saved) + [.newCard] + PaymentScreensFeature.Method.allCases.map(PaymentOption.other) + (takesCash ? [.cash] : [])
    }
}

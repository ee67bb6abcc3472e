import CheckoutKit

/// One line of the payment-method picker.
public enum PaymentOption: Equatable, Sendable {
    case saved(SavedCard)
    case newCard
    /// A method another part of the counter will bring (express sheet, bank, wallet).
    case comingSoon(String)
    /// Express sheet, bank, mandate, wallet (issue 8's screens).
    case other(PaymentScreensFeature.Method)

    public var isSelectable: Bool {
        switch self {
        case .saved(let card): !card.isExpired && card.canBeCharged
        case .newCard: true
        case .comingSoon: false
        case .other: true
        }
    }

    var title: String {
        switch self {
        case .saved(let card):
            let expiry = String(format: "%02d/%02d", card.card.expiryMonth, card.card.expiryYear % 100)
            return "\(card.card.brand) •••• \(card.card.lastFour)  exp \(expiry)"
        case .newCard: return "New card"
        case .comingSoon(let name): return name
        case .other(let method): return method.rawValue
        }
    }

    var detail: String {
        switch self {
        case .saved(let card): card.isExpired ? "expired" : (card.card.isDefault ? "default" : "")
        case .newCard: "type or swipe"
        case .comingSoon: "coming soon"
        case .other(let method): method.detail
        }
    }

    /// Saved cards (default first, as the account lists them), a new card, then the rest.
    static func options(saved: [SavedCard]) -> [PaymentOption] {
        saved.map(PaymentOption.saved) + [.newCard] + PaymentScreensFeature.Method.allCases.map(PaymentOption.other)
    }
}

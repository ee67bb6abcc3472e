import CheckoutKit
import Localization

/// How a card is named to a person: by its brand and last four only, never more. On a screen
/// with bullets; on paper with asterisks (a receipt printer's code page has no bullet); spoken in
/// accessible mode, where four bullets would be read out as four words.
public enum CardNaming: Sendable {
    case screen, paper, spoken

    /// "Visa •••• 4242", "Visa **** 4242", "Visa ending 4242".
    public func name(_ brand: String, _ lastFour: String) -> String {
        switch self {
        case .screen: "\(brand) •••• \(lastFour)"
        case .paper: "\(brand) **** \(lastFour)"
        case .spoken: tr("{0} ending {1}", brand, lastFour)
        }
    }

    public func name(_ card: PaymentCard) -> String { name(card.brand, card.lastFour) }
}

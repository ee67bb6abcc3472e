import CheckoutKit
import Foundation
import Localization

/// How the auction screens write cards and the flow's notices, in the current language. Dates
/// are `DateText`'s (UTC, the same on every machine: a tape replays the same text anywhere).
enum AuctionText {
    /// "Visa •••• 4242  12/30"
    static func card(_ card: PaymentCard) -> String {
        "\(CardNaming.screen.name(card))  \(String(format: "%02d/%02d", card.expiryMonth, card.expiryYear % 100))"
    }

    /// Why an auction cannot open, in the current language (the core's words for a context).
    static func words(_ problem: AuctionProblem) -> String {
        switch problem {
        case .context(let error): error.message
        case .other(let description): description
        }
    }

    static func shortCard(_ card: PaymentCard) -> String { CardNaming.screen.name(card) }

    /// A cabin as the auction screens show it: the seeded cabins are the counter's own words.
    static func cabin(_ cabin: String) -> String { tr(cabin) }

    /// What the payment step says after the flow's last answer. Every data source failure keeps
    /// the data source's own words (already in the current language where they come from).
    static func notice(_ notice: AuctionJoinFlow.Notice, lockedUntil: Date?) -> String {
        switch notice {
        case .unlockFailed(let refusal): refusal.message
        case .unlockCancelled: tr("Unlocking was cancelled: your saved cards stay locked.")
        case .tooManyAttempts:
            if let lockedUntil { tr("Too many wrong PINs. Payments are locked; try again at {0}.", DateText.time(lockedUntil)) }
            else { tr("Too many wrong PINs. Payments are locked for a while.") }
        case .cardSaved: tr("Card saved.")
        case .saveFailed(let refusal): tr("The card was not saved: {0}", refusal.message)
        case .saveCancelled: tr("Saving the card was cancelled.")
        case .cardRemoved: tr("Card removed.")
        case .removeFailed(let refusal): tr("The card was not removed: {0}", refusal.message)
        case .chargeFailed(let failure): failure.shopperMessage
        case .noCardSelected: tr("Choose a card first.")
        case .signInRequired: tr("Sign in to join an auction.")
        }
    }

    /// Whether the notice is bad news (drawn in the error role).
    static func isProblem(_ notice: AuctionJoinFlow.Notice) -> Bool {
        switch notice {
        case .cardSaved, .cardRemoved: false
        default: true
        }
    }
}

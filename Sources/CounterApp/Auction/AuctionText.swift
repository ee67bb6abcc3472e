import CheckoutKit
import Foundation
import PaymentsCore

/// How the auction screens write dates, cards and the flow's notices. Dates in UTC, in English,
/// whatever the machine's locale: a tape replays the same text anywhere.
enum AuctionText {
    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }

    /// "Sat 28 Nov 2026"
    static func day(_ date: Date) -> String { formatter("EEE d MMM yyyy").string(from: date) }
    /// "Wed 25 Nov 2026, 10:00 UTC"
    static func moment(_ date: Date) -> String { formatter("EEE d MMM yyyy, HH:mm").string(from: date) + " UTC" }
    /// "10:15 UTC"
    static func time(_ date: Date) -> String { formatter("HH:mm").string(from: date) + " UTC" }

    /// "Visa •••• 4242  12/30"
    static func card(_ card: PaymentCard) -> String {
        "\(card.brand) •••• \(card.lastFour)  \(String(format: "%02d/%02d", card.expiryMonth, card.expiryYear % 100))"
    }

    static func shortCard(_ card: PaymentCard) -> String { "\(card.brand) •••• \(card.lastFour)" }

    /// What the payment step says after the flow's last answer. Every data source failure keeps
    /// the data source's own words.
    static func notice(_ notice: AuctionJoinFlow.Notice, lockedUntil: Date?) -> String {
        switch notice {
        case .unlockFailed(let message): message
        case .unlockCancelled: "Unlocking was cancelled: your saved cards stay locked."
        case .tooManyAttempts:
            if let lockedUntil { "Too many wrong PINs. Payments are locked; try again at \(time(lockedUntil))." }
            else { "Too many wrong PINs. Payments are locked for a while." }
        case .cardSaved: "Card saved."
        case .saveFailed(let message): "The card was not saved: \(message)"
        case .saveCancelled: "Saving the card was cancelled."
        case .cardRemoved: "Card removed."
        case .removeFailed(let message): "The card was not removed: \(message)"
        case .chargeFailed(let failure): failure.shopperMessage
        case .noCardSelected: "Choose a card first."
        case .signInRequired: "Sign in to join an auction."
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

import Foundation

/// What one counter of a fleet changed that the others show: a product's stock, a shopper's saved
/// cards. Sent with the transaction that made the change (PostgreSQL's `NOTIFY` is delivered at
/// COMMIT, never for a transaction rolled back); a counter alone on a SQLite file sends nothing.
public enum FleetChange: Hashable, Sendable {
    /// A product's stock moved, or (issue 36) its price changed or it is new on the shelf: the
    /// other counters read their shelves again either way.
    case stock(productId: String)
    case savedCards(customerId: String)
    /// Anything may have changed: the connection was lost and made again, and what the other
    /// counters announced meanwhile was never heard. Never sent, only concluded.
    case everything

    static let stockChannel = "checkout_stock"
    static let savedCardsChannel = "checkout_saved_cards"
    static let channels = [stockChannel, savedCardsChannel]

    /// The channel and payload it is sent as; nil for `.everything`, which is never sent.
    var notification: (channel: String, payload: String)? {
        switch self {
        case let .stock(productId): (Self.stockChannel, productId)
        case let .savedCards(customerId): (Self.savedCardsChannel, customerId)
        case .everything: nil
        }
    }

    init?(channel: String, payload: String) {
        switch channel {
        case Self.stockChannel: self = .stock(productId: payload)
        case Self.savedCardsChannel: self = .savedCards(customerId: payload)
        default: return nil
        }
    }
}

extension CoreTransaction {
    /// Tells the fleet's other counters, when this transaction commits.
    public func announce(_ change: FleetChange) throws {
        guard engine == .postgres, let notification = change.notification else { return }
        try execute("SELECT pg_notify(?, ?)", notification.channel, notification.payload)
    }
}

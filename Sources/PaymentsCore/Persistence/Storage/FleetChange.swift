import Foundation

/// What one counter of a fleet changed that the others show: a product's stock, a shopper's saved
/// cards. Sent with the transaction that made the change (PostgreSQL's `NOTIFY` is delivered at
/// COMMIT, never for a transaction rolled back); a counter alone on a SQLite file sends nothing.
public enum FleetChange: Hashable, Sendable {
    case stock(productId: String)
    case savedCards(customerId: String)

    static let stockChannel = "checkout_stock"
    static let savedCardsChannel = "checkout_saved_cards"
    static let channels = [stockChannel, savedCardsChannel]

    var channel: String {
        switch self {
        case .stock: Self.stockChannel
        case .savedCards: Self.savedCardsChannel
        }
    }

    var payload: String {
        switch self {
        case let .stock(productId): productId
        case let .savedCards(customerId): customerId
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
        guard engine == .postgres else { return }
        try execute("SELECT pg_notify(?, ?)", change.channel, change.payload)
    }
}

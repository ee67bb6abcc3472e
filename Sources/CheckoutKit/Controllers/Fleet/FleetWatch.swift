import PaymentsCore

/// What this counter hears of the fleet it belongs to: the other counters' sales and saved
/// cards (so the shelves and the shopper's cards are right within a second), and whether the
/// shared server can be reached at all. A counter alone on a SQLite file hears nothing and is
/// never away.
public final class FleetWatch {
    private let server: PostgresCoreStore?

    init(core: PaymentsServices) {
        server = core.storage.server?.store
        // Not listening leaves the screens as they were read: not worth stopping the counter.
        try? server?.listen()
    }

    /// The socket the loop waits on beside the terminal: readable when another counter changed
    /// something (or the server went away). nil on a file.
    public var descriptor: Int32? {
        guard let server else { return nil }
        let socket = server.socketDescriptor
        return socket >= 0 ? socket : nil
    }

    /// Whether the server could not be reached the last time anything tried.
    public var isServerAway: Bool { server?.isServerAway ?? false }

    /// Tries the server now; whether it answered (the counter carries on by itself when it does).
    @discardableResult
    public func checkServer() -> Bool { server?.checkServer() ?? true }

    /// What the other counters changed since the last look, without waiting.
    public func news() -> FleetNews {
        guard let server, let changes = try? server.changes() else { return FleetNews() }
        var news = FleetNews()
        for change in changes {
            switch change {
            case let .stock(productId): news.stock.insert(productId)
            case let .savedCards(customerId): news.savedCardsOf.insert(customerId)
            case .everything: news.everything = true
            }
        }
        return news
    }
}

/// The other counters' changes heard at one look.
public struct FleetNews: Equatable, Sendable {
    /// Products whose stock another counter changed.
    public var stock: Set<String> = []
    /// Customers whose saved cards another counter changed.
    public var savedCardsOf: Set<String> = []
    /// The server was away: anything may have changed meanwhile.
    public var everything = false

    public init(stock: Set<String> = [], savedCardsOf: Set<String> = [], everything: Bool = false) {
        self.stock = stock; self.savedCardsOf = savedCardsOf; self.everything = everything
    }

    public var isEmpty: Bool { stock.isEmpty && savedCardsOf.isEmpty && !everything }
}

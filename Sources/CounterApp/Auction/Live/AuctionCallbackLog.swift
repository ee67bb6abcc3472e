/// Every delegate and data-source call of seed 002 the auction screens saw, in order, with how
/// each answered: `unlockPayments -> failure(Wrong PIN. 2 tries left.)`. Tests read it to check
/// the order of the callbacks; the app keeps it for nothing else (it holds no card data, only
/// brands and last fours).
public final class AuctionCallbackLog {
    public private(set) var entries: [String] = []
    /// A kiosk runs for days: only the latest entries are kept.
    static let capacity = 1_000

    public init() {}

    func record(_ entry: String) {
        entries.append(entry)
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }
    public func clear() { entries.removeAll() }
}

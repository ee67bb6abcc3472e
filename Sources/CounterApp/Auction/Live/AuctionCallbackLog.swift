/// Every delegate and data-source call of seed 002 the auction screens saw, in order, with how
/// each answered: `unlockPayments -> failure(Wrong PIN. 2 tries left.)`. Tests read it to check
/// the order of the callbacks; the app keeps it for nothing else (it holds no card data, only
/// brands and last fours).
public final class AuctionCallbackLog {
    public private(set) var entries: [String] = []

    public init() {}

    func record(_ entry: String) { entries.append(entry) }
    public func clear() { entries.removeAll() }
}

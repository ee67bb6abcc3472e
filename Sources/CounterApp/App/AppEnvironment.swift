/// What the counter's effects reach, handed to them by the store when they run (never to a
/// reducer): the store's client (catalogue, cart, account, payments) and the auctions'.
public struct AppEnvironment {
    public var store: StoreClient
    public var auctions: AuctionEnvironment
    /// The operator's back office (behind the operator PIN).
    public var backOffice: BackOfficeClient
    /// The counter's till (a staffed counter's, from the back office).
    public var till: TillClient = .unavailable
    /// The back office's catalogue: products, prices, stock (issue 36).
    public var catalogue: CatalogueClient = .unavailable
    /// Asks the shell for the operator's PIN (the staffed counter's "Operator" line).
    public var openOperator: () -> Void = {}
    /// The shop's staff: who serves, a manager's approval (issue 36).
    public var staff: StaffClient = .unavailable

    public init(store: StoreClient = .unavailable, auctions: AuctionEnvironment = AuctionEnvironment(),
                backOffice: BackOfficeClient = .unavailable) {
        self.store = store
        self.auctions = auctions
        self.backOffice = backOffice
    }

    /// The card form's part, for the screens that show it.
    var cardForm: CardFormFeature.Client { store.cardForm }
}

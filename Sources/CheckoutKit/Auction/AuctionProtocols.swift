/// Something that can put a 3-D Secure challenge in front of the customer (the seed's
/// "authentication presenting view controller": here, whichever screen is on top).
public protocol AuthenticationPresenter: AnyObject {
    /// Shows the issuer's challenge; calls back exactly once with the code typed, or nil if the
    /// customer cancelled.
    func presentChallenge(_ challenge: ThreeDSChallenge, completion: @escaping (String?) -> Void)
}

/// Seed 002's `SBPaymentControllerDelegate`: the app hears what the auction flow did.
public protocol PaymentControllerDelegate: AnyObject {
    /// The customer left the flow from its first step.
    func onBack()
    /// The customer placed the start bid: the card was authorised and `authToken` proves it.
    func onJoin(authToken: String, auction: Auction)
    /// Who presents a 3-D Secure challenge when the card needs one.
    func authenticationPresenter() -> AuthenticationPresenter
}

/// Seed 002's `SBPaymentCardControllerDataSource`: the app owns the customer's payment methods.
///
/// Each call with several outcome callbacks calls exactly ONE of them, exactly once. `cancel`
/// and `exceededAttempts` may be nil (the seed's implicitly unwrapped optionals): a data source
/// must then not use that outcome. A `failure` says why as a value (`Refusal`); the view words it.
public protocol PaymentCardDataSource: AnyObject {
    /// The customer's identifier; "" when nobody is signed in.
    var customerId: String { get }
    /// Saved payments are behind a lock (PIN) until unlocked.
    var isPaymentsLocked: Bool { get }
    func unlockPayments(success: @escaping () -> Void, failure: @escaping (_ error: Refusal) -> Void,
                        cancel: (() -> Void)?, exceededAttempts: (() -> Void)?)
    /// The saved methods, default first.
    var payments: [PaymentCard] { get }
    /// Saves a card. `isJoin` is true when saving happens as part of placing the start bid (the
    /// card is then used at once), false when the customer only adds a card to the list.
    func savePayment(isJoin: Bool, card: PaymentCard, success: @escaping () -> Void,
                     failure: @escaping (_ error: Refusal) -> Void,
                     cancel: (() -> Void)?, exceededAttempts: (() -> Void)?)
    func removePayment(_ card: PaymentCard, success: @escaping () -> Void, failure: @escaping (_ error: Refusal) -> Void)
}

/// After joining (seed 002 ends at `onJoin`): the shopper's bid in the auction, raised or left
/// through the app as the join's card calls go through `PaymentCardDataSource`. Each completion
/// is called exactly once; money moves only through the core.
public protocol AuctionBidDataSource: AnyObject {
    /// The signed-in shopper's bid in this auction; nil when she has none (or nobody is signed in).
    var currentBid: ShopperBid? { get }
    /// Holds `amount` (at least `currentBid.minimumRaise`) on the card the bid is held on, and only
    /// then releases the old hold. A failure leaves the old bid standing (`.cardCharge(...)`
    /// declined), or says its outcome is not known yet.
    func raiseBid(to amount: Money, completion: @escaping (Result<ShopperBid, Refusal>) -> Void)
    /// Leaves the auction: the hold is released.
    func leaveAuction(completion: @escaping (Result<ShopperBid, Refusal>) -> Void)
}

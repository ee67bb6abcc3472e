import CheckoutKit
import Foundation
import Localization

/// Everything the store's screens ask of the world, as closures (The Composable Architecture's
/// dependency client): the live one calls the controllers of `CheckoutKit`; tests build one
/// with the answers they want. Reducers never call it: their effects do, and the answers come
/// back as actions.
public struct StoreClient {
    public var now: () -> Date
    /// Runs `action` after `delay` on the loop's timers (the spinner's tick, the swipe's gap).
    public var schedule: (_ delay: Duration, _ action: @escaping () -> Void) -> Void

    // Catalogue and cart (seed 001's store controller).
    public var loadProducts: (_ completion: @escaping (Result<[Product], StoreError>) -> Void) -> Void
    /// A window of the shelf: up to `limit` products whose name contains `filter` (as stored or
    /// as shown in the current language), from `anchor` on, in the list's order.
    public var shelf: (_ filter: String, _ anchor: CatalogAnchor, _ limit: Int) -> Result<[Product], StoreError> = { _, _, _ in
        .failure(.refused(.storeNotOpen))
    }
    /// How many products the filter lets through (reads every match: for the list's far end).
    public var shelfCount: (_ filter: String) -> Result<Int, StoreError> = { _ in .failure(.refused(.storeNotOpen)) }
    public var cart: () -> Cart
    public var add: (_ productID: String, _ quantity: Int) -> Result<Cart, StoreError>
    public var setQuantity: (_ productID: String, _ quantity: Int) -> Result<Cart, StoreError>
    public var remove: (_ productID: String) -> Cart
    public var emptyCart: () -> Cart
    /// One item of the product a scanned barcode names into the cart (a priced label's at its price).
    public var scan: (_ code: String) -> Result<ScanAdded, ScanFailure> = { _ in .failure(.store(.refused(.storeNotOpen))) }

    /// Typed card -> one-time vault token. The number and CVC go no further than this call.
    public var tokenize: (_ card: Card) -> Result<PaymentCard, CardEntryError>
    /// Pays the cart. `challenge` is called if the card wants 3-D Secure; the screen answers
    /// through `answerChallenge`. `completion` is called once.
    public var checkout: (_ source: CardFundingSource, _ saveCard: Bool, _ challenge: @escaping (ThreeDSChallenge) -> Void,
                          _ completion: @escaping (Result<StoreReceipt, StoreError>) -> Void) -> Void
    public var answerChallenge: (_ challengeID: String, _ code: String?) -> Void
    /// Charges the card one part of what is left of the cart's order (split tender), as `checkout`
    /// charges the whole: what is paid so far after it (nothing left: the last part paid it).
    public var checkoutPart: (_ amount: Money, _ source: CardFundingSource, _ saveCard: Bool, _ challenge: @escaping (ThreeDSChallenge) -> Void,
                              _ completion: @escaping (Result<PaidSoFar, StoreError>) -> Void) -> Void = { _, _, _, _, completion in
        completion(.failure(.refused(.storeNotOpen)))
    }
    /// Pays the cart in cash (`tendered` handed over): the sale whole, or nothing taken.
    public var payInCash: (_ tendered: Money) -> Result<PaidOrderReceipt, StoreError> = { _ in .failure(.refused(.storeNotOpen)) }
    /// Takes cash as one part of the cart's order (split tender): what is paid so far after it.
    public var payPartInCash: (_ amount: Money) -> Result<PaidSoFar, StoreError> = { _ in .failure(.refused(.storeNotOpen)) }
    /// Gives the cart's order's parts back, each to its tender, and closes the order.
    public var giveBackParts: (_ completion: @escaping (Result<PartsGivenBack, StoreError>) -> Void) -> Void = { completion in
        completion(.failure(.refused(.storeNotOpen)))
    }
    /// The cart's order paid in part: "Paid so far … · left …"; nil when nothing is paid on it.
    public var paidSoFar: () -> PaidSoFar? = { nil }
    /// How this counter's till rounds cash (the shop's settings).
    public var cashRounding: () -> CashRounding = { .unrounded }

    // Discounts at a staffed counter (issue 36).
    /// The shop's discount reasons and the cashier's ceiling.
    public var discountPolicy: () -> DiscountPolicy = { .standard }
    /// Gives a discount on a line of the cart or on the whole: the cart after it, or why not.
    public var giveDiscount: (_ request: DiscountRequest) -> Result<Cart, DiscountChangeError> = { _ in .failure(.store(.refused(.storeNotOpen))) }
    /// Takes a line's or the order's discount back.
    public var removeDiscount: (_ target: DiscountTarget) -> Result<Cart, DiscountChangeError> = { _ in .failure(.store(.refused(.storeNotOpen))) }
    /// Who approves `action` with `pin` there and then: the manager the PIN is, or nil. Today the
    /// operator's PIN (as the back office asks it); the staff table's managers once staff exist.
    public var approve: (_ action: StaffAction, _ pin: String) -> StaffPerson? = { _, _ in nil }

    // Account (seed 001's sign-up, saved payments, recurring billing).
    public var shopper: () -> String?
    public var signUp: (_ email: String, _ password: String) -> Result<String, AccountError>
    public var logIn: (_ email: String, _ password: String) -> Result<String, AccountError>
    public var logOut: () -> Void
    /// A guest's cart stays at this counter across restarts (it is named).
    public var keepsGuestCart: () -> Bool = { false }
    public var savedCards: () -> [SavedCard]
    public var setDefaultCard: (_ id: String) -> AccountError?
    public var removeCard: (_ id: String) -> AccountError?
    public var orders: () -> [Order]
    /// The orders and the subscriptions' payments, newest first.
    public var history: () -> [HistoryEntry] = { [] }
    public var plans: () -> [Plan]
    public var subscriptions: () -> [Subscription]
    /// Subscribes; a card's 3-D Secure check for the first payment goes to `challenge` (answered
    /// by `answerChallenge`).
    public var subscribe: (_ planID: String, _ cardID: String, _ challenge: @escaping (ThreeDSChallenge) -> Void,
                           _ completion: @escaping (Result<Subscription, AccountError>) -> Void) -> Void
    public var cancelSubscription: (_ id: String, _ atPeriodEnd: Bool) -> AccountError?
    public var failedRenewals: (_ subscriptionID: String) -> [RenewalAttempt]
    /// Runs the core's due work (renewals) now.
    public var runDueWork: (_ completion: @escaping () -> Void) -> Void
    /// Express sheet, bank and wallet (issue 8), opened from the payment-method picker.
    public var payments: PaymentScreensClient = .unavailable
    /// Parked sales: the cart parked under a name, resumed at any counter (issue 36).
    public var parking: ParkingClient = .unavailable
    /// The number of the order the cart is being paid by while its outcome is not known.
    public var unsettledOrder: () -> String? = { nil }
    /// What became of that order once known: paid (the receipt) or not (why); nil while unknown.
    public var settledOutcome: (_ orderNumber: String) -> Result<StoreReceipt, StoreError>? = { _ in nil }
    /// The receipt of the order the cart paid last (by bank, wallet or the express sheet).
    public var latestPaidReceipt: () -> PaidOrderReceipt? = { nil }
    /// A paid or refunded order's receipt, with how it was paid; nil for an order not paid.
    public var paidReceipt: (_ orderNumber: String) -> PaidOrderReceipt? = { _ in nil }

    // The payments PIN and adding a card from the account (issue 16).
    public var hasPaymentsPIN: () -> Bool = { false }
    public var setPaymentsPIN: (_ pin: String) -> AccountError? = { _ in .notSignedIn }
    public var changePaymentsPIN: (_ current: String, _ new: String) -> AccountError? = { _, _ in .notSignedIn }
    /// True while saved payments wait for the PIN.
    public var paymentsLocked: () -> Bool = { false }
    public var unlockPayments: (_ pin: String) -> AccountError? = { _ in .notSignedIn }
    /// Saves a card just typed (its one-time token) to the shopper's cards once its bank has
    /// checked it; a 3-D Secure question goes to `challenge` (answered by `answerChallenge`).
    /// `completion` is called once.
    public var saveCard: (_ card: PaymentCard, _ challenge: @escaping (ThreeDSChallenge) -> Void,
                          _ completion: @escaping (Result<CardSaved, AccountError>) -> Void) -> Void = { _, _, completion in
        completion(.failure(.notSignedIn))
    }
}

/// A card saved from the account: the card as saved, and whether it was there already (the same
/// card number, by its fingerprint: the core refreshes that card rather than adding another).
public struct CardSaved: Equatable, Sendable {
    public let card: PaymentCard
    public let alreadySaved: Bool

    public init(card: PaymentCard, alreadySaved: Bool) {
        self.card = card
        self.alreadySaved = alreadySaved
    }
}

extension StoreClient {
    /// The card form's part of the store's client.
    public var cardForm: CardFormFeature.Client {
        CardFormFeature.Client(tokenize: tokenize, schedule: schedule)
    }

    /// A client with no core behind it (before `start`, and for reducer tests that do not reach
    /// the world): empty answers, refusals for anything that would change something.
    public static var unavailable: StoreClient {
        let notOpen = Refusal.storeNotOpen
        let refused = StoreError.refused(notOpen)
        return StoreClient(
            now: { Date(timeIntervalSince1970: 0) },
            schedule: { _, _ in },
            loadProducts: { $0(.failure(refused)) },
            cart: { Cart(currency: .eur) },
            add: { _, _ in .failure(refused) },
            setQuantity: { _, _ in .failure(refused) },
            remove: { _ in Cart(currency: .eur) },
            emptyCart: { Cart(currency: .eur) },
            tokenize: { _ in .failure(.refused(notOpen)) },
            checkout: { _, _, _, completion in completion(.failure(refused)) },
            answerChallenge: { _, _ in },
            shopper: { nil },
            signUp: { _, _ in .failure(.refused(notOpen)) },
            logIn: { _, _ in .failure(.refused(notOpen)) },
            logOut: {},
            savedCards: { [] },
            setDefaultCard: { _ in .notSignedIn },
            removeCard: { _ in .notSignedIn },
            orders: { [] },
            plans: { [] },
            subscriptions: { [] },
            subscribe: { _, _, _, completion in completion(.failure(.notSignedIn)) },
            cancelSubscription: { _, _ in .notSignedIn },
            failedRenewals: { _ in [] },
            runDueWork: { $0() }
        )
    }
}

import PaymentsCore
/// Seed 001's `PMLStoreController`: the honey store's products, cart and checkout. The screens
/// (store, details, cart, checkout) call it; the next round implements it against the core's
/// catalogue, carts, vault and charges.
///
/// Cart operations are local and immediate; loading and checkout go to the core and call back
/// exactly once.
public protocol StoreController: AnyObject {
    /// The products as last loaded (empty before the first load).
    var products: [Product] { get }
    func loadProducts(completion: @escaping (Result<[Product], StoreError>) -> Void)

    var cart: Cart { get }
    /// The cart's total (what the checkout charges).
    var total: Money { get }
    @discardableResult func add(productID: String, quantity: Int) throws(StoreError) -> Cart
    @discardableResult func changeQuantity(productID: String, to quantity: Int) throws(StoreError) -> Cart
    @discardableResult func remove(productID: String) -> Cart
    @discardableResult func emptyCart() -> Cart

    /// The signed-in customer's earlier payments (seed: "reuse of earlier payments").
    func savedPayments(completion: @escaping (Result<[PaymentCard], StoreError>) -> Void)
    /// Charges the cart's total to a new card's one-time token or a saved payment. On success the
    /// cart is emptied and the receipt names the order; on failure the cart stays as it was.
    ///
    /// - `saveCard`: keep a new card for later (signed-in customers; a card saved before is
    ///   reused, never saved twice), once its charge succeeded: a refused card is not kept.
    /// - `authentication`: who shows a 3-D Secure challenge if the card asks for one (the
    ///   checkout screen: it shows the challenge step and answers with the code, or nil if the
    ///   shopper cancelled). Without one, a card that insists on a challenge is refused.
    ///
    /// A second call while one is under way does not pay again: it gets the same answer.
    func checkout(with source: CardFundingSource, saveCard: Bool, authentication: AuthenticationPresenter?,
                  completion: @escaping (Result<StoreReceipt, StoreError>) -> Void)
}

extension StoreController {
    /// A checkout that saves nothing and has no one to show a 3-D Secure challenge.
    public func checkout(with source: CardFundingSource, completion: @escaping (Result<StoreReceipt, StoreError>) -> Void) {
        checkout(with: source, saveCard: false, authentication: nil, completion: completion)
    }
}

/// What a successful checkout returns.
public struct StoreReceipt: Hashable, Sendable {
    public let orderIdentifier: String
    public let lines: [CartLine]
    public let total: Money
    public let charge: CardChargeReceipt
    /// The VAT in the total, per rate (the core's `TaxAnalysis` of the order).
    public var taxes: TaxAnalysis
    /// The receipt's number at its counter; nil when the order has none.
    public var receiptNumber: Int?
    /// The order's lines as placed, with their discounts, and the discounts given (issue 36).
    public var orderLines: [OrderLine] = []
    public var discounts: [OrderDiscount] = []

    public init(orderIdentifier: String, lines: [CartLine], total: Money, charge: CardChargeReceipt, taxes: TaxAnalysis = .none,
                receiptNumber: Int? = nil) {
        self.orderIdentifier = orderIdentifier
        self.lines = lines
        self.total = total
        self.charge = charge
        self.taxes = taxes
        self.receiptNumber = receiptNumber
    }
}

import Clocks
import PaymentsCore

/// Seed 001's store controller over the core: the four jars from the database, the session's cart
/// (kept by the core, so stock is checked on every change), and checkout as the seed does it:
/// the cart becomes an order, the order is paid with a one-time token or a saved card.
///
/// Checkout rules:
/// - the order's idempotency key (`order-<id>-payment`, in the core) means one order is charged
///   at most once; a second "Pay" while one is under way waits for the same answer;
/// - a failed payment leaves the cart as it was (the seed's "restore to idle"): the next "Pay"
///   places a new order for it;
/// - a card that wants 3-D Secure asks the caller's `AuthenticationPresenter` for the code.
public final class CoreStoreController: StoreController {
    public private(set) var products: [Product] = []

    private let core: PaymentsServices
    private let carts: Carts
    private let catalog: Catalog
    /// What a scanned code is (`+Scanning`).
    let barcodes: Barcodes
    private let orders: Orders
    private let gateway: AttendedChargeGateway
    private let session: CounterSession
    /// Callers waiting on the checkout under way (a double "Pay" joins the first).
    private var waiting: [(Result<StoreReceipt, StoreError>) -> Void] = []

    init(core: PaymentsServices, commerce: Commerce, session: CounterSession) {
        self.core = core
        self.session = session
        carts = commerce.carts
        barcodes = commerce.barcodes
        catalog = commerce.catalog
        gateway = AttendedChargeGateway(charges: core.charges, unattended: commerce.cardGateway)
        // The core's one orders service; the checkout pays through the gateway that can ask for
        // a 3-D Secure code.
        orders = commerce.orders
    }

    // MARK: - Products

    public func loadProducts(completion: @escaping (Result<[Product], StoreError>) -> Void) {
        do {
            products = try catalog.products()
            completion(.success(products))
        } catch {
            completion(.failure(.loadFailed("\(error)")))
        }
    }

    /// A window of the shelf (issue 18): up to `limit` products `filter` lets through, from
    /// `anchor` on. The screen holds this, never the whole shop; `products` is not touched.
    public func products(_ filter: CatalogFilter, from anchor: CatalogAnchor, limit: Int) -> Result<[Product], StoreError> {
        Result { try catalog.products(filter, from: anchor, limit: limit) }.mapError { .loadFailed("\($0)") }
    }

    /// How many products `filter` lets through (every match is read: for the list's far end).
    public func productCount(_ filter: CatalogFilter) -> Result<Int, StoreError> {
        Result { try catalog.count(filter) }.mapError { .loadFailed("\($0)") }
    }

    // MARK: - Cart

    public var cart: Cart { (try? carts.cart(for: session.cartKey)) ?? Cart(currency: .eur) }
    public var total: Money { cart.total }
    /// Whether a checkout is under way (the screen disables "Pay" and shows a spinner).
    public var isCheckingOut: Bool { !waiting.isEmpty }

    /// Stops waiting for the checkout under way (the screen gave up waiting, or a kiosk forgot
    /// its shopper): the order stays with the settler, and a late answer reaches nobody.
    public func stopWaiting() { waiting = [] }

    @discardableResult
    public func add(productID: String, quantity: Int) throws(StoreError) -> Cart {
        try change { try carts.add(productId: productID, quantity: quantity, for: session.cartKey) }
    }

    /// Adds jars at `unitPrice` each (a priced barcode's), or the shelf's price when nil.
    @discardableResult
    func add(productID: String, quantity: Int, unitPrice: Money?) throws(StoreError) -> Cart {
        try change { try carts.add(productId: productID, quantity: quantity, unitPrice: unitPrice, for: session.cartKey) }
    }

    @discardableResult
    public func changeQuantity(productID: String, to quantity: Int) throws(StoreError) -> Cart {
        try change { try carts.setQuantity(quantity, productId: productID, for: session.cartKey) }
    }

    @discardableResult
    public func remove(productID: String) -> Cart {
        (try? change { try carts.remove(productId: productID, for: session.cartKey) }) ?? cart
    }

    @discardableResult
    public func emptyCart() -> Cart {
        (try? change { try carts.empty(for: session.cartKey) }) ?? cart
    }

    /// The shop's discount reasons and the cashier's ceiling.
    public var discountPolicy: DiscountPolicy { carts.discountPolicy }

    /// Gives a discount on a line of the cart or on the whole (issue 36); refused as the cart's
    /// other changes are while it is being paid, and as the core refuses the discount itself.
    @discardableResult
    public func give(_ discount: DiscountRequest) throws(DiscountChangeError) -> Cart {
        do throws(StoreError) { try cartMayChange() } catch { throw .store(error) }
        // Given by who serves here (issue 36), unless the screen named someone.
        let signed = DiscountRequest(target: discount.target, adjustment: discount.adjustment, reason: discount.reason, note: discount.note,
                                     givenBy: discount.givenBy ?? session.serving, approvedBy: discount.approvedBy)
        do throws(DiscountError) { return try carts.give(signed, for: session.cartKey) } catch { throw .discount(error) }
    }

    @discardableResult
    public func removeDiscount(on target: DiscountTarget) throws(DiscountChangeError) -> Cart {
        do throws(StoreError) { try cartMayChange() } catch { throw .store(error) }
        do throws(DiscountError) { return try carts.removeDiscount(on: target, for: session.cartKey) } catch { throw .discount(error) }
    }

    /// The order this session's cart is being paid by while its outcome is not known: the cart
    /// cannot change, and the checkout shows it instead of offering to pay again.
    public var unsettledOrder: Order? { (try? orders.unsettledOrder(for: session.cartKey)) ?? nil }

    /// The cart's order paid in part (split tender): "Paid so far … · left …"; nil when nothing
    /// is paid on it (or it cannot be read: paying refuses then, with the reason).
    public var paidSoFar: PaidSoFar? { (try? orders.paidSoFar(sessionKey: session.cartKey)) ?? nil }

    /// What became of an order the shopper waits on (the settler may have learnt it).
    public func order(number: String) -> Order? {
        ((try? orders.orders(for: session.cartKey)) ?? []).last { $0.number == number }
    }

    /// Refused while the cart is being paid, its payment is not known, or its order is part paid.
    private func cartMayChange() throws(StoreError) {
        guard !isCheckingOut else { throw .refused(.cartBeingPaid) }
        if let unsettled = unsettledOrder { throw .paymentUnknown(orderNumber: unsettled.number) }
        if let part = paidSoFar { throw .partPaid(orderNumber: part.order.number, paid: part.paid, left: part.left) }
    }

    /// A change of the cart, refused while it cannot change; the cart's and the storage's errors
    /// in the store's words (a scan's change too: `+Scanning`).
    func change(_ body: () throws -> Cart) throws(StoreError) -> Cart {
        try cartMayChange()
        do {
            return try body()
        } catch let error as CartError {
            throw StoreError(error)
        } catch {
            throw .refused(Refusal(error))
        }
    }

    // MARK: - Saved payments

    public func savedPayments(completion: @escaping (Result<[PaymentCard], StoreError>) -> Void) {
        guard let customer = session.customer else { return completion(.failure(.notSignedIn)) }
        do {
            completion(.success(try core.paymentMethods.list(for: customer.id).map(PaymentCard.init(method:)).defaultFirst()))
        } catch {
            completion(.failure(.refused(Refusal(error))))
        }
    }

    // MARK: - Checkout

    public func checkout(with source: CardFundingSource, saveCard: Bool, authentication: AuthenticationPresenter?,
                         completion: @escaping (Result<StoreReceipt, StoreError>) -> Void) {
        checkout(with: source, saveCard: saveCard, part: nil, authentication: authentication, completion: completion)
    }

    /// Charges the card `part` of what is left of the cart's order (split tender): the order
    /// waits for the rest, told as what is paid so far (nothing left: the last part paid it).
    public func checkoutPart(_ part: Money, with source: CardFundingSource, saveCard: Bool, authentication: AuthenticationPresenter?,
                             completion: @escaping (Result<PaidSoFar, StoreError>) -> Void) {
        checkout(with: source, saveCard: saveCard, part: part, authentication: authentication) { [weak self] result in
            completion(result.flatMap { receipt in
                guard let self, let order = self.order(number: receipt.orderIdentifier) else { return .failure(.paymentUnknown(orderNumber: receipt.orderIdentifier)) }
                if let soFar = (try? self.orders.paidSoFar(orderId: order.id)) ?? nil { return .success(soFar) }
                return .success(PaidSoFar(order: order, parts: [], paid: order.total, left: Money(minorUnits: 0, currency: order.total.currency)))
            })
        }
    }

    private func checkout(with source: CardFundingSource, saveCard: Bool, part: Money?, authentication: AuthenticationPresenter?,
                          completion: @escaping (Result<StoreReceipt, StoreError>) -> Void) {
        guard waiting.isEmpty else { return waiting.append(completion) }
        waiting = [completion]
        let instrument: PaymentInstrument
        let keptCard: CardKeptForSaving?
        do throws(StoreError) {
            (instrument, keptCard) = try self.instrument(for: source, saveCard: saveCard)
        } catch {
            return finish(.failure(error))
        }
        let payment: CartPayment
        do throws(OrderError) {
            // The cart's own order: a declined attempt's order again while the cart is what it
            // holds; refused while an attempt's outcome is unknown (never a second charge).
            // Nothing is written until the payment's intent, with its charge, in one commit.
            let whole = try orders.prepareCartPayment(for: session.cartKey)
            guard var paying = part.map({ whole.part($0) }) ?? whole else { throw OrderError.partTooLarge(left: whole.due) }
            paying.placedBy = session.placedBy
            payment = paying
        } catch {
            return finish(.failure(StoreError(error)))
        }
        gateway.present(to: authentication)
        // A payment in flight is open work: the settler passes every few seconds until it is
        // settled (a card that never answers is asked again, and the screen hears the answer).
        onUnsettled()
        orders.pay(payment, with: instrument, through: gateway) { [weak self] result in
            guard let self else { return }
            self.gateway.present(to: nil)
            switch result {
            case .success(let paid):
                // Kept only for a shopper still waiting: one who gave up (the outcome was not known
                // to her) never heard the bank's yes, and a card is not saved behind her back.
                let savedId = self.waiting.isEmpty ? nil : keptCard.flatMap { self.save($0, paidBy: paid) }
                self.finish(.success(self.receipt(for: paid, source: source, instrument: instrument, savedId: savedId)))
            case .failure(let error):
                // Declined, challenge failed or cancelled, or not known yet: the card is not kept.
                self.finish(.failure(StoreError(error)))
            }
        }
    }

    /// The instrument to charge: a saved card as is; a new card's token as is, its card set
    /// aside when it is to be saved (the charge uses the token up, and the card is saved only
    /// once the charge succeeded).
    private func instrument(for source: CardFundingSource, saveCard: Bool) throws(StoreError) -> (PaymentInstrument, CardKeptForSaving?) {
        switch source {
        case .savedPayment(let id):
            guard let customer = session.customer else { throw .notSignedIn }
            return (.savedMethod(id, customerId: customer.id), nil)
        case .newCardToken(let token):
            guard saveCard else { return (.token(token), nil) }
            guard let customer = session.customer else { throw .notSignedIn }
            do {
                return (.token(token), try core.cardsSavedAfterPayment.keep(token: token, for: customer.id))
            } catch let error as PaymentMethodError {
                if case .token = error { throw .checkoutFailed(.invalidToken) }
                throw .refused(.paymentMethod(error))
            } catch {
                throw .refused(Refusal(error))
            }
        }
    }

    /// Saves the card paid with, now that its charge succeeded. The payment stands either way: a
    /// card that could not be saved is only not on the receipt as saved.
    private func save(_ card: CardKeptForSaving, paidBy order: Order) -> String? {
        guard let chargeId = order.chargeId else { return nil }
        return (try? core.cardsSavedAfterPayment.save(card, approvedBy: chargeId))??.method.id
    }

    // MARK: - Cash

    /// How this counter's till rounds cash (the shop's settings); none until they say otherwise.
    public var cashRounding: CashRounding = .unrounded

    /// Pays the cart in cash: the whole sale in one transaction, or nothing (sold out, less than
    /// due, a card attempt of the same cart still unknown). Refused while a card checkout runs.
    public func payInCash(tendered: Money) throws(StoreError) -> PaidOrderReceipt {
        guard waiting.isEmpty else { throw .refused(.cartBeingPaid) }
        do throws(OrderError) {
            let sale = try orders.payInCash(sessionKey: session.cartKey, tendered: tendered, rounding: cashRounding, signedBy: session.placedBy)
            return PaidOrderReceipt(cashSale: sale, at: core.clock.now)
        } catch {
            throw StoreError(error)
        }
    }

    /// Takes `amount` in cash as one part of the cart's order (split tender), below what is left;
    /// the rest is paid later by any tender. No change from a part.
    public func payPartInCash(_ amount: Money) throws(StoreError) -> PaidSoFar {
        guard waiting.isEmpty else { throw .refused(.cartBeingPaid) }
        do throws(OrderError) {
            let sale = try orders.payPartInCash(sessionKey: session.cartKey, amount: amount, signedBy: session.placedBy)
            guard let soFar = try orders.paidSoFar(orderId: sale.order.id) else { throw OrderError.unknownOrder(sale.order.id) }
            return soFar
        } catch {
            throw StoreError(error)
        }
    }

    /// Gives back every part paid on the cart's order (the shopper will not finish it): each part
    /// to its own tender, the order closed; the cart stays for a new order. Once per order: asked
    /// again (a double press, a retry), the same give-back answers.
    public func giveBackParts(completion: @escaping (Result<PartsGivenBack, StoreError>) -> Void) {
        guard waiting.isEmpty else { return completion(.failure(.refused(.cartBeingPaid))) }
        let soFar: PaidSoFar
        do throws(OrderError) {
            guard let paid = try orders.paidSoFar(sessionKey: session.cartKey) else { return completion(.failure(.emptyCart)) }
            soFar = paid
        } catch {
            return completion(.failure(StoreError(error)))
        }
        orders.giveBackParts(sessionKey: session.cartKey, idempotencyKey: "give-back-\(soFar.order.id)") { result in
            switch result {
            case .success(let refund): completion(.success(.givenBack(refund.amount, order: soFar.order.number)))
            // Asked, and not all answered: on its way back, the settler finishes it; never lost.
            case .failure(.outcomeUnknown): completion(.success(.onItsWay(soFar.paid, order: soFar.order.number)))
            case .failure(.declined): completion(.success(.declined(soFar.paid, order: soFar.order.number)))
            case .failure(.order(let error)): completion(.failure(StoreError(error)))
            case .failure: completion(.failure(.emptyCart))
            }
        }
    }

    /// What became of an order whose outcome was not known: nil while it still is not; the
    /// receipt once paid; why not once the attempt is known to have failed.
    public func outcome(ofOrder number: String) -> Result<StoreReceipt, StoreError>? {
        guard let order = order(number: number) else { return nil }
        switch order.state {
        case .paid:
            return .success(receipt(for: order, savedId: order.chargeId.flatMap { try? core.charges.charge($0) }?.paymentMethodID))
        case .pendingPayment where unsettledOrder?.id == order.id:
            return nil
        case .pendingPayment where order.failureReason == nil:
            // The attempt was booked as a part of a split (its decline would be the reason):
            // paid so far, the rest still due; never "not paid".
            guard let soFar = (try? orders.paidSoFar(orderId: order.id)) ?? nil else { fallthrough }
            return .failure(.partPaid(orderNumber: order.number, paid: soFar.paid, left: soFar.left))
        case .pendingPayment, .failed, .refunded:
            let code = order.failureReason ?? "processing_error"
            return .failure(.checkoutFailed(CardChargeFailure(declineCode: code, otherwise: .processingError)))
        }
    }

    private func receipt(for order: Order, source: CardFundingSource, instrument: PaymentInstrument, savedId: String?) -> StoreReceipt {
        let usedId: String? = if case .savedMethod(let id, _) = instrument { id } else { nil }
        return receipt(for: order, savedId: usedId ?? savedId)
    }

    private func receipt(for order: Order, savedId: String?) -> StoreReceipt {
        let charge = order.chargeId.flatMap { try? core.charges.charge($0) }
        let chargeReceipt = CardChargeReceipt(chargeIdentifier: order.chargeId ?? "", amount: order.total,
                                              brand: charge?.brand.displayName ?? "", lastFour: charge?.lastFour ?? "",
                                              paymentMethodIdentifier: savedId)
        var receipt = StoreReceipt(orderIdentifier: order.number, lines: order.lines.map(CartLine.init(orderLine:)), total: order.total,
                                   charge: chargeReceipt, taxes: order.taxAnalysis, receiptNumber: order.receiptNumber)
        receipt.orderLines = order.lines
        receipt.discounts = order.discounts
        return receipt
    }

    /// Told when a checkout starts or ends with its outcome unknown (the settler loop wakes up).
    var onUnsettled: () -> Void = {}

    private func finish(_ result: Result<StoreReceipt, StoreError>) {
        if case .failure(.paymentUnknown) = result { onUnsettled() }
        let callers = waiting
        waiting = []
        for caller in callers { caller(result) }
    }
}

// MARK: - Translations from the core

extension PaymentCard {
    init(method: PaymentMethod) {
        self.init(id: method.id, brand: method.brand.displayName, lastFour: method.lastFour, expiryMonth: method.expiry.month,
                  expiryYear: method.expiry.year, holderName: method.holder, isDefault: method.isDefault)
    }
}

extension Array where Element == PaymentCard {
    /// The default card first, the rest in the order they were saved.
    func defaultFirst() -> [PaymentCard] { filter(\.isDefault) + filter { !$0.isDefault } }
}

extension StoreError {
    public init(_ error: OrderError) {
        switch error {
        case .emptyCart: self = .emptyCart
        case .outOfStock(_, let name): self = .outOfStock(name: name)
        case .paymentDeclined(let decline):
            self = decline.code == AttendedChargeGateway.cancelledCode
                ? .checkoutFailed(.authenticationCancelled) : .checkoutFailed(CardChargeFailure(decline))
        case .cart(let cartError): self = StoreError(cartError)
        case .paymentInProgress(let number), .outcomeUnknown(let number): self = .paymentUnknown(orderNumber: number)
        case .cashShort(let due): self = .cashShort(due: due)
        case .partPaid(let number, let paid, let left): self = .partPaid(orderNumber: number, paid: paid, left: left)
        case .partTooLarge(let left): self = .partTooLarge(left: left)
        default: self = .refused(Refusal(error))
        }
    }
}

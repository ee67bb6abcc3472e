import Clocks
import Foundation
import PaymentsCore

/// The account side of the honey store (seed 001: sign up / log in, the client id per user,
/// "reuse of earlier payments", recurring billing): what the account screens call.
///
/// Every call is local (the database), so it answers at once, by return or by throwing an
/// `AccountError` whose `message` the screen prints.
public final class StoreAccount {
    private let core: PaymentsServices
    private let commerce: Commerce
    private let session: CounterSession

    init(core: PaymentsServices, commerce: Commerce, session: CounterSession) {
        self.core = core
        self.commerce = commerce
        self.session = session
    }

    // MARK: - Sign up, log in, log out

    public var customer: Customer? { session.customer }
    public var isSignedIn: Bool { session.customer != nil }

    @discardableResult
    public func signUp(email: String, password: String) throws(AccountError) -> Customer {
        let customer = try attempt { try core.customers.signUp(email: email, password: password) }
        signIn(customer)
        return customer
    }

    @discardableResult
    public func logIn(email: String, password: String) throws(AccountError) -> Customer {
        let customer = try attempt { try core.customers.logIn(email: email, password: password) }
        signIn(customer)
        return customer
    }

    /// The jars a guest put in the cart go with them into their own cart when they log in (the
    /// seed's shopper browses first and signs in at checkout). What the shelf cannot add stays
    /// behind, never fails the log-in.
    private func signIn(_ customer: Customer) {
        let guestKey = session.cartKey
        session.signIn(customer)
        guard let guestCart = try? commerce.carts.cart(for: guestKey), !guestCart.isEmpty else { return }
        for line in guestCart.lines {
            _ = try? commerce.carts.add(productId: line.product.id, quantity: line.quantity, for: session.cartKey)
        }
        _ = try? commerce.carts.empty(for: guestKey)
    }

    /// Signs out and locks payments again (the next customer at the counter starts locked).
    public func logOut() {
        if let customer = session.customer { core.customers.lockPayments(customer.id) }
        session.signOut()
    }

    // MARK: - The payments PIN (the auction's lock, and saving a card)

    /// Whether the shopper has a payments PIN (then it is changed, not set).
    public var hasPIN: Bool {
        guard let id = session.customer?.id else { return false }
        return (try? core.customers.customer(id: id).hasPIN) ?? false
    }

    /// Sets the first payments PIN; one already set is changed with `changePIN`.
    public func setPIN(_ pin: String) throws(AccountError) {
        let id = try signedIn()
        try attempt { try core.customers.setPIN(pin, for: id) }
        session.signIn(try attempt { try core.customers.customer(id: id) })
    }

    /// Changes the PIN, the current one first (a wrong one counts toward the unlock's lockout).
    public func changePIN(current: String, new pin: String) throws(AccountError) {
        let id = try signedIn()
        try attempt { try core.customers.changePIN(id, current: current, new: pin) }
    }

    /// True while saved payments wait for the PIN (a shopper with a PIN, not yet unlocked).
    public var isPaymentsLocked: Bool {
        guard let id = session.customer?.id else { return true }
        return core.customers.isPaymentsLocked(id)
    }

    /// Unlocks saved payments for this session with the PIN; the same count and lockout as the
    /// auction's unlock step.
    public func unlockPayments(pin: String) throws(AccountError) {
        let id = try signedIn()
        try attempt { try core.customers.unlockPayments(id, pin: pin) }
    }

    // MARK: - Saved cards

    /// The saved cards, default first; expired ones flagged (kept, but not offered for paying).
    public func savedCards() throws(AccountError) -> [SavedCard] {
        let id = try signedIn()
        let now = core.clock.now
        let cards = try attempt { try core.paymentMethods.list(for: id) }
            .map { SavedCard(card: PaymentCard(method: $0), summary: $0.summary, isExpired: $0.expiry.isExpired(at: now), canBeCharged: $0.canBeCharged) }
        return cards.filter(\.card.isDefault) + cards.filter { !$0.card.isDefault }
    }

    /// Saves a card (its one-time token) without asking its bank: for a world set up before the
    /// counter opens (tapes' customer worlds, tests). A shopper's card goes through
    /// `saveCheckedCard`. A card saved before is not added again.
    @discardableResult
    public func saveCard(_ card: PaymentCard, makeDefault: Bool = false) throws(AccountError) -> (card: PaymentCard, alreadySaved: Bool) {
        let id = try signedIn()
        guard let token = card.vaultToken else { throw .refused(.cardAlreadySaved) }
        let saved = try attempt { try core.paymentMethods.save(token: token, for: id, makeDefault: makeDefault) }
        return (PaymentCard(method: saved.method), saved.alreadySaved)
    }

    /// Saves a card just typed once its bank has checked it (no money moves). A card that asks
    /// for 3-D Secure shows its question through `authentication`; without a presenter such a
    /// card is refused, as at a checkout with nobody to answer. Calls back once, on the loop.
    public func saveCheckedCard(_ card: PaymentCard, makeDefault: Bool = false, authentication: AuthenticationPresenter?,
                                completion: @escaping (Result<(card: PaymentCard, alreadySaved: Bool), AccountError>) -> Void) {
        let id: String
        do { id = try signedIn() } catch { return completion(.failure(error)) }
        guard let token = card.vaultToken else { return completion(.failure(.refused(.cardAlreadySaved))) }
        CheckedCardSave(core: core).save(token: token, for: id, makeDefault: makeDefault, authentication: authentication) { result in
            switch result {
            case .success(let saved): completion(.success((PaymentCard(method: saved.method), saved.alreadySaved)))
            case .failure(.paymentMethod(let error)): completion(.failure(AccountError(error)))
            case .failure(.declined(let decline)): completion(.failure(.refused(.decline(decline))))
            }
        }
    }

    public func setDefaultCard(_ cardID: String) throws(AccountError) {
        let id = try signedIn()
        try attempt { try core.paymentMethods.setDefault(cardID, for: id) }
    }

    public func removeCard(_ cardID: String) throws(AccountError) {
        let id = try signedIn()
        try attempt { try core.paymentMethods.remove(cardID, for: id) }
    }

    // MARK: - Orders

    /// The orders of the current cart session (the customer's, or this guest's), newest first.
    public func orderHistory() throws(AccountError) -> [Order] {
        try attempt { try commerce.orders.orders(for: session.cartKey) }.reversed()
    }

    // MARK: - Subscriptions (recurring billing)

    public func plans() throws(AccountError) -> [Plan] {
        try attempt { try commerce.subscriptions.plans() }
    }

    /// Subscribes with a saved card; the first period is charged now. A card that asks for a
    /// 3-D Secure check shows it through `authentication` (the shopper is at the counter for the
    /// first payment); without one such a card is refused. Calls back once.
    public func subscribe(planId: String, cardID: String, authentication: AuthenticationPresenter? = nil,
                          completion: @escaping (Result<Subscription, AccountError>) -> Void) {
        var firstPayment: RenewalCollecting?
        if let authentication {
            let gateway = AttendedChargeGateway(charges: core.charges, unattended: commerce.cardGateway)
            gateway.present(to: authentication)
            firstPayment = RenewalCollector(charges: gateway, bank: commerce.bank)
        }
        // The gateway answers only while something holds it: this payment's completion does.
        subscribe(planId: planId, payer: .savedCard(paymentMethodId: cardID), firstPayment: firstPayment) { result in
            withExtendedLifetime(firstPayment) { completion(result) }
        }
    }

    /// Subscribes paying by an authorised bank mandate (seed 004).
    public func subscribe(planId: String, mandate: BankPaymentContext, completion: @escaping (Result<Subscription, AccountError>) -> Void) {
        subscribe(planId: planId, payer: .mandate(identifier: mandate.identifier, token: mandate.token), completion: completion)
    }

    private func subscribe(planId: String, payer: SubscriptionPayer, firstPayment: RenewalCollecting? = nil,
                           completion: @escaping (Result<Subscription, AccountError>) -> Void) {
        guard let customer = session.customer else { return completion(.failure(.notSignedIn)) }
        // The first period's order names who served, as every order at a staffed counter does.
        commerce.subscriptions.subscribe(customerId: customer.id, planId: planId, payer: payer, firstPayment: firstPayment,
                                         signedBy: session.placedBy) { result in
            completion(result.mapError { AccountError($0) })
        }
    }

    public func subscriptions() throws(AccountError) -> [Subscription] {
        let id = try signedIn()
        return try attempt { try commerce.subscriptions.subscriptions(customerId: id) }
    }

    /// Cancels now, or at the end of the period already paid.
    @discardableResult
    public func cancelSubscription(_ id: String, atPeriodEnd: Bool) throws(AccountError) -> Subscription {
        try attempt { try commerce.subscriptions.cancel(subscriptionId: id, atPeriodEnd: atPeriodEnd) }
    }

    /// Every payment of the customer's subscriptions, oldest first, with how each was paid.
    func subscriptionPayments(customerId: String) throws(AccountError) -> [SubscriptionPaymentLine] {
        try attempt { try commerce.subscriptions.payments(customerId: customerId) }.map { payment in
            SubscriptionPaymentLine(planName: payment.planName, isRenewal: payment.isRenewal, at: payment.attempt.at,
                                    amount: payment.attempt.amount, succeeded: payment.attempt.succeeded,
                                    paidWith: tender(of: payment, customerId: customerId))
        }
    }

    /// The card the charge was made on; for a payment that failed (no charge to name), the card
    /// the subscription pays with, while it is saved; a mandate is paid by bank.
    private func tender(of payment: SubscriptionPayment, customerId: String) -> PaidOrderReceipt.Tender {
        switch payment.payer {
        case .mandate:
            return .bank(name: nil)
        case .savedCard(let methodId):
            if let reference = payment.attempt.paymentReference, let charge = try? core.charges.charge(reference) {
                return .card(brand: charge.brand.displayName, lastFour: charge.lastFour)
            }
            guard let method = try? core.paymentMethods.method(methodId, for: customerId) else { return .unknown }
            return .card(brand: method.brand.displayName, lastFour: method.lastFour)
        }
    }

    /// The renewals that did not go through (for "your card was declined, update it").
    public func failedRenewals(of subscriptionId: String) throws(AccountError) -> [RenewalAttempt] {
        try attempt { try commerce.subscriptions.failedRenewals(subscriptionId: subscriptionId) }
    }

    // MARK: - Private

    private func signedIn() throws(AccountError) -> String {
        guard let customer = session.customer else { throw .notSignedIn }
        return customer.id
    }

    private func attempt<T>(_ body: () throws -> T) throws(AccountError) -> T {
        do { return try body() } catch { throw AccountError(error) }
    }
}

/// A saved card as the account screen lists it.
public struct SavedCard: Hashable, Sendable {
    public let card: PaymentCard
    /// "Visa •••• 4242 (12/30)".
    public let summary: String
    public let isExpired: Bool
    public let canBeCharged: Bool

    public init(card: PaymentCard, summary: String, isExpired: Bool, canBeCharged: Bool) {
        self.card = card
        self.summary = summary
        self.isExpired = isExpired
        self.canBeCharged = canBeCharged
    }
}

public enum AccountError: Error, Hashable, Sendable {
    case notSignedIn
    case refused(Refusal)

    init(_ error: Error) {
        switch error {
        case let error as AccountError: self = error
        default: self = .refused(Refusal(error))
        }
    }
}

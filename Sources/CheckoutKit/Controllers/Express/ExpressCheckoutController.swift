import Foundation
import PaymentsCore

/// Seed 003's delegate over the core: prices shipping by the anonymised contact's country, adds a
/// card surcharge by network, checks the full contacts once authorised, and charges the sheet's
/// one-time token through the core. Every completion is called exactly once; the charge's comes
/// later, on the loop.
///
/// Statuses it answers: `.invalidShippingPostalAddress` (a country the store does not ship to, a
/// postcode the carrier refuses, no street), `.invalidShippingContact` (no name, e-mail or
/// phone), `.invalidBillingPostalAddress` (no billing street, city or postcode), `.failure` (the
/// card was declined), `.success` (charged).
public final class ExpressCheckoutController: PaymentAuthorizationDelegate {
    public let merchantName: String
    public let goods: [SummaryItem]
    public let rates: ShippingRates
    public let surcharges: CardSurcharges
    /// The charge made on success (for the receipt screen).
    public private(set) var charge: Charge?
    /// Why the last authorisation failed; the sheet words it (`failureMessage`).
    public private(set) var failure: ExpressFailure?
    public private(set) var isFinished = false
    /// Called from `didFinish` (the app dismisses the sheet there).
    public var onFinish: (() -> Void)?
    /// The order the sheet is paying (store checkout): placed from the cart when the shopper
    /// authorises, paid when the charge succeeds, failed when it does not.
    public private(set) var order: Order?

    /// The store's orders and the cart's session key; nil for goods that are not the store's cart.
    private let orders: Orders?
    private let sessionKey: String?
    /// Who serves at the counter the sheet was opened at: the order names them.
    private let signature: StaffSignature?
    private let cartIsEmpty: () -> Bool

    private let charges: ChargeService
    /// One key per sheet and attempt: a replayed authorisation never charges twice, and a
    /// declined attempt frees the next one (another card) to be charged under a new key.
    private let idempotencyKey: String
    private var attempt = 1
    private var zone: ShippingRates.Zone?
    private var shipping: ShippingMethod?
    private var paymentMethod: ExpressPaymentMethod

    init(merchantName: String, goods: [SummaryItem], paymentMethod: ExpressPaymentMethod, rates: ShippingRates,
         surcharges: CardSurcharges, charges: ChargeService, ids: IDGenerator,
         orders: Orders? = nil, sessionKey: String? = nil, signedBy signature: StaffSignature? = nil,
         cartIsEmpty: @escaping () -> Bool = { false }) {
        self.orders = orders
        self.cartIsEmpty = cartIsEmpty
        self.sessionKey = sessionKey
        self.signature = signature
        self.merchantName = merchantName
        self.goods = goods
        self.paymentMethod = paymentMethod
        self.rates = rates
        self.surcharges = surcharges
        self.charges = charges
        idempotencyKey = ids.next("express")
        zone = .domestic
        shipping = rates.methods(for: .domestic).first
    }

    /// What the sheet opens with: home shipping, the card's surcharge, the total.
    public func makeRequest(shippingContact: Contact? = nil, billingContact: Contact? = nil) -> ExpressSheetSession.Request {
        ExpressSheetSession.Request(merchantName: merchantName, currency: rates.currency, summaryItems: summaryItems(),
                                    shippingMethods: zone.map(rates.methods(for:)) ?? [], paymentMethod: paymentMethod,
                                    shippingContact: shippingContact, billingContact: billingContact)
    }

    // MARK: - PaymentAuthorizationDelegate

    public func willAuthorizePayment() {
        failure = nil
    }

    public func didSelectPaymentMethod(_ method: ExpressPaymentMethod, completion: @escaping ([SummaryItem]) -> Void) {
        paymentMethod = method
        completion(summaryItems())
    }

    public func didSelectShippingMethod(_ method: ShippingMethod, completion: @escaping (AuthorizationStatus, [SummaryItem]) -> Void) {
        guard let zone, rates.methods(for: zone).contains(method) else {
            return completion(.invalidShippingPostalAddress, summaryItems())
        }
        shipping = method
        completion(.success, summaryItems())
    }

    public func didSelectShippingContact(_ contact: AnonymizedContact,
                                         completion: @escaping (AuthorizationStatus, [ShippingMethod], [SummaryItem]) -> Void) {
        guard let zone = rates.zone(of: contact.countryCode) else {
            self.zone = nil
            shipping = nil
            failure = .notShippedTo(country: contact.countryCode.uppercased())
            return completion(.invalidShippingPostalAddress, [], summaryItems())
        }
        guard rates.acceptsPostcode(contact.postcode, countryCode: contact.countryCode) else {
            failure = .postcodeInvalid(contact.postcode, country: contact.countryCode.uppercased())
            return completion(.invalidShippingPostalAddress, rates.methods(for: zone), summaryItems())
        }
        let methods = rates.methods(for: zone)
        if self.zone != zone || !(shipping.map(methods.contains) ?? false) { shipping = methods.first }
        self.zone = zone
        failure = nil
        completion(.success, methods, summaryItems())
    }

    public func didAuthorizePayment(_ payment: AuthorizedPayment, completion: @escaping (AuthorizationResult) -> Void) {
        if let invalid = AddressCheck.shipping(payment.shippingContact, rates: rates) ?? AddressCheck.billing(payment.billingContact) {
            failure = invalid.errors.first.map(ExpressFailure.field)
            return completion(invalid)
        }
        guard let total = summaryItems().last?.amount else { return completion(AuthorizationResult(status: .failure)) }
        var description = "\(merchantName) express checkout"
        var placed: Order?
        // The store's cart becomes an order and its jars are reserved before any money moves. An
        // empty cart (the sheet shown alone, on goods of its own) is charged as before.
        if let orders, let sessionKey, !cartIsEmpty() {
            var pending: Order?
            do throws(OrderError) {
                let order = try orders.placeOrder(for: sessionKey, extras: orderExtras(), shipsTo: payment.shippingContact.map(Self.shipsTo),
                                                  signedBy: signature)
                pending = order
                try orders.startExternalPayment(orderId: order.id, kind: .express, paymentKey: "\(idempotencyKey)-\(attempt)")
                placed = order
                self.order = order
                description = "\(merchantName) order \(order.number)"
            } catch {
                // An order refused (the last jar is someone else's) is failed for good; the cart is kept.
                if let pending { self.order = try? orders.markFailed(orderId: pending.id, reason: "out_of_stock") }
                failure = .store(StoreError(error))
                return completion(AuthorizationResult(status: .failure))
            }
        }
        let request = ChargeRequest(amount: total, source: .token(payment.token), description: description,
                                    capture: true, idempotencyKey: "\(idempotencyKey)-\(attempt)")
        charges.create(request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let charge) where charge.status == .succeeded:
                self.charge = charge
                if let placed, let orders = self.orders {
                    self.order = (try? orders.markPaid(orderId: placed.id, reference: charge.id)) ?? placed
                }
                completion(AuthorizationResult(status: .success))
            case .success(let charge):
                self.attempt += 1
                self.failure = self.declined(charge)
                self.settleFailed(placed, reason: "declined")
                completion(AuthorizationResult(status: .failure))
            case .failure(.outcomeUnknown):
                // Asked, answer not known: the order stays with the settler (never failed on a
                // guess), and this attempt's key is never used for another charge.
                self.attempt += 1
                self.failure = .outcomeUnknown(orderNumber: placed?.number)
                completion(AuthorizationResult(status: .failure))
            case .failure(let error):
                self.attempt += 1
                self.failure = .card(CardChargeFailure(error))
                self.settleFailed(placed, reason: "declined")
                completion(AuthorizationResult(status: .failure))
            }
        }
    }

    /// Why a charge that did not succeed failed. The sheet has no 3-D Secure step, so a card that
    /// asks for one is abandoned (nothing stays pending) and the shopper is told to use another.
    private func declined(_ charge: Charge) -> ExpressFailure {
        if case .failed(let reason) = charge.status { return .card(CardChargeFailure(PaymentDecline(reason))) }
        if charge.status == .requiresAction { _ = try? charges.cancel(charge.id) }
        return .securityCheckNotShown
    }

    /// A declined attempt fails its order (reservation released, cart kept); the next attempt
    /// places a new one.
    private func settleFailed(_ placed: Order?, reason: String) {
        guard let placed, let orders else { return }
        order = try? orders.markFailed(orderId: placed.id, reason: reason)
    }

    /// What the sheet charges beside the cart's goods, as lines of the order: what the shopper
    /// pays is the order's total, on the receipt, in the reports and the export.
    private func orderExtras() -> [OrderExtra] {
        summaryItems().dropLast().compactMap { item in
            switch item.caption {
            case .shipping(let method): OrderExtra.shipping(method: method, amount: item.amount)
            case .surcharge(let network): OrderExtra.surcharge(network: network, amount: item.amount)
            case .given, .importDuties: nil
            }
        }
    }

    /// One line for the receipt: name, street, postcode and city, country.
    static func shipsTo(_ contact: Contact) -> String {
        let address = contact.postalAddress
        return [contact.name, address.street, [address.postcode, address.city].filter { !$0.isEmpty }.joined(separator: " "), address.countryCode.uppercased()]
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }

    public func didFinish() {
        isFinished = true
        onFinish?()
    }

    // MARK: - Summary

    /// Goods, shipping, the card surcharge, a pending duties line outside the EU, and the total
    /// labelled with the merchant's name. The lines this controller adds say what they are
    /// (`SummaryItem.Caption`) and the screen words them; the total keeps the merchant's name as
    /// the sheet checks it (the screen translates it where it draws it).
    public func summaryItems() -> [SummaryItem] {
        var lines = goods
        if let shipping { lines.append(SummaryItem(caption: .shipping(method: shipping.label), amount: shipping.amount)) }
        let basisPoints = surcharges.basisPoints(for: paymentMethod)
        if basisPoints > 0, let subtotal = try? Money.sum(lines.map(\.amount), currency: rates.currency),
           let surcharge = try? subtotal.surcharge(basisPoints: basisPoints) {
            lines.append(SummaryItem(caption: .surcharge(network: paymentMethod.network), amount: surcharge))
        }
        if zone == .world {
            lines.append(SummaryItem(caption: .importDuties, amount: .zero(rates.currency), kind: .pending))
        }
        return SummaryItem.withTotal(lines, merchantName: merchantName, currency: rates.currency)
            ?? [SummaryItem(label: merchantName, amount: .zero(rates.currency), kind: .pending)]
    }
}

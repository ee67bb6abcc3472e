import CheckoutKit
import Localization

/// The sheet's edge: the customer's actions go to `ExpressSheetSession`, and the session's
/// changes come back as actions.
public struct ExpressClient {
    public var open: (_ goods: [SummaryItem], _ send: @escaping (ExpressSheetFeature.Action) -> Void) -> Void
    public var selectContact: (Contact) -> Void
    public var selectShippingMethod: (ShippingMethod) -> Void
    public var selectCard: (ExpressPaymentMethod) -> Void
    public var setBilling: (Contact) -> Void
    public var pay: (ExpressWallet.SavedCard) -> Void
    public var cancel: () -> Void

    public static func live(services: CheckoutServices) -> ExpressClient {
        let session = LiveExpressSession(services: services)
        return ExpressClient(
            open: session.open,
            selectContact: { session.session?.selectShippingContact($0); session.changed() },
            selectShippingMethod: { session.session?.selectShippingMethod($0); session.changed() },
            selectCard: { session.session?.selectPaymentMethod($0); session.changed() },
            setBilling: { session.session?.changeBillingContact($0); session.changed() },
            pay: session.pay,
            cancel: { session.session?.cancel(); session.changed() }
        )
    }
}

/// One sheet: the seed's session over the store's express controller. It stands between them as
/// the session's delegate, so that the screen hears when each completion has come back.
final class LiveExpressSession: PaymentAuthorizationDelegate {
    private let services: CheckoutServices
    private var controller: ExpressCheckoutController?
    private(set) var session: ExpressSheetSession?
    private var send: ((ExpressSheetFeature.Action) -> Void)?
    private var sharedWithStore: AnonymizedContact?
    /// A card the vault refused (it never reached the sheet's delegate).
    private var cardProblem: String?

    init(services: CheckoutServices) {
        self.services = services
    }

    func open(goods: [SummaryItem], send: @escaping (ExpressSheetFeature.Action) -> Void) {
        self.send = send
        sharedWithStore = nil
        // The payment screens are opened on the store's cart: the sheet pays it as an order.
        let controller = services.expressCheckout(paymentMethod: ExpressWallet.cards[0].method, goods: goods, paysStoreCart: true)
        self.controller = controller
        let request = controller.makeRequest(billingContact: ExpressWallet.billing[0].contact)
        session = ExpressSheetSession(request: request, delegate: self)
        changed()
        // The sheet opens on the first saved address: the store hears of it, anonymised.
        session?.selectShippingContact(ExpressWallet.addresses[0].contact)
        changed()
    }

    func pay(_ card: ExpressWallet.SavedCard) {
        cardProblem = nil
        let cvc = card.method.network == "Amex" ? "1234" : "123"
        do {
            let token = try services.cards.tokenize(number: card.number, expiry: "12/30", cvc: cvc, holder: card.holder)
            session?.authorize(token: token.vaultToken ?? token.id)
        } catch {
            cardProblem = tr("The card could not be used: {0}.", "\(error)")
        }
        changed()
    }

    func changed() { send?(.sheetChanged(snapshot())) }
    private func answered(_ callback: ExpressSheetFeature.Callback) { send?(.answered(callback, snapshot())) }

    func snapshot() -> ExpressSheetFeature.Sheet {
        var sheet = ExpressSheetFeature.Sheet()
        guard let session, let controller else { return sheet }
        sheet.summaryItems = session.summaryItems
        sheet.shippingMethods = session.shippingMethods
        sheet.selectedShippingMethod = session.selectedShippingMethod
        sheet.paymentMethod = session.paymentMethod
        sheet.shippingContact = session.shippingContact
        sheet.billingContact = session.billingContact
        sheet.sharedWithStore = sharedWithStore
        sheet.lastStatus = session.lastStatus
        sheet.fieldErrors = session.fieldErrors
        sheet.failureMessage = cardProblem ?? controller.failureMessage
        sheet.isBusy = session.gate.unanswered != nil || !session.gate.queued.isEmpty
        switch session.phase {
        case .finished(authorized: true):
            sheet.finished = .paid(chargeID: controller.charge?.id ?? "", total: session.total?.amount ?? .zero(.eur),
                                   orderNumber: controller.order?.state == .paid ? controller.order?.number : nil)
        case .finished(authorized: false):
            sheet.finished = .cancelled
        default: break
        }
        return sheet
    }

    // MARK: - PaymentAuthorizationDelegate: the controller answers, then the screen hears

    func willAuthorizePayment() {
        controller?.willAuthorizePayment()
    }

    func didAuthorizePayment(_ payment: AuthorizedPayment, completion: @escaping (AuthorizationResult) -> Void) {
        guard let controller else { return completion(AuthorizationResult(status: .failure)) }
        controller.didAuthorizePayment(payment) { [weak self] result in
            completion(result)
            self?.answered(.authorization)
        }
    }

    func didSelectPaymentMethod(_ method: ExpressPaymentMethod, completion: @escaping ([SummaryItem]) -> Void) {
        guard let controller else { return completion([]) }
        controller.didSelectPaymentMethod(method) { [weak self] items in
            completion(items)
            self?.answered(.paymentMethod)
        }
    }

    func didSelectShippingMethod(_ method: ShippingMethod, completion: @escaping (AuthorizationStatus, [SummaryItem]) -> Void) {
        guard let controller else { return completion(.failure, []) }
        controller.didSelectShippingMethod(method) { [weak self] status, items in
            completion(status, items)
            self?.answered(.shippingMethod)
        }
    }

    func didSelectShippingContact(_ contact: AnonymizedContact,
                                  completion: @escaping (AuthorizationStatus, [ShippingMethod], [SummaryItem]) -> Void) {
        sharedWithStore = contact
        guard let controller else { return completion(.failure, [], []) }
        controller.didSelectShippingContact(contact) { [weak self] status, methods, items in
            completion(status, methods, items)
            self?.answered(.shippingContact)
        }
    }

    func didFinish() {
        controller?.didFinish()
        changed()
    }
}

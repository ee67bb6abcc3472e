import struct PaymentsCore.Money
import struct PaymentsCore.Currency
import enum PaymentsCore.MoneyError
import CheckoutKit

/// A stand-in app for the express sheet. It HOLDS every completion until the test answers it, so
/// a test can see what is unanswered, and it counts how many are unanswered at once: the
/// one-at-a-time rule says never more than one.
final class SheetApp: PaymentAuthorizationDelegate {
    private(set) var log: [String] = []
    private(set) var contactsSeen: [AnonymizedContact] = []
    private(set) var authorizedPayments: [AuthorizedPayment] = []
    private(set) var unanswered: [(name: String, answer: () -> Void)] = []
    private(set) var maxUnansweredAtOnce = 0
    /// Answer at once instead of holding.
    var answersImmediately = false

    /// What the app answers.
    var authorization = AuthorizationResult(status: .success)
    var shippingMethodStatus: AuthorizationStatus = .success
    var contactStatus: AuthorizationStatus = .success
    var itemsForPaymentMethod: (ExpressPaymentMethod) -> [SummaryItem] = { _ in SheetFixtures.items(surcharge: 0) }
    var methodsForContact: (AnonymizedContact) -> [ShippingMethod] = { _ in [SheetFixtures.standard, SheetFixtures.express] }

    private func hold(_ name: String, _ answer: @escaping () -> Void) {
        log.append(name)
        if answersImmediately { return answer() }
        unanswered.append((name, answer))
        maxUnansweredAtOnce = max(maxUnansweredAtOnce, unanswered.count)
    }

    /// A broken app: forgets its held completions.
    func dropUnanswered() { unanswered.removeAll() }

    /// Answers the oldest unanswered completion.
    func answerNext() {
        guard !unanswered.isEmpty else { return }
        unanswered.removeFirst().answer()
    }

    func willAuthorizePayment() { log.append("willAuthorizePayment") }

    func didAuthorizePayment(_ payment: AuthorizedPayment, completion: @escaping (AuthorizationResult) -> Void) {
        authorizedPayments.append(payment)
        let result = authorization
        hold("didAuthorizePayment") { completion(result) }
    }

    func didSelectPaymentMethod(_ method: ExpressPaymentMethod, completion: @escaping ([SummaryItem]) -> Void) {
        let items = itemsForPaymentMethod(method)
        hold("didSelectPaymentMethod(\(method.network))") { completion(items) }
    }

    func didSelectShippingMethod(_ method: ShippingMethod, completion: @escaping (AuthorizationStatus, [SummaryItem]) -> Void) {
        let status = shippingMethodStatus
        hold("didSelectShippingMethod(\(method.id))") { completion(status, SheetFixtures.items(surcharge: 0, shipping: method.amount.minorUnits)) }
    }

    func didSelectShippingContact(_ contact: AnonymizedContact, completion: @escaping (AuthorizationStatus, [ShippingMethod], [SummaryItem]) -> Void) {
        contactsSeen.append(contact)
        let status = contactStatus
        let methods = methodsForContact(contact)
        hold("didSelectShippingContact(\(contact.countryCode))") { completion(status, methods, SheetFixtures.items(surcharge: 0, shipping: methods.first?.amount.minorUnits ?? 0)) }
    }

    func didFinish() { log.append("didFinish") }
}

enum SheetFixtures {
    static let merchant = "Honey Store"
    static let visa = ExpressPaymentMethod(displayName: "Visa 4242", network: "visa", type: .credit)
    static let amex = ExpressPaymentMethod(displayName: "Amex 0005", network: "amex", type: .credit)
    static let standard = ShippingMethod(id: "standard", label: "Standard", detail: "3-5 days", amount: Money(minorUnits: 450, currency: .gbp))
    static let express = ShippingMethod(id: "express", label: "Express", detail: "next day", amount: Money(minorUnits: 1_200, currency: .gbp))

    static let ada = Contact(name: "Ada Lovelace", email: "ada@example.org", phone: "+44 20 7946 0000",
                             postalAddress: PostalAddress(street: "12 St James's Square", city: "London", region: "Greater London", postcode: "SW1Y 4JH", countryCode: "GB"))

    static func items(surcharge: Int64, shipping: Int64 = 450) -> [SummaryItem] {
        var lines = [SummaryItem(label: "Acacia honey x2", amount: Money(minorUnits: 1_800, currency: .gbp)),
                     SummaryItem(label: "Shipping", amount: Money(minorUnits: shipping, currency: .gbp))]
        if surcharge > 0 { lines.append(SummaryItem(label: "Card surcharge", amount: Money(minorUnits: surcharge, currency: .gbp))) }
        return SummaryItem.withTotal(lines, merchantName: merchant, currency: .gbp)!
    }

    static func request() -> ExpressSheetSession.Request {
        ExpressSheetSession.Request(merchantName: merchant, currency: .gbp, summaryItems: items(surcharge: 0),
                                    shippingMethods: [standard, express], paymentMethod: visa, shippingContact: ada, billingContact: ada)
    }
}

import PaymentsCore
/// The express-pay sheet's side of seed 003, without its screen: what the sheet shows and the
/// order in which it calls its delegate.
///
/// - One callback at a time: every delegate call goes through a `CallbackGate`; a customer action
///   that needs a callback while one is unanswered waits in order behind it.
/// - `cancel()` calls `didFinish` at once, whatever is unanswered, and exactly once over the
///   session's life; completions that arrive after that are swallowed (and not reported).
/// - The shipping contact is anonymised before `didSelectShippingContact`; the full contact is
///   given only in `didAuthorizePayment`.
/// - After `didAuthorizePayment` answers `.success`, the sheet calls `didFinish`; any other status
///   keeps the sheet open (the customer fixes the address, or cancels).
public final class ExpressSheetSession {
    public enum Phase: Equatable, Sendable {
        case open
        /// The customer confirmed; `willAuthorizePayment`/`didAuthorizePayment` are out or queued.
        case authorizing
        case finished(authorized: Bool)
    }

    /// What the sheet opens with (seed: `PKPaymentRequest`).
    public struct Request {
        public var merchantName: String
        public var currency: Currency
        /// Including the total as the last line, labelled `merchantName`.
        public var summaryItems: [SummaryItem]
        public var shippingMethods: [ShippingMethod]
        public var paymentMethod: ExpressPaymentMethod
        public var shippingContact: Contact?
        public var billingContact: Contact?

        public init(merchantName: String, currency: Currency, summaryItems: [SummaryItem], shippingMethods: [ShippingMethod] = [],
                    paymentMethod: ExpressPaymentMethod, shippingContact: Contact? = nil, billingContact: Contact? = nil) {
            self.merchantName = merchantName
            self.currency = currency
            self.summaryItems = summaryItems
            self.shippingMethods = shippingMethods
            self.paymentMethod = paymentMethod
            self.shippingContact = shippingContact
            self.billingContact = billingContact
        }
    }

    public let merchantName: String
    public private(set) var phase: Phase = .open
    public private(set) var summaryItems: [SummaryItem]
    public private(set) var shippingMethods: [ShippingMethod]
    public private(set) var selectedShippingMethod: ShippingMethod?
    public private(set) var paymentMethod: ExpressPaymentMethod
    public private(set) var shippingContact: Contact?
    public private(set) var billingContact: Contact?
    /// The last status a delegate answered with (shown on the sheet: "Invalid shipping address").
    public private(set) var lastStatus: AuthorizationStatus?
    public private(set) var fieldErrors: [FieldError] = []
    /// How many times `didFinish` went out (0 or 1).
    public private(set) var finishCount = 0

    /// The one-at-a-time rule, exposed so a screen can show "waiting" and a test can inspect it.
    public let gate: CallbackGate
    private let delegate: PaymentAuthorizationDelegate
    private let reporter: ContractViolationReporter
    /// Waives the guard of the unanswered completion when the sheet finishes first.
    private var waiveUnanswered: (() -> Void)?

    public init(request: Request, delegate: PaymentAuthorizationDelegate, reporter: ContractViolationReporter = LoggingViolationReporter()) {
        self.merchantName = request.merchantName
        self.summaryItems = request.summaryItems
        self.shippingMethods = request.shippingMethods
        self.selectedShippingMethod = request.shippingMethods.first
        self.paymentMethod = request.paymentMethod
        self.shippingContact = request.shippingContact
        self.billingContact = request.billingContact
        self.delegate = delegate
        self.reporter = reporter
        self.gate = CallbackGate(reporter: reporter)
        check(request.summaryItems, from: "ExpressSheetSession.Request")
    }

    public var isFinished: Bool {
        if case .finished = phase { return true }
        return false
    }

    /// The total line (the last summary item).
    public var total: SummaryItem? { summaryItems.last }

    // MARK: - Customer actions

    public func selectPaymentMethod(_ method: ExpressPaymentMethod) {
        guard phase == .open else { return }
        paymentMethod = method
        send("didSelectPaymentMethod") { delegate, answer in
            delegate.didSelectPaymentMethod(method) { items in answer { $0.apply(items, from: "didSelectPaymentMethod") } }
        }
    }

    public func selectShippingMethod(_ method: ShippingMethod) {
        guard phase == .open else { return }
        selectedShippingMethod = method
        send("didSelectShippingMethod") { delegate, answer in
            delegate.didSelectShippingMethod(method) { status, items in
                answer { session in
                    session.lastStatus = status
                    session.apply(items, from: "didSelectShippingMethod")
                }
            }
        }
    }

    /// The customer picked or typed a shipping address: the delegate sees it anonymised.
    public func selectShippingContact(_ contact: Contact) {
        guard phase == .open else { return }
        shippingContact = contact
        let anonymized = AnonymizedContact(contact)
        send("didSelectShippingContact") { delegate, answer in
            delegate.didSelectShippingContact(anonymized) { status, methods, items in
                answer { session in
                    session.lastStatus = status
                    session.shippingMethods = methods
                    if let selected = session.selectedShippingMethod, methods.contains(selected) {
                        // keep the customer's choice where it still ships
                    } else {
                        session.selectedShippingMethod = methods.first
                    }
                    session.apply(items, from: "didSelectShippingContact")
                }
            }
        }
    }

    public func changeBillingContact(_ contact: Contact) {
        guard phase == .open else { return }
        billingContact = contact
    }

    /// The customer confirmed with the card's one-time `token`.
    public func authorize(token: String) {
        guard phase == .open else { return }
        phase = .authorizing
        gate.submit("willAuthorizePayment") { [weak self] answered in
            self?.delegate.willAuthorizePayment()
            answered()
        }
        send("didAuthorizePayment") { [weak self] delegate, answer in
            guard let self else { return }
            let payment = AuthorizedPayment(token: token, paymentMethod: self.paymentMethod, billingContact: self.billingContact,
                                            shippingContact: self.shippingContact, shippingMethod: self.selectedShippingMethod)
            delegate.didAuthorizePayment(payment) { result in
                answer { session in
                    session.lastStatus = result.status
                    session.fieldErrors = result.errors
                    if result.status == .success {
                        session.finish(authorized: true)
                    } else {
                        session.phase = .open
                    }
                }
            }
        }
    }

    /// The customer cancelled: `didFinish` now, whatever is unanswered. Harmless if finished.
    public func cancel() {
        finish(authorized: false)
    }

    // MARK: - Private

    /// Sends one delegate callback through the gate. `answer` must be called with the change the
    /// completion makes; it is guarded (once), and ignored after the sheet finished.
    private func send(_ name: String,
                      _ call: @escaping (PaymentAuthorizationDelegate, _ answer: @escaping (@escaping (ExpressSheetSession) -> Void) -> Void) -> Void) {
        gate.submit(name) { [weak self] answered in
            guard let self, !self.isFinished else { return answered() }
            let once = OnceCallback<(ExpressSheetSession) -> Void>("PaymentAuthorizationDelegate.\(name) completion", reporter: self.reporter) { [weak self] change in
                guard let self else { return }
                self.waiveUnanswered = nil
                // After didFinish the sheet is gone: a late answer changes nothing.
                guard !self.isFinished else { return }
                change(self)
                answered()
            }
            self.waiveUnanswered = { [weak once] in once?.waive() }
            call(self.delegate) { change in once.call(change) }
        }
    }

    private func finish(authorized: Bool) {
        guard !isFinished else { return }
        phase = .finished(authorized: authorized)
        waiveUnanswered?()
        waiveUnanswered = nil
        gate.close()
        finishCount += 1
        delegate.didFinish()
    }

    private func apply(_ items: [SummaryItem], from callback: String) {
        check(items, from: callback)
        summaryItems = items
    }

    private func check(_ items: [SummaryItem], from callback: String) {
        if let problem = SummaryItem.problem(in: items, merchantName: merchantName) {
            reporter.report(ContractViolation(rule: .malformedValue, callback: callback, detail: problem))
        }
    }
}

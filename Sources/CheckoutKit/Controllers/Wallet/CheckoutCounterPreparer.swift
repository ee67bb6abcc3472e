
/// Seed 000's built-in `TMPUIPaymentSourceParamsPreparer`, minus the drawing: the state the
/// wallet/card counter screen draws, and the steps it takes. The screen calls `select`, `pay`
/// and `dismiss`, reads `status`, `selectedMethod`, `latestError`, and redraws on `onChange`.
///
/// As the seed's: PAY clears `latestError` and shows "in progress"; an error in any phase is kept
/// as `latestError` and the counter shows the failure, then restores idle so the shopper can pay
/// again; a poll success dismisses with `.success`, a poll timeout with `.possibleSuccess` (never
/// asking to pay twice); dismissing calls `completion(nil)`. The completion is called once.
public final class CheckoutCounterPreparer: PaymentSourceParamsPreparer {
    public enum Status: Equatable, Sendable {
        /// Waiting for the shopper to choose and press PAY.
        case idle
        case inProgress
        /// The last attempt failed (`latestError` says why, the view words it); PAY is offered again.
        case failed(Refusal)
        /// The counter is gone: with the result it completed with (nil: dismissed).
        case dismissed(PaymentResultState?)
    }

    public var payment: Payment?
    public var latestError: Error?
    public private(set) var status: Status = .idle
    public private(set) var availableMethods: [PaymentMethodType] = []
    public private(set) var selectedMethod: PaymentMethodType?
    /// The raw params: item description and amount, for the counter to show.
    public private(set) var params: SourceParams?
    /// The screen redraws when this fires.
    public var onChange: (() -> Void)?

    private var decorated: ((SourceParams) -> Void)?
    private var completion: ((PaymentResultState?, Error?) -> Void)?

    public init(preselected: PaymentMethodType? = nil) {
        selectedMethod = preselected
    }

    public var paymentMethod: PaymentMethodType? { selectedMethod }

    public func prepareSourceParams(_ raw: SourceParams, availableMethods: [PaymentMethodType], userInfo: [String: String]?,
                                    decorated: @escaping (SourceParams) -> Void,
                                    completion: @escaping (PaymentResultState?, Error?) -> Void) {
        params = raw
        self.availableMethods = availableMethods
        if let selected = selectedMethod, !availableMethods.contains(selected) { selectedMethod = nil }
        if selectedMethod == nil { selectedMethod = availableMethods.first }
        self.decorated = decorated
        self.completion = completion
        changed()
    }

    // MARK: - What the screen calls

    /// The shopper picked a method from the list (only the listed ones count).
    public func select(_ method: PaymentMethodType) {
        guard canPay, availableMethods.contains(method) else { return }
        selectedMethod = method
        changed()
    }

    public var canPay: Bool {
        switch status {
        case .idle, .failed: decorated != nil
        case .inProgress, .dismissed: false
        }
    }

    /// PAY. `metadata` carries what the method needs (a card token for card sources).
    public func pay(metadata: [String: String] = [:]) {
        guard canPay, var params, let method = selectedMethod else { return }
        latestError = nil
        status = .inProgress
        changed()
        params.type = method
        params.metadata.merge(metadata) { _, new in new }
        decorated?(params)
    }

    /// The shopper closed the counter: the payment is no longer needed (completion(nil)).
    public func dismiss() {
        finish(nil)
    }

    // MARK: - PaymentDelegate

    public func didCreateSource(_ source: Source?, error: Error?) {
        if let error { fail(error) }
    }

    public func didFinishAuthorization(_ state: PaymentAuthorizationState, error: Error?) {
        if let error { fail(error) }
    }

    public func didPollSource(_ source: Source, state: PollingResultState, error: Error?) {
        if let error { latestError = error }
        switch state {
        case .success: finish(.success)
        case .timeout: finish(.possibleSuccess) // authorised, unconfirmed: never ask to pay again
        case .failure: fail(error ?? SourcePaymentError.paymentFailed(reason: "unknown"))
        }
    }

    // MARK: - Private

    /// Shows the failure, then restores idle: PAY is offered again with `latestError` kept.
    private func fail(_ error: Error) {
        latestError = error
        status = .failed(Self.refusal(for: error))
        changed()
    }

    private func finish(_ result: PaymentResultState?) {
        guard let completion else { return }
        self.completion = nil
        decorated = nil
        status = .dismissed(result)
        changed()
        completion(result, result == nil ? nil : latestError)
    }

    private func changed() { onChange?() }

    /// What the counter shows of an error: a source payment's own, or a failed payment.
    public static func refusal(for error: Error) -> Refusal {
        (error as? SourcePaymentError).map(Refusal.sourcePayment) ?? .paymentFailed
    }
}

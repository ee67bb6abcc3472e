/// How a payment ended, as the preparer tells it through its completion.
/// `nil` in that completion means something else: the counter was dismissed.
public enum PaymentResultState: Equatable, Sendable {
    case success
    /// Authorised, but the outcome could not be confirmed before the poll timed out. The customer
    /// has probably paid: never ask them to pay again.
    case possibleSuccess
    case failure
    /// A payment is running: what the counter shows between PAY and the outcome.
    case inProgress
}

/// How authorisation ended (the customer approved in the wallet, or did not).
public enum PaymentAuthorizationState: Equatable, Sendable {
    case authorized
    case failed
    case cancelled
}

/// How polling ended.
public enum PollingResultState: Equatable, Sendable {
    /// The source was consumed: the merchant has the money.
    case success
    /// No answer within the poll timeout. After authorisation this is possible success.
    case timeout
    /// The source failed.
    case failure
}

/// Why a payment attempt failed, handed to the delegate and kept by the preparer as `latestError`.
public enum SourcePaymentError: Error, Hashable, Sendable {
    /// The preparer decorated params without choosing a method (`paymentMethod` was nil).
    case noPaymentMethodSelected
    /// The chosen method is not among the merchant's available methods.
    case paymentMethodNotAvailable(String)
    case sourceCreationFailed(reason: Refusal)
    case authorizationFailed(reason: Refusal)
    case authorizationCancelled
    /// The source failed while we polled it.
    case paymentFailed(reason: String)
    /// Polling gave no answer in time. Comes with `PollingResultState.timeout`.
    case pollingTimedOut(lastError: Refusal?)
}

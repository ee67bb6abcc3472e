import Foundation

/// Seed 000's `TMPPaymentDelegate`: what `Payment` tells its preparer about each phase.
/// Errors come as the `SourcePaymentError` that caused them.
public protocol PaymentDelegate: AnyObject {
    /// The source was created (source set, error nil) or could not be (source nil, error set).
    func didCreateSource(_ source: Source?, error: Error?)
    /// The customer finished authorising: `.authorized`, or `.failed`/`.cancelled` with an error.
    func didFinishAuthorization(_ state: PaymentAuthorizationState, error: Error?)
    /// Polling ended: `.success` (no error), `.timeout` (error `.pollingTimedOut`: possible success)
    /// or `.failure` (error `.paymentFailed`).
    func didPollSource(_ source: Source, state: PollingResultState, error: Error?)
}

/// Seed 000's `TMPPaymentSourceParamsPreparer`: the checkout counter's side of a payment.
///
/// Contract (checked by `Payment`):
/// - `completion` is called exactly once, whatever happens; `completion(nil, nil)` means the
///   counter was dismissed and the payment is no longer needed;
/// - each call of `decorated` starts a new attempt (create source -> authorise -> poll); call it
///   again only after the previous attempt failed (the counter restores idle and the customer
///   presses PAY again);
/// - `paymentMethod` is read when `decorated` is called and must be one of `availableMethods`.
public protocol PaymentSourceParamsPreparer: PaymentDelegate {
    /// The payment this preparer belongs to. Strong on purpose, as in the seed: the caller can
    /// create a `Payment`, start it and let go; the payment lives until the preparer completes,
    /// when `Payment` clears this property and so breaks the cycle.
    var payment: Payment? { get set }
    /// The last error the preparer heard through the delegate methods; the preparer passes it to
    /// its completion. `Payment` never keeps it for you.
    var latestError: Error? { get set }
    /// The method chosen from `availableMethods` (nil until the customer chose).
    var paymentMethod: PaymentMethodType? { get }

    func prepareSourceParams(
        _ raw: SourceParams,
        availableMethods: [PaymentMethodType],
        userInfo: [String: String]?,
        decorated: @escaping (SourceParams) -> Void,
        completion: @escaping (PaymentResultState?, Error?) -> Void
    )
}

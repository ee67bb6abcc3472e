/// Seed 003's `PKPaymentAuthorizationViewControllerDelegate`: the app's side of the express sheet.
///
/// Contract (kept by `ExpressSheetSession`): the sheet calls one method at a time and waits for
/// its completion before calling the next; the one exception is `didFinish`, which comes at any
/// time when the customer cancels, and exactly once. Each completion must be called exactly once.
public protocol PaymentAuthorizationDelegate: AnyObject {
    /// The customer confirmed (PIN/approval) and authorisation is about to happen.
    func willAuthorizePayment()
    /// Authorise with the processor, then answer with the status (and field errors, if any).
    func didAuthorizePayment(_ payment: AuthorizedPayment, completion: @escaping (AuthorizationResult) -> Void)
    /// The card changed: answer with summary items updated for it (e.g. a surcharge).
    func didSelectPaymentMethod(_ method: ExpressPaymentMethod, completion: @escaping ([SummaryItem]) -> Void)
    /// The shipping method changed: answer with a status and summary items including its cost.
    func didSelectShippingMethod(_ method: ShippingMethod, completion: @escaping (AuthorizationStatus, [SummaryItem]) -> Void)
    /// The shipping address changed (anonymised): answer with a status, the methods that ship
    /// there and summary items.
    func didSelectShippingContact(_ contact: AnonymizedContact, completion: @escaping (AuthorizationStatus, [ShippingMethod], [SummaryItem]) -> Void)
    /// Dismiss the sheet and update the app (after authorisation, or on cancel).
    func didFinish()
}

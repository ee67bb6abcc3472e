/// Seed 004's `TrueLayer.Payments.manager`: bank payments and mandates.
///
/// Every completion is called exactly once. Before `configure`, every call completes with
/// `.sdkNotConfigured`. The status queries are the source of truth for where a payment stands.
public protocol PaymentsManager: AnyObject {
    /// `localeCountryCode`: the customer's locale region, the fallback when the preferred country
    /// has no banks.
    func configure(environment: BankEnvironment, localeCountryCode: String)

    func processSinglePayment(context: SinglePayment.Context,
                              completion: @escaping (Result<SinglePayment.State, SinglePayment.Error>) -> Void)
    func processMandate(context: Mandate.Context,
                        completion: @escaping (Result<Mandate.State, Mandate.Error>) -> Void)
    func paymentStatus(paymentIdentifier: String, resourceToken: String,
                       completion: @escaping (Result<SinglePayment.Status, SinglePayment.Error>) -> Void)
    func mandateStatus(mandateIdentifier: String, resourceToken: String,
                       completion: @escaping (Result<Mandate.Status, Mandate.Error>) -> Void)
}

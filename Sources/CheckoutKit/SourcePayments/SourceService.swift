/// PORT: what `Payment` needs from the payments core. The next round implements it against
/// `PaymentsCore` (sources, the simulated wallet, the event loop's latency).
///
/// Every completion is called exactly once, on the loop; never synchronously inside the call is
/// preferred but not required (`Payment` copes with both).
public protocol SourceService: AnyObject {
    /// The merchant's methods, in display order. Local configuration: no latency.
    func availablePaymentMethods() -> [PaymentMethodType]

    /// Creates a source for decorated params (their `type` is set).
    func createSource(_ params: SourceParams, completion: @escaping (Result<Source, SourceServiceFailure>) -> Void)

    /// Asks the customer to authorise the source with its payment method (the wallet's approval).
    func authorize(_ source: Source, completion: @escaping (Result<PaymentAuthorizationState, SourceServiceFailure>) -> Void)

    /// The source's status now. A failure here is a failed query (e.g. no connection), not a
    /// failed payment: `Payment` keeps polling until the timeout.
    func status(ofSource identifier: String, completion: @escaping (Result<SourceStatus, SourceServiceFailure>) -> Void)
}

/// A failed call to the core, and why.
public struct SourceServiceFailure: Error, Equatable, Sendable {
    public let reason: Refusal
    public init(reason: Refusal) { self.reason = reason }
}

/// Why a charge operation was refused. A declined card is not an error: it is a charge whose
/// status is `.failed(reason)`.
public enum ChargeError: Error, Hashable, Sendable {
    case invalidAmount
    case missingIdempotencyKey
    /// The key was used for a different request in the last 24 hours.
    case idempotencyKeyReused
    case customerRequired
    case customerNotFound
    case paymentsLocked
    case token(VaultError)
    case paymentMethodNotFound
    /// The saved card was kept without its number.
    case paymentMethodNotChargeable
    case chargeNotFound
    case notAwaitingChallenge
    case notAHold
    case captureExceedsAuthorized(authorized: Money)
    case notRefundable
    case refundExceedsCaptured(available: Money)
    case invalidRefundAmount
    case storage(String)
    /// The charge was recorded and the acquirer asked, but its answer could not be recorded (a
    /// storage error after the intent). The money may have moved: the settler asks again, and the
    /// same idempotency key can never charge twice. Never a "not paid".
    case outcomeUnknown(chargeID: String)

    /// A stable code for stored failure reasons and for the screens to decide by: never the
    /// error's description, which changes with its wording and carries its details.
    public var code: String {
        switch self {
        case .invalidAmount: "invalid_amount"
        case .missingIdempotencyKey: "missing_idempotency_key"
        case .idempotencyKeyReused: "idempotency_key_reused"
        case .customerRequired: "customer_required"
        case .customerNotFound: "customer_not_found"
        case .paymentsLocked: "payments_locked"
        case .token: "invalid_token"
        case .paymentMethodNotFound: "payment_method_not_found"
        case .paymentMethodNotChargeable: "payment_method_not_chargeable"
        case .chargeNotFound: "charge_not_found"
        case .notAwaitingChallenge: "not_awaiting_challenge"
        case .notAHold: "not_a_hold"
        case .captureExceedsAuthorized: "capture_exceeds_authorized"
        case .notRefundable: "not_refundable"
        case .refundExceedsCaptured: "refund_exceeds_captured"
        case .invalidRefundAmount: "invalid_refund_amount"
        case .storage: "storage"
        case .outcomeUnknown: "outcome_unknown"
        }
    }
}

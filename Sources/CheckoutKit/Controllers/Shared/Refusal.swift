import PaymentsCore

/// Why the counter said no before any money moved, as a value: the core's own error, or one of
/// the controllers' reasons. The screens word it (`message`, above this module); every
/// `.refused` and every seed callback's `failure` carries one.
public enum Refusal: Error, Hashable, Sendable {
    case customer(CustomerError)
    case paymentMethod(PaymentMethodError)
    case subscription(SubscriptionError)
    case charge(ChargeError)
    case decline(PaymentDecline)
    case auction(AuctionError)
    case source(SourceError)
    indirect case cardCharge(CardChargeFailure)
    indirect case store(StoreError)
    indirect case sourcePayment(SourcePaymentError)
    /// A wallet or card declined the source's authorisation.
    case paymentMethodDeclined
    /// A payment failed for a reason the counter has no value for.
    case paymentFailed
    case vault(VaultError)
    case notSignedIn
    /// A saved card (no one-time token) offered to be saved again.
    case cardAlreadySaved
    /// Unlocking payments without a screen to ask for the PIN.
    case pinRequired
    case unlockCancelled
    /// The cart is being paid: adding, removing or changing a line waits.
    case cartBeingPaid
    /// A payment method the store does not offer.
    case methodNotAccepted
    /// A card payment with neither a one-time token nor a saved card.
    case noCardGiven
    /// A client with no core behind it yet (before the counter starts).
    case storeNotOpen
    /// The fleet's shared server cannot be reached: no new payment until it is back.
    case serverAway
    /// An error the counter has no value for, shown as it describes itself.
    case described(String)

    /// The refusal for any error a controller caught: the core's typed errors keep their type.
    public init(_ error: any Error) {
        switch error {
        case let error as Refusal: self = error
        case let error as CustomerError: self = .customer(error)
        case let error as PaymentMethodError: self = .paymentMethod(error)
        case SubscriptionError.paymentFailed(let decline):
            // The card's refusal, worded as the checkout words it (never the raw code).
            // A security check the subscription could not finish is said as the checkout says
            // it; any other cause keeps its own words (a refused charge is no card decline).
            let failure: CardChargeFailure = switch decline.cause {
            case .securityCheckCancelled: .authenticationCancelled
            case .securityCheckRequired: .authenticationRequired
            default: CardChargeFailure(decline)
            }
            self = .cardCharge(failure)
        case let error as SubscriptionError: self = .subscription(error)
        case let error as ChargeError: self = .charge(error)
        case let error as AuctionError: self = .auction(error)
        case let error as SourceError: self = .source(error)
        case let error as VaultError: self = .vault(error)
        case StorageError.serverAway: self = .serverAway
        default: self = .described("\(error)")
        }
    }
}

import CheckoutKit
import Localization

extension Refusal {
    /// The refusal in the shopper's language.
    public var message: String {
        switch self {
        case .customer(let error): error.message
        case .paymentMethod(let error): error.message
        case .subscription(let error): error.message
        case .charge(let error): error.message
        case .decline(let decline): decline.message
        case .auction(let error): error.message
        case .source(let error): error.message
        case .vault(let error): error.message
        case .cardCharge(let failure): failure.shopperMessage
        case .store(let error): error.message
        case .sourcePayment(let error): error.message
        case .paymentMethodDeclined: tr("declined by the payment method")
        case .paymentFailed: tr("The payment failed.")
        case .notSignedIn: tr("Log in first.")
        case .cardAlreadySaved: tr("This card is saved already.")
        case .pinRequired: tr("Unlocking needs a PIN.")
        case .unlockCancelled: tr("Unlocking was cancelled.")
        case .cartBeingPaid: tr("The cart cannot change while it is being paid.")
        case .methodNotAccepted: tr("The payment method is not one the store accepts.")
        case .noCardGiven: tr("No card was given for this payment.")
        case .storeNotOpen: tr("The store is not open yet.")
        case .serverAway: tr("The shop's server cannot be reached: no payment is taken until it is back. What you typed is kept.")
        case .described(let text): text
        }
    }
}

extension SubscriptionError {
    public var message: String {
        switch self {
        case .unknownPlan: tr("This plan is no longer offered.")
        case .unknownSubscription: tr("This subscription does not exist.")
        case .alreadyCanceled: tr("This subscription is already cancelled.")
        case .paymentFailed(let decline): tr("The first payment did not go through: {0}", CardChargeFailure(decline).shopperMessage)
        case .mandatePaymentFailed(let error): tr("The first payment did not go through: {0}", BankWords.renewalRefusal(error))
        case .outcomeUnknown: tr("We are checking with the bank; you will not be charged twice.")
        case .storage(let detail): tr("The counter could not save that ({0}).", detail)
        }
    }
}

extension AuctionError {
    /// Why a bid was refused, as the auction's payment step says it.
    public var message: String {
        switch self {
        case .paymentFailed(let decline): CardChargeFailure(decline).shopperMessage
        case .auctionClosed: tr("This auction has closed.")
        case .bidTooLow(let minimum): tr("The bid must be at least {0}.", minimum.formatted())
        case .alreadyJoined: tr("You have already joined this auction.")
        case .termsNotAccepted: tr("Accept the terms first.")
        case .paymentMethodRequired: tr("Choose a payment method.")
        case .unknownAuction: tr("This auction does not exist.")
        case .unknownBid, .notJoined: tr("This bid is no longer waiting for a security code.")
        case .storage(let detail): tr("The bid could not be recorded ({0}).", detail)
        case .outcomeUnknown: tr("We are checking with the bank about your bid; your card will not be held twice.")
        }
    }
}

extension SourceError {
    /// The error in words for the counter, in the language in force (the core's own details, a
    /// storage error, are shown as the core gives them).
    public var message: String {
        switch self {
        case .invalidAmount: tr("The amount must be more than zero.")
        case .methodRequired: tr("Choose a payment method.")
        case .descriptionRequired: tr("The payment needs a description.")
        case .descriptionTooLong(let maximum): tr("The description is longer than {0} characters.", maximum)
        case .unsupportedCurrency(let type, let currency): tr("{0} does not take {1}.", tr(type.displayName), currency)
        case .flowNotSupported(let type, let flow): tr("{0} cannot be paid by {1}.", tr(type.displayName), flow.rawValue)
        case .metadataTooLarge: tr("Too much metadata for one payment.")
        case .unknownSource(let id): tr("The payment {0} does not exist.", id)
        case .invalidState(let step): tr("The payment cannot do that now ({0}).", step.message)
        case .paymentDeclined(let decline): decline.message
        case .storage(let detail): tr("The payment could not be recorded ({0}).", detail)
        }
    }
}

extension SourcePaymentError {
    /// What the wallet counter shows, in the language in force. A failed payment's reason is the
    /// core's, as stored.
    public var message: String {
        switch self {
        case .noPaymentMethodSelected: tr("Choose a payment method.")
        case .paymentMethodNotAvailable: tr("This payment method is not available.")
        case .sourceCreationFailed(let reason): reason.message
        case .authorizationFailed(let reason): reason.message
        case .authorizationCancelled: tr("The payment was cancelled in the wallet.")
        case .paymentFailed(let reason): tr("The payment failed: {0}.", Self.shownFailure(reason))
        case .pollingTimedOut: tr("The payment is being confirmed.")
        }
    }

    /// A source's failure as stored by the core (or named by `Payment`): its own phrases are
    /// translated; anything else (a card's decline code) is a code, shown as it is.
    static func shownFailure(_ reason: String) -> String {
        switch reason {
        case "declined by the shopper", "source cancelled", "unknown": tr(reason)
        default: reason
        }
    }
}

extension CheckoutCounterPreparer {
    /// What the counter shows of an error, in the language in force.
    public static func message(for error: Error) -> String {
        refusal(for: error).message
    }
}

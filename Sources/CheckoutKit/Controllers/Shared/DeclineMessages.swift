import Localization
import PaymentsCore

extension CardChargeFailure {
    /// The failure for the acquirer's decline code (`DeclineReason.rawValue`, or the gateway's own
    /// codes such as "authentication_required").
    init(declineCode code: String, message: String) {
        switch DeclineReason(rawValue: code) {
        case .genericDecline?: self = .declined
        case .insufficientFunds?: self = .insufficientFunds
        case .lostCard?: self = .lostCard
        case .expiredCard?: self = .expiredCard
        case .incorrectCVC?: self = .incorrectCVC
        case .processingError?: self = .processingError
        case .authenticationFailed?: self = .authenticationFailed
        case nil where code == ChargeError.token(.unknownToken).code: self = .invalidToken
        case nil: self = .refused(message)
        }
    }

    init(_ decline: PaymentDecline) {
        self.init(declineCode: decline.code, message: decline.message)
    }

    init(_ error: ChargeError) {
        switch error {
        case .token: self = .invalidToken
        case .paymentMethodNotFound, .paymentMethodNotChargeable: self = .paymentMethodNotFound
        default: self = .refused(error.message)
        }
    }

    /// What the shopper reads. Never the acquirer's jargon, never card data.
    public var shopperMessage: String {
        switch self {
        case .declined: tr("Your card was declined. Try another card.")
        case .insufficientFunds: tr("Your card has insufficient funds. Try another card.")
        case .lostCard: tr("Your card was declined. Please contact your bank or use another card.")
        case .expiredCard: tr("Your card has expired. Use another card.")
        case .incorrectCVC: tr("The security code (CVC) is incorrect. Check it and try again.")
        case .processingError: tr("Your payment could not be processed. Please try again.")
        case .timedOut: tr("The bank did not answer in time. Please try again.")
        case .invalidToken: tr("This card entry has expired. Enter the card again.")
        case .authenticationFailed: tr("The security check failed. Your card was not charged.")
        case .authenticationCancelled: tr("The security check was cancelled. Your card was not charged.")
        case .paymentMethodNotFound: tr("This saved card is no longer available.")
        case .refused(let reason): reason
        }
    }
}

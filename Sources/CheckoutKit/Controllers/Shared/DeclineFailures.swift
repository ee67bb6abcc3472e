import PaymentsCore

extension CardChargeFailure {
    /// The failure for the acquirer's decline code (`DeclineReason.rawValue`, or the gateway's own
    /// codes such as "authentication_required"); `otherwise` for a code with no failure of its own.
    public init(declineCode code: String, otherwise: @autoclosure () -> CardChargeFailure) {
        switch DeclineReason(rawValue: code) {
        case .genericDecline?: self = .declined
        case .insufficientFunds?: self = .insufficientFunds
        case .lostCard?: self = .lostCard
        case .expiredCard?: self = .expiredCard
        case .incorrectCVC?: self = .incorrectCVC
        case .processingError?: self = .processingError
        case .authenticationFailed?: self = .authenticationFailed
        case nil where code == ChargeError.token(.unknownToken).code: self = .invalidToken
        case nil: self = otherwise()
        }
    }

    public init(_ decline: PaymentDecline) {
        self.init(declineCode: decline.code, otherwise: .refused(.decline(decline)))
    }

    public init(_ error: ChargeError) {
        switch error {
        case .token: self = .invalidToken
        case .paymentMethodNotFound, .paymentMethodNotChargeable: self = .paymentMethodNotFound
        default: self = .refused(.charge(error))
        }
    }
}

import PaymentsCore

extension SinglePayment.Error {
    /// The stable code an order records as its failure (the core's `BankError.code` words).
    var code: String {
        switch self {
        case .authorizationFailed: BankError.authorizationFailed.code
        case .connectionIssues: BankError.connectionIssues.code
        case .generic(let reason): BankError.generic(reason: reason).code
        case .invalidToken: BankError.invalidToken.code
        case .paymentExpired: BankError.paymentExpired.code
        case .paymentNotFound: BankError.paymentNotFound.code
        case .paymentRejected: BankError.paymentRejected.code
        case .sdkNotConfigured: "sdkNotConfigured"
        case .serverError: BankError.serverError.code
        case .unexpectedBehaviour: BankError.unexpectedBehaviour.code
        case .userCanceled: BankError.userCanceled.code
        }
    }
}

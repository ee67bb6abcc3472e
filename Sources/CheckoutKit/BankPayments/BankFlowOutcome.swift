import PaymentsCore

/// One vocabulary for how a bank flow ends, shared by payments and mandates, mapped to each
/// seed type at the edge (`SinglePayment.State/Error`, `Mandate.State/Error`): the core's
/// `BankFlowState`, and `BankFlowError` for the ways the flow itself can fail.
enum BankFlowError: Error, Hashable {
    case authorizationFailed, connectionIssues, generic(String), invalidToken, expired, notFound
    case rejected, notConfigured, serverError, unexpectedBehaviour, userCanceled

    init(_ failure: BankGatewayFailure) {
        switch failure {
        case .connectionLost: self = .connectionIssues
        case .invalidToken: self = .invalidToken
        case .notFound: self = .notFound
        case .serverError: self = .serverError
        case .other(let reason): self = .generic(reason)
        }
    }

    init(_ reason: BankFailureReason) {
        switch reason {
        case .authorizationFailed: self = .authorizationFailed
        case .rejected: self = .rejected
        case .expired: self = .expired
        case .canceled: self = .userCanceled
        }
    }
}

extension SinglePayment.State {
    init(_ state: BankFlowState) {
        switch state {
        case .executed: self = .executed
        case .authorized: self = .authorized
        case .redirect: self = .redirect
        case .settled: self = .settled
        case .wait: self = .wait
        }
    }
}

extension SinglePayment.Error {
    init(_ error: BankFlowError) {
        switch error {
        case .authorizationFailed: self = .authorizationFailed
        case .connectionIssues: self = .connectionIssues
        case .generic(let reason): self = .generic(reason: reason)
        case .invalidToken: self = .invalidToken
        case .expired: self = .paymentExpired
        case .notFound: self = .paymentNotFound
        case .rejected: self = .paymentRejected
        case .notConfigured: self = .sdkNotConfigured
        case .serverError: self = .serverError
        case .unexpectedBehaviour: self = .unexpectedBehaviour
        case .userCanceled: self = .userCanceled
        }
    }
}

extension Mandate.Error {
    init(_ error: BankFlowError) {
        switch error {
        case .authorizationFailed: self = .authorizationFailed
        case .connectionIssues: self = .connectionIssues
        case .generic(let reason): self = .generic(reason: reason)
        case .invalidToken: self = .invalidToken
        case .expired: self = .mandateExpired
        case .notFound: self = .mandateNotFound
        case .rejected: self = .mandateRejected
        case .notConfigured: self = .sdkNotConfigured
        case .serverError: self = .serverError
        case .unexpectedBehaviour: self = .unexpectedBehaviour
        case .userCanceled: self = .userCanceled
        }
    }
}

extension Mandate.State {
    /// A mandate ends only authorised or redirected. One still waiting for the bank (decoupled,
    /// or approved on another device) is `redirect`: the seed has no `wait` for mandates, and the
    /// customer finishes at their bank. Executed or settled would be a bug in the core.
    init?(_ state: BankFlowState) {
        switch state {
        case .authorized: self = .authorized
        case .redirect, .wait: self = .redirect
        case .executed, .settled: return nil
        }
    }
}

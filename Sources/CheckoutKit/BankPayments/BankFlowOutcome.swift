import PaymentsCore

/// How a bank flow ends, shared by payments and mandates: the core's `BankFlowState` when it
/// goes ahead, the core's `BankError` when it does not (seed 004's `SinglePayment.Error` and
/// `Mandate.Error` are that one enum).
extension BankError {
    /// The window ran out: the error is named for the kind of resource that expired.
    static func expired(_ kind: BankResource.Kind) -> BankError {
        kind == .mandate ? .mandateExpired : .paymentExpired
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

import PaymentsCore

/// The wallet's own step (seed 000: "the authorization will guide you to the WeChat app"): the
/// counter shows the payment code, the shopper confirms or declines in the wallet. The wallet
/// screen implements this; tests answer it directly.
public protocol WalletApprovalPresenter: AnyObject {
    /// Shows `paymentCode` for `method`. Calls back exactly once: `.confirmed`, `.declined`, or
    /// `.cancelled` (the shopper closed the prompt).
    func presentWalletApproval(paymentCode: String, method: PaymentMethodType, amount: Money,
                               completion: @escaping (WalletApproval) -> Void)
}

public enum WalletApproval: Hashable, Sendable {
    case confirmed
    case declined
    case cancelled
}

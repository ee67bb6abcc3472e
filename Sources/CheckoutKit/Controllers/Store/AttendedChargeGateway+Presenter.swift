import PaymentsCore

/// The store's card captures with the 3-D Secure step (the core's `AttendedChargeGateway`): a
/// challenge goes to the screen on top, as the seed's authentication presenter.
extension AttendedChargeGateway {
    /// Shows each challenge on `presenter`, held weakly; nil (or a presenter gone) is nobody at
    /// the counter, and the card is refused as the core's unattended gateway would.
    func present(to presenter: AuthenticationPresenter?, merchantName: String = CoreBankGateway.payeeName) {
        presentChallenge = { [weak presenter] _, charge, answer in
            guard let presenter else { return false }
            let shown = ThreeDSChallenge(identifier: charge.id, amount: charge.amount, merchantName: merchantName,
                                         cardBrand: charge.brand.displayName, cardLastFour: charge.lastFour, prompt: .approvePayment)
            presenter.presentChallenge(shown, completion: answer)
            return true
        }
    }
}

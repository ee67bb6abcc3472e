import PaymentsCore

/// Why a card typed only to be kept (no payment) was not saved.
enum CheckedCardSaveFailure: Error {
    /// Not even asked: saved payments locked, the token spent, storage.
    case paymentMethod(PaymentMethodError)
    /// The bank's zero-amount check said no, its 3-D Secure question failed or was cancelled, or
    /// it did not answer in time.
    case declined(PaymentDecline)
}

/// Saving a card with no payment to prove it: the bank's zero-amount check first (the core's
/// `CardCheckService`), its 3-D Secure question shown through `authentication`. Shared by the
/// account's "Saved cards" and the auction's "Add card", so no screen saves a card unchecked.
struct CheckedCardSave {
    let core: PaymentsServices

    /// Calls back once, on the loop. Without a presenter, a card that asks its question is
    /// refused, as at a checkout with nobody to answer.
    func save(token: String, for customerID: String, makeDefault: Bool, authentication: AuthenticationPresenter?,
              completion: @escaping (Result<SavedPaymentMethod, CheckedCardSaveFailure>) -> Void) {
        core.cardChecks.checkAndSave(token: token, for: customerID, makeDefault: makeDefault) { result in
            checked(result, authentication: authentication, completion: completion)
        }
    }

    private func checked(_ result: Result<CardCheckOutcome, PaymentMethodError>, authentication: AuthenticationPresenter?,
                         completion: @escaping (Result<SavedPaymentMethod, CheckedCardSaveFailure>) -> Void) {
        switch result {
        case .failure(let error):
            completion(.failure(.paymentMethod(error)))
        case .success(.saved(let saved)):
            completion(.success(saved))
        case .success(.declined(let decline)):
            completion(.failure(.declined(decline)))
        case .success(.challengeRequired(let challenge)):
            guard let authentication else {
                core.cardChecks.answer(challenge.id, code: nil) { _ in }
                return completion(.failure(.declined(PaymentDecline(code: AttendedChargeGateway.requiredCode, cause: .securityCheckRequired))))
            }
            let shown = ThreeDSChallenge(identifier: challenge.id, amount: .zero(.eur), merchantName: CoreBankGateway.payeeName,
                                         cardBrand: challenge.brand.displayName, cardLastFour: challenge.lastFour, prompt: .confirmCard)
            authentication.presentChallenge(shown) { code in
                core.cardChecks.answer(challenge.id, code: code) { result in
                    checked(result, authentication: authentication, completion: completion)
                }
            }
        }
    }
}

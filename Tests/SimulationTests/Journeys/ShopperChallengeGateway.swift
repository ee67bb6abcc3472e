import PaymentsCore

/// The store's card captures with the 3-D Secure step, as the app's `ChallengingChargeGateway`
/// (CheckoutKit) does it with the core's public calls: a challenge is shown to the shopper whose
/// payment it is (registered by idempotency key), and the answer confirms or cancels the charge.
final class ShopperChallengeGateway: TransactionalChargeGateway {
    /// Shows a challenge to the shopper paying under a key; the closure gets the typed code, or
    /// nil when the shopper walks away.
    var presenters: [String: (@escaping (String?) -> Void) -> Void] = [:]
    private let charges: ChargeService
    private let unattended: ChargeGateway

    init(charges: ChargeService, unattended: ChargeGateway) {
        self.charges = charges
        self.unattended = unattended
    }

    func charge(_ request: CardPaymentRequest, completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charge(request, companion: nil, completion: completion)
    }

    /// The store's cart paid in two commits: the order's rows ride in the charge's transactions.
    func charge(_ request: CardPaymentRequest, alongside companion: ChargeCompanion,
                completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charge(request, companion: companion, completion: completion)
    }

    private func charge(_ request: CardPaymentRequest, companion: ChargeCompanion?,
                        completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charges.create(ChargeRequest(capturing: request), alongside: companion) { [weak self] result in self?.answer(result, key: request.idempotencyKey, completion) }
    }

    func refund(chargeId: String, idempotencyKey: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
        unattended.refund(chargeId: chargeId, idempotencyKey: idempotencyKey, completion: completion)
    }
    func refund(chargeId: String, amount: Money, refundId: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
        unattended.refund(chargeId: chargeId, amount: amount, refundId: refundId, completion: completion)
    }

    func lookUp(idempotencyKey: String) -> ChargeLookup? {
        unattended.lookUp(idempotencyKey: idempotencyKey)
    }

    private func answer(_ result: Result<Charge, ChargeError>, key: String, _ completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        switch result {
        case .failure(let error):
            completion(.failure(ChargeServiceGateway.failure(error)))
        case .success(let charge):
            switch charge.status {
            case .succeeded: completion(.success(ChargeReceipt(chargeId: charge.id, amount: charge.amount)))
            case .failed(let reason): completion(.failure(.declined(PaymentDecline(reason))))
            case .requiresAction: challenge(charge, key: key, completion)
            case .canceled: completion(.failure(.declined(PaymentDecline(code: "canceled", cause: .canceled))))
            case .pending, .authorized: completion(.failure(.outcomeUnknown(chargeId: charge.id)))
            }
        }
    }

    private func challenge(_ charge: Charge, key: String, _ completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        // Registered under the order's first key, which starts every attempt's key.
        guard let present = presenters[key] ?? presenters.first(where: { key.hasPrefix($0.key + "-") })?.value else {
            guard (try? charges.cancel(charge.id)) != nil else { return completion(.failure(.outcomeUnknown(chargeId: charge.id))) }
            return completion(.failure(.declined(PaymentDecline(code: "authentication_required", cause: .securityCheckRequired))))
        }
        present { [weak self] code in
            guard let self else { return }
            guard let code else {
                guard (try? self.charges.cancel(charge.id)) != nil else { return completion(.failure(.outcomeUnknown(chargeId: charge.id))) }
                return completion(.failure(.declined(PaymentDecline(code: "authentication_cancelled", cause: .securityCheckCancelled))))
            }
            self.charges.confirmChallenge(charge.id, code: code) { [weak self] result in self?.answer(result, key: key, completion) }
        }
    }
}

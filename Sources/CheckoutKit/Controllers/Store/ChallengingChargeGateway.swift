import Clocks
import PaymentsCore

/// The core's card captures, with the 3-D Secure step the core's own order gateway leaves out
/// (it serves unattended renewals, so it refuses a card that wants a challenge). Here a shopper
/// is at the counter: a challenge goes to `presenter`, the screen asks for the one-time code, and
/// the order's payment continues with the answer. Without a presenter the card is refused as the
/// core's gateway would.
final class ChallengingChargeGateway: TransactionalChargeGateway {
    /// Who shows the challenge for the payment under way; set by the store for one checkout.
    weak var presenter: AuthenticationPresenter?
    var merchantName = "Honey Store"
    private let charges: ChargeService
    /// The core's own gateway, for what needs no shopper: refunds and look-ups by key.
    private let unattended: ChargeGateway

    init(charges: ChargeService, unattended: ChargeGateway) {
        self.charges = charges
        self.unattended = unattended
    }

    func charge(_ request: CardPaymentRequest, completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charge(request, companion: nil, completion: completion)
    }

    func charge(_ request: CardPaymentRequest, alongside companion: ChargeCompanion,
                completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charge(request, companion: companion, completion: completion)
    }

    private func charge(_ request: CardPaymentRequest, companion: ChargeCompanion?,
                        completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charges.create(ChargeRequest(capturing: request), alongside: companion) { [weak self] result in self?.answer(result, completion) }
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

    private func answer(_ result: Result<Charge, ChargeError>, _ completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        switch result {
        case .failure(let error):
            completion(.failure(ChargeServiceGateway.failure(error)))
        case .success(let charge):
            switch charge.status {
            case .succeeded:
                completion(.success(ChargeReceipt(chargeId: charge.id, amount: charge.amount)))
            case .failed(let reason):
                completion(.failure(.declined(PaymentDecline(reason))))
            case .requiresAction:
                challenge(charge, completion)
            case .canceled:
                completion(.failure(.declined(PaymentDecline(code: "canceled", cause: .canceled))))
            case .pending, .authorized:
                completion(.failure(.outcomeUnknown(chargeId: charge.id)))
            }
        }
    }

    private func challenge(_ charge: Charge, _ completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        guard let presenter else {
            guard (try? charges.cancel(charge.id)) != nil else { return completion(.failure(.outcomeUnknown(chargeId: charge.id))) }
            return completion(.failure(.declined(PaymentDecline(code: Self.requiredCode, cause: .securityCheckRequired))))
        }
        let shown = ThreeDSChallenge(identifier: charge.id, amount: charge.amount, merchantName: merchantName,
                                     cardBrand: charge.brand.displayName, cardLastFour: charge.lastFour,
                                     prompt: .approvePayment)
        presenter.presentChallenge(shown) { [weak self] code in
            guard let self else { return }
            guard let code else {
                // Abandoned: nothing was authorised, nothing stays pending.
                // A cancel that cannot be written leaves the challenge to the settler, and the
                // outcome unknown until it has.
                guard (try? self.charges.cancel(charge.id)) != nil else { return completion(.failure(.outcomeUnknown(chargeId: charge.id))) }
                return completion(.failure(.declined(PaymentDecline(code: ChallengingChargeGateway.cancelledCode, cause: .securityCheckCancelled))))
            }
            self.charges.confirmChallenge(charge.id, code: code) { [weak self] result in self?.answer(result, completion) }
        }
    }

    static let cancelledCode = "authentication_cancelled"
    /// The card asks for a check and nobody is there to answer it.
    static let requiredCode = "authentication_required"
}

import Foundation

/// The core's card captures for a shopper who is at the counter: a card that asks for 3-D
/// Secure has its challenge shown (`presentChallenge`), and the payment goes on with the code
/// typed. The core's own gateway (`ChargeServiceGateway`) serves unattended renewals, so it
/// refuses such a card; here, when nobody is there to answer, the card is refused the same way.
/// Refunds and look-ups by key need no shopper and go to that gateway.
public final class AttendedChargeGateway: TransactionalChargeGateway {
    /// Shows the challenge of `charge` (made for `request`) to its shopper, who answers once with
    /// the code typed, or nil to cancel. Returns false when nobody is there to show it to.
    public var presentChallenge: (_ request: CardPaymentRequest, _ charge: Charge, _ answer: @escaping (String?) -> Void) -> Bool = { _, _, _ in false }

    /// The shopper cancelled the check.
    public static let cancelledCode = "authentication_cancelled"
    /// The card asks for a check and nobody is there to answer it.
    public static let requiredCode = "authentication_required"

    private let charges: ChargeService
    private let unattended: ChargeGateway

    public init(charges: ChargeService, unattended: ChargeGateway) {
        self.charges = charges
        self.unattended = unattended
    }

    public func charge(_ request: CardPaymentRequest, completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charge(request, companion: nil, completion: completion)
    }

    /// The store's cart paid in two commits: the order's rows ride in the charge's transactions.
    public func charge(_ request: CardPaymentRequest, alongside companion: ChargeCompanion,
                       completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charge(request, companion: companion, completion: completion)
    }

    private func charge(_ request: CardPaymentRequest, companion: ChargeCompanion?,
                        completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charges.create(ChargeRequest(capturing: request), alongside: companion) { [weak self] result in self?.answer(result, request, completion) }
    }

    public func refund(chargeId: String, idempotencyKey: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
        unattended.refund(chargeId: chargeId, idempotencyKey: idempotencyKey, completion: completion)
    }

    public func refund(chargeId: String, amount: Money, refundId: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
        unattended.refund(chargeId: chargeId, amount: amount, refundId: refundId, completion: completion)
    }

    public func lookUp(idempotencyKey: String) -> ChargeLookup? {
        unattended.lookUp(idempotencyKey: idempotencyKey)
    }

    private func answer(_ result: Result<Charge, ChargeError>, _ request: CardPaymentRequest,
                        _ completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        Self.answer(result, completion) { [weak self] charge in self?.challenge(charge, request, completion) }
    }

    /// A capture's answer as its caller sees it; a charge waiting for its 3-D Secure challenge
    /// goes to `challenged` (the unattended gateway refuses it, this one shows it).
    static func answer(_ result: Result<Charge, ChargeError>, _ completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void,
                       challenged: (Charge) -> Void) {
        switch result {
        case .failure(let error):
            completion(.failure(ChargeServiceGateway.failure(error)))
        case .success(let charge):
            switch charge.status {
            case .succeeded: completion(.success(ChargeReceipt(chargeId: charge.id, amount: charge.amount)))
            case .failed(let reason): completion(.failure(.declined(PaymentDecline(reason))))
            case .requiresAction: challenged(charge)
            case .canceled: completion(.failure(.declined(PaymentDecline(code: "canceled", cause: .canceled))))
            case .pending, .authorized: completion(.failure(.outcomeUnknown(chargeId: charge.id)))
            }
        }
    }

    private func challenge(_ charge: Charge, _ request: CardPaymentRequest, _ completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        let shown = presentChallenge(request, charge) { [weak self] code in
            guard let self else { return }
            guard let code else {
                // Abandoned: nothing was authorised, nothing stays pending.
                return self.cancel(charge, PaymentDecline(code: Self.cancelledCode, cause: .securityCheckCancelled), completion)
            }
            self.charges.confirmChallenge(charge.id, code: code) { [weak self] result in self?.answer(result, request, completion) }
        }
        if !shown { Self.refuseChallenge(charge, charges: charges, completion) }
    }

    /// A card that insists on 3-D Secure with nobody to answer: refused with a clear reason, and
    /// the waiting charge abandoned so it holds nothing.
    static func refuseChallenge(_ charge: Charge, charges: ChargeService, _ completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        cancel(charge, charges: charges, PaymentDecline(code: requiredCode, cause: .securityCheckRequired), completion)
    }

    private func cancel(_ charge: Charge, _ decline: PaymentDecline, _ completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        Self.cancel(charge, charges: charges, decline, completion)
    }

    /// Ends a challenge nobody will answer. A cancel that cannot be written leaves the challenge to
    /// the settler, and the outcome unknown until it has.
    private static func cancel(_ charge: Charge, charges: ChargeService, _ decline: PaymentDecline,
                               _ completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        guard (try? charges.cancel(charge.id)) != nil else { return completion(.failure(.outcomeUnknown(chargeId: charge.id))) }
        completion(.failure(.declined(decline)))
    }
}

import Foundation

/// Collects one period's money from a subscription's payer. Success carries a reference to the
/// charge or bank payment; failure a reason for the failed-renewals list.
public protocol RenewalCollecting: AnyObject {
    /// `unattended`: nobody is at the counter for this payment (a renewal, not the first period's).
    func collect(_ amount: Money, from payer: SubscriptionPayer, customerId: String, idempotencyKey: String, description: String,
                 unattended: Bool, completion: @escaping (Result<String, SubscriptionError>) -> Void)
    /// What became of a payment already asked under this key, if one was: a renewal whose answer
    /// was not recorded (a crash, a failed write) is looked up before it is asked again, because
    /// an acquirer forgets a key after a day and would charge a second time.
    func earlierOutcome(from payer: SubscriptionPayer, idempotencyKey: String) -> RenewalOutcome?
}

/// A renewal payment found under its key.
public enum RenewalOutcome: Equatable, Sendable {
    case paid(reference: String)
    case failed(PaymentDecline)
    /// Asked and not answered yet: the settler learns the answer; nobody asks again meanwhile.
    case unknown
}

/// Cards through the charge gateway, mandates through bank payments.
public final class RenewalCollector: RenewalCollecting {
    private let charges: ChargeGateway
    private let bank: BankPayments

    public init(charges: ChargeGateway, bank: BankPayments) {
        self.charges = charges
        self.bank = bank
    }

    public func earlierOutcome(from payer: SubscriptionPayer, idempotencyKey: String) -> RenewalOutcome? {
        switch payer {
        case .savedCard:
            switch charges.lookUp(idempotencyKey: idempotencyKey) {
            case nil: return nil
            case .succeeded(let receipt)?: return .paid(reference: receipt.chargeId)
            case .failed(let decline)?: return .failed(decline)
            case .pending?, .awaitingChallenge?, .notKnown?: return .unknown
            }
        case .mandate(let identifier, _):
            return bank.paymentFromMandate(identifier: identifier, reference: idempotencyKey).map { .paid(reference: $0) }
        }
    }

    public func collect(_ amount: Money, from payer: SubscriptionPayer, customerId: String, idempotencyKey: String, description: String,
                        unattended: Bool, completion: @escaping (Result<String, SubscriptionError>) -> Void) {
        switch payer {
        case .savedCard(let methodId):
            let request = CardPaymentRequest(amount: amount, instrument: .savedMethod(methodId, customerId: customerId), idempotencyKey: idempotencyKey,
                                             description: description, unattended: unattended)
            charges.charge(request) { result in
                completion(result.map(\.chargeId).mapError { failure in
                    switch failure {
                    case .outcomeUnknown: .outcomeUnknown
                    case .declined(let decline): .paymentFailed(decline)
                    }
                })
            }
        case .mandate(let identifier, let token):
            do throws(BankError) {
                let payment = try bank.payFromMandate(identifier: identifier, token: token, amount: amount, reference: idempotencyKey)
                completion(.success(payment.identifier))
            } catch {
                completion(.failure(.mandatePaymentFailed(error)))
            }
        }
    }
}

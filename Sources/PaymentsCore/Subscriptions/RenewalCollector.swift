import Foundation

/// Collects one period's money from a subscription's payer. Success carries a reference to the
/// charge or bank payment; failure a reason for the failed-renewals list.
public protocol RenewalCollecting: AnyObject {
    func collect(_ amount: Money, from payer: SubscriptionPayer, customerId: String, idempotencyKey: String, description: String,
                 completion: @escaping (Result<String, SubscriptionError>) -> Void)
}

/// Cards through the charge gateway, mandates through bank payments.
public final class RenewalCollector: RenewalCollecting {
    private let charges: ChargeGateway
    private let bank: BankPayments

    public init(charges: ChargeGateway, bank: BankPayments) {
        self.charges = charges
        self.bank = bank
    }

    public func collect(_ amount: Money, from payer: SubscriptionPayer, customerId: String, idempotencyKey: String, description: String,
                        completion: @escaping (Result<String, SubscriptionError>) -> Void) {
        switch payer {
        case .savedCard(let methodId):
            let request = CardPaymentRequest(amount: amount, instrument: .savedMethod(methodId, customerId: customerId), idempotencyKey: idempotencyKey, description: description)
            charges.charge(request) { result in
                completion(result.map(\.chargeId).mapError { failure in
                    if case .outcomeUnknown = failure { return .outcomeUnknown }
                    return .paymentFailed(reason: failure.code)
                })
            }
        case .mandate(let identifier, let token):
            do throws(BankError) {
                let payment = try bank.payFromMandate(identifier: identifier, token: token, amount: amount, reference: idempotencyKey)
                completion(.success(payment.identifier))
            } catch {
                completion(.failure(.paymentFailed(reason: error.code)))
            }
        }
    }
}

import struct PaymentsCore.Money
import struct PaymentsCore.Currency
import enum PaymentsCore.MoneyError
import enum PaymentsCore.BankFlowState
import CheckoutKit
import Foundation

/// A stand-in core for bank payments and mandates.
final class ScriptedBankGateway: BankGateway {
    var banks: [String: [BankProvider]] = [
        "GB": [BankProvider(id: "ob-monzo", name: "Monzo", countryCode: "GB"), BankProvider(id: "ob-hsbc", name: "HSBC", countryCode: "GB")],
        "DE": [BankProvider(id: "ob-n26", name: "N26", countryCode: "DE")],
    ]
    /// What the flow answers for a resource already decided; nil while it is open.
    var decided: Result<BankFlowState, BankError>?
    var describeFailure: BankError?
    var afterApproval: Result<BankFlowState, BankError> = .success(.executed)
    var afterDecline: Result<BankFlowState, BankError> = .failure(.authorizationFailed)
    var paymentStatusAnswer: Result<SinglePayment.Status, BankError> = .success(.authorizationRequired)
    var mandateStatusAnswer: Result<Mandate.Status, BankError> = .success(.authorizationRequired)
    private(set) var log: [String] = []

    func providers(countryCode: String) -> [BankProvider] { banks[countryCode] ?? [] }

    func describe(_ resource: BankResource, token: String, completion: @escaping (Result<BankResourceSummary, BankError>) -> Void) {
        log.append("describe(\(resource.identifier))")
        if let describeFailure { return completion(.failure(describeFailure)) }
        completion(.success(BankResourceSummary(resource: resource, amount: Money(minorUnits: 4_999, currency: .gbp), payeeName: "Honey Store", decided: decided)))
    }

    func authorize(_ resource: BankResource, token: String, provider: BankProvider, decision: BankDecision,
                   completion: @escaping (Result<BankFlowState, BankError>) -> Void) {
        log.append("authorize(\(resource.identifier), \(provider.id), \(decision))")
        completion(decision == .approve ? afterApproval : afterDecline)
    }

    func abandon(_ resource: BankResource, token: String, reason: BankAbandonReason) {
        log.append("abandon(\(resource.identifier), \(reason))")
    }

    func paymentStatus(identifier: String, token: String, completion: @escaping (Result<SinglePayment.Status, BankError>) -> Void) {
        log.append("paymentStatus(\(identifier))")
        completion(paymentStatusAnswer)
    }

    func mandateStatus(identifier: String, token: String, completion: @escaping (Result<Mandate.Status, BankError>) -> Void) {
        log.append("mandateStatus(\(identifier))")
        completion(mandateStatusAnswer)
    }
}

/// A stand-in bank page: answers with a scripted outcome, or holds the answer (nil).
final class ScriptedBankPage: BankRedirectPresenter {
    /// Picks the first bank listed unless told otherwise.
    var outcome: ((BankAuthorizationPage) -> BankPageOutcome)? = { .approved($0.providers[0]) }
    private(set) var pages: [BankAuthorizationPage] = []
    private(set) var dismissals = 0
    private(set) var held: ((BankPageOutcome) -> Void)?

    func presentBankPage(_ page: BankAuthorizationPage, completion: @escaping (BankPageOutcome) -> Void) {
        pages.append(page)
        if let outcome { completion(outcome(page)) } else { held = completion }
    }

    func dismissBankPage() { dismissals += 1 }
}

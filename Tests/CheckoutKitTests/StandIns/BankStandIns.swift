import struct PaymentsCore.Money
import struct PaymentsCore.Currency
import enum PaymentsCore.MoneyError
import CheckoutKit
import Foundation

/// A stand-in core for bank payments and mandates.
final class ScriptedBankGateway: BankGateway {
    var banks: [String: [BankProvider]] = [
        "GB": [BankProvider(id: "ob-monzo", name: "Monzo", countryCode: "GB"), BankProvider(id: "ob-hsbc", name: "HSBC", countryCode: "GB")],
        "DE": [BankProvider(id: "ob-n26", name: "N26", countryCode: "DE")],
    ]
    var initialStatus: BankResourceStatus = .authorizationRequired
    var describeFailure: BankGatewayFailure?
    var afterApproval: Result<BankResourceStatus, BankGatewayFailure> = .success(.executed)
    var afterDecline: Result<BankResourceStatus, BankGatewayFailure> = .success(.failed(.authorizationFailed))
    var statusAnswer: Result<BankResourceStatus, BankGatewayFailure> = .success(.authorizationRequired)
    private(set) var log: [String] = []

    func providers(countryCode: String) -> [BankProvider] { banks[countryCode] ?? [] }

    func describe(_ resource: BankResource, token: String, completion: @escaping (Result<BankResourceSummary, BankGatewayFailure>) -> Void) {
        log.append("describe(\(resource.identifier))")
        if let describeFailure { return completion(.failure(describeFailure)) }
        completion(.success(BankResourceSummary(resource: resource, amount: Money(minorUnits: 4_999, currency: .gbp), payeeName: "Honey Store", status: initialStatus)))
    }

    func authorize(_ resource: BankResource, token: String, provider: BankProvider, decision: BankDecision,
                   completion: @escaping (Result<BankResourceStatus, BankGatewayFailure>) -> Void) {
        log.append("authorize(\(resource.identifier), \(provider.id), \(decision))")
        completion(decision == .approve ? afterApproval : afterDecline)
    }

    func abandon(_ resource: BankResource, token: String, reason: BankFailureReason) {
        log.append("abandon(\(resource.identifier), \(reason))")
    }

    func status(of resource: BankResource, token: String, completion: @escaping (Result<BankResourceStatus, BankGatewayFailure>) -> Void) {
        log.append("status(\(resource.identifier))")
        completion(statusAnswer)
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

import Clocks
import Foundation
import PaymentsCore

/// `BankPaymentsManager`'s port over the core's bank payments and mandates (seed 004).
///
/// The core plays both the merchant's backend (`createPayment`/`createMandate`, which hand out
/// an identifier and a resource token: the seed's `Context`) and the bank. The customer's bank
/// decides by its simulated behaviour; the bank page's "decline" cancels the resource. Answers
/// come on the loop: the core's own timers for processing, one scheduler turn for the rest.
public final class CoreBankGateway: BankGateway {
    public static let payeeName = "Honey Store"
    private let bank: BankPayments
    private let providersByCountry: BankProviders
    private let scheduler: Scheduler
    /// What this counter asked the core to create: the amount the bank page shows. The core keeps
    /// it too but offers no reader for it (see Docs/controllers.md, core gaps).
    private var amounts: [String: Money] = [:]

    init(bank: BankPayments, providers: BankProviders, scheduler: Scheduler) {
        self.bank = bank
        self.providersByCountry = providers
        self.scheduler = scheduler
    }

    // MARK: - The merchant's side: a payment or mandate to process

    /// A single payment for `amount`, as the backend would create it; hand the context to
    /// `processSinglePayment`.
    public func createPayment(amount: Money, reference: String, redirectURL: URL,
                              preferences: BankPaymentPreferences = BankPaymentPreferences()) throws -> BankPaymentContext {
        let handle = try bank.createPayment(amount: amount, reference: reference)
        amounts[handle.identifier] = amount
        return BankPaymentContext(identifier: handle.identifier, token: handle.resourceToken, redirectURL: redirectURL, preferences: preferences)
    }

    /// A mandate for recurring payments of up to `maximumAmount` (subscription renewals).
    public func createMandate(maximumAmount: Money, reference: String, redirectURL: URL,
                              preferences: BankPaymentPreferences = BankPaymentPreferences()) throws -> BankPaymentContext {
        let handle = try bank.createMandate(maximumAmount: maximumAmount, reference: reference)
        amounts[handle.identifier] = maximumAmount
        return BankPaymentContext(identifier: handle.identifier, token: handle.resourceToken, redirectURL: redirectURL, preferences: preferences)
    }

    /// A renewal drawn on an authorised mandate: no shopper needed, the bank executes it.
    /// Answers the new payment's identifier.
    public func payFromMandate(_ context: BankPaymentContext, amount: Money, reference: String) throws(BankError) -> String {
        try bank.payFromMandate(identifier: context.identifier, token: context.token, amount: amount, reference: reference).identifier
    }

    /// The customer revokes a mandate (no renewal can draw on it after).
    public func revokeMandate(_ context: BankPaymentContext) throws(BankError) {
        try bank.revokeMandate(identifier: context.identifier, token: context.token)
    }

    /// The countries the core has banks for; none when the catalogue cannot be read.
    public func countries() -> [String] {
        (try? providersByCountry.countries()) ?? []
    }

    // MARK: - BankGateway

    public func providers(countryCode: String) -> [CheckoutKit.BankProvider] {
        ((try? providersByCountry.providers(in: countryCode.uppercased())) ?? []).map {
            BankProvider(id: $0.id, name: $0.name, countryCode: $0.country)
        }
    }

    public func describe(_ resource: BankResource, token: String, completion: @escaping (Result<BankResourceSummary, BankGatewayFailure>) -> Void) {
        let result = Result { () throws(BankError) in try status(resource, token) }
            .map { BankResourceSummary(resource: resource, amount: amounts[resource.identifier] ?? .zero(.eur),
                                       payeeName: Self.payeeName, status: $0) }
            .mapError(BankGatewayFailure.init)
        later { completion(result) }
    }

    public func authorize(_ resource: BankResource, token: String, provider: CheckoutKit.BankProvider, decision: BankDecision,
                          completion: @escaping (Result<BankResourceStatus, BankGatewayFailure>) -> Void) {
        guard decision == .approve else {
            // Declined on the bank's page: the customer did not authorise it.
            try? bank.cancel(identifier: resource.identifier, token: token)
            return later { completion(.success(.failed(.authorizationFailed))) }
        }
        let answer: (Result<BankFlowState, BankError>) -> Void = { result in
            switch result {
            case .success(.executed): completion(.success(.executed))
            case .success(.settled): completion(.success(.settled))
            case .success(.authorized): completion(.success(.authorized))
            case .success(.wait), .success(.redirect): completion(.success(.authorizing))
            case .failure(let error): completion(BankResourceStatus.from(error).map { .success($0) } ?? .failure(BankGatewayFailure(error)))
            }
        }
        switch resource.kind {
        case .singlePayment: bank.processSinglePayment(identifier: resource.identifier, token: token, providerId: provider.id, completion: answer)
        case .mandate: bank.processMandate(identifier: resource.identifier, token: token, providerId: provider.id, completion: answer)
        }
    }

    public func abandon(_ resource: BankResource, token: String, reason: BankFailureReason) {
        // The core records every abandonment as the customer's cancel; an expired window is
        // also expired in the core by its own clock.
        try? bank.cancel(identifier: resource.identifier, token: token)
    }

    public func status(of resource: BankResource, token: String, completion: @escaping (Result<BankResourceStatus, BankGatewayFailure>) -> Void) {
        let result = Result { () throws(BankError) in try status(resource, token) }.mapError(BankGatewayFailure.init)
        later { completion(result) }
    }

    // MARK: - Private

    private func status(_ resource: BankResource, _ token: String) throws(BankError) -> BankResourceStatus {
        switch resource.kind {
        case .singlePayment:
            switch try bank.paymentStatus(identifier: resource.identifier, token: token) {
            case .authorizationRequired: return .authorizationRequired
            case .authorizing: return .authorizing
            case .authorized: return .authorized
            case .executed: return .executed
            case .settled: return .settled
            case .failed(let error): return .failed(BankFailureReason(error))
            }
        case .mandate:
            switch try bank.mandateStatus(identifier: resource.identifier, token: token) {
            case .authorizationRequired: return .authorizationRequired
            case .authorizing: return .authorizing
            case .authorized: return .authorized
            case .revoked: return .revoked
            case .failed(let error): return .failed(BankFailureReason(error))
            }
        }
    }

    private func later(_ action: @escaping () -> Void) {
        scheduler.schedule(after: .zero, action)
    }
}

extension BankFailureReason {
    init(_ error: BankError) {
        switch error {
        case .paymentRejected, .mandateRejected: self = .rejected
        case .paymentExpired, .mandateExpired: self = .expired
        case .userCanceled: self = .canceled
        default: self = .authorizationFailed
        }
    }
}

extension BankResourceStatus {
    /// The errors that are a decided outcome of the resource (rather than a failed call).
    static func from(_ error: BankError) -> BankResourceStatus? {
        switch error {
        case .paymentRejected, .mandateRejected, .paymentExpired, .mandateExpired, .userCanceled, .authorizationFailed:
            .failed(BankFailureReason(error))
        default: nil
        }
    }
}

extension BankGatewayFailure {
    init(_ error: BankError) {
        switch error {
        case .connectionIssues: self = .connectionLost
        case .invalidToken: self = .invalidToken
        case .paymentNotFound, .mandateNotFound: self = .notFound
        case .serverError: self = .serverError
        case .generic(let reason): self = .other(reason)
        default: self = .other(error.code)
        }
    }
}

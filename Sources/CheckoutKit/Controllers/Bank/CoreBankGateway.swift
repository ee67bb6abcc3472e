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

    public func describe(_ resource: BankResource, token: String, completion: @escaping (Result<BankResourceSummary, BankError>) -> Void) {
        let result = Result { () throws(BankError) in try decided(resource, token) }
            .map { BankResourceSummary(resource: resource, amount: amounts[resource.identifier] ?? .zero(.eur), payeeName: Self.payeeName, decided: $0) }
        later { completion(result) }
    }

    public func authorize(_ resource: BankResource, token: String, provider: CheckoutKit.BankProvider, decision: BankDecision,
                          completion: @escaping (Result<BankFlowState, BankError>) -> Void) {
        guard decision == .approve else {
            // Declined on the bank's page: the customer did not authorise it.
            try? bank.cancel(identifier: resource.identifier, token: token)
            return later { completion(.failure(.authorizationFailed)) }
        }
        switch resource.kind {
        case .singlePayment: bank.processSinglePayment(identifier: resource.identifier, token: token, providerId: provider.id, completion: completion)
        case .mandate: bank.processMandate(identifier: resource.identifier, token: token, providerId: provider.id, completion: completion)
        }
    }

    public func abandon(_ resource: BankResource, token: String, reason: BankAbandonReason) {
        // The core records every abandonment as the customer's cancel; an expired window is
        // also expired in the core by its own clock.
        try? bank.cancel(identifier: resource.identifier, token: token)
    }

    public func paymentStatus(identifier: String, token: String, completion: @escaping (Result<SinglePayment.Status, BankError>) -> Void) {
        let result = Result { () throws(BankError) in try bank.paymentStatus(identifier: identifier, token: token).status }
        later { completion(result) }
    }

    public func mandateStatus(identifier: String, token: String, completion: @escaping (Result<Mandate.Status, BankError>) -> Void) {
        let result = Result { () throws(BankError) in try bank.mandateStatus(identifier: identifier, token: token).status }
        later { completion(result) }
    }

    // MARK: - Private

    /// What the flow answers for a resource the bank already decided, as processing it again
    /// would; `nil` while the customer may still authorise it.
    private func decided(_ resource: BankResource, _ token: String) throws(BankError) -> Result<BankFlowState, BankError>? {
        switch resource.kind {
        case .singlePayment:
            let report = try bank.paymentStatus(identifier: resource.identifier, token: token)
            switch report.status {
            case .authorizationRequired, .authorizing: return nil
            case .authorized: return .success(.authorized)
            case .executed: return .success(.executed)
            case .settled: return .success(.settled)
            case .failed: return .failure(report.failure ?? .unexpectedBehaviour)
            }
        case .mandate:
            let report = try bank.mandateStatus(identifier: resource.identifier, token: token)
            switch report.status {
            case .authorizationRequired, .authorizing: return nil
            case .authorized: return .success(.authorized)
            case .failed: return .failure(report.failure ?? .unexpectedBehaviour)
            // A revoked mandate cannot be processed again: nothing the flow could answer fits.
            case .revoked: return .failure(.unexpectedBehaviour)
            }
        }
    }

    private func later(_ action: @escaping () -> Void) {
        scheduler.schedule(after: .zero, action)
    }
}

import Clocks
import PaymentsCore

/// `Payment`'s port over the core's sources (seed 000): the methods the core accepts (never
/// invented here), create, authorise (a card through the charge gateway, a wallet through the
/// shopper's confirmation on `walletPresenter`), and the status `Payment` polls.
///
/// A card source is paid with the one-time token or saved card named in the params' metadata
/// (`SourceMetadataKey.cardToken`, or `.paymentMethod` with `.customer`).
public final class CoreSourceService: SourceService {
    /// Who shows the wallet's confirmation step; without one, a wallet authorisation is cancelled.
    public weak var walletPresenter: WalletApprovalPresenter?
    private let sources: PaymentSources
    private let scheduler: Scheduler

    init(sources: PaymentSources, scheduler: Scheduler) {
        self.sources = sources
        self.scheduler = scheduler
    }

    public func availablePaymentMethods() -> [PaymentMethodType] {
        sources.availableMethods
    }

    public func createSource(_ params: SourceParams, completion: @escaping (Result<Source, SourceServiceFailure>) -> Void) {
        let result = Result { () throws(SourceServiceFailure) in
            guard params.type != nil else { throw SourceServiceFailure(reason: .methodNotAccepted) }
            do {
                return try sources.create(params)
            } catch {
                throw SourceServiceFailure(reason: error.reason)
            }
        }
        later { completion(result) }
    }

    public func authorize(_ source: Source, completion: @escaping (Result<PaymentAuthorizationState, SourceServiceFailure>) -> Void) {
        source.params.type?.isWallet == true ? authorizeWallet(source, completion) : authorizeCard(source, completion)
    }

    public func status(ofSource identifier: String, completion: @escaping (Result<SourceStatus, SourceServiceFailure>) -> Void) {
        let result = Result { () throws(SourceError) in try sources.sourceStatus(id: identifier) }
            .mapError { SourceServiceFailure(reason: .source($0)) }
        later { completion(result) }
    }

    // MARK: - Private

    private func authorizeCard(_ source: Source, _ completion: @escaping (Result<PaymentAuthorizationState, SourceServiceFailure>) -> Void) {
        let metadata = source.params.metadata
        let instrument: PaymentInstrument
        if let token = metadata[SourceMetadataKey.cardToken] {
            instrument = .token(token)
        } else if let method = metadata[SourceMetadataKey.paymentMethod], let customer = metadata[SourceMetadataKey.customer] {
            instrument = .savedMethod(method, customerId: customer)
        } else {
            return later { completion(.failure(SourceServiceFailure(reason: .noCardGiven))) }
        }
        sources.authorizeCard(sourceId: source.id, instrument: instrument) { result in
            switch result {
            case .success: completion(.success(.authorized))
            case .failure(.paymentDeclined(let decline)): completion(.failure(SourceServiceFailure(reason: .cardCharge(CardChargeFailure(decline)))))
            case .failure(let error): completion(.failure(SourceServiceFailure(reason: error.reason)))
            }
        }
    }

    private func authorizeWallet(_ source: Source, _ completion: @escaping (Result<PaymentAuthorizationState, SourceServiceFailure>) -> Void) {
        let code: String
        do {
            code = try sources.startWalletAuthorization(sourceId: source.id)
        } catch {
            return later { completion(.failure(SourceServiceFailure(reason: error.reason))) }
        }
        guard let walletPresenter, let method = source.params.type else {
            try? sources.declineWallet(sourceId: source.id)
            return later { completion(.success(.cancelled)) }
        }
        walletPresenter.presentWalletApproval(paymentCode: code, method: method, amount: source.params.amount) { [weak self] approval in
            guard let self else { return }
            do {
                switch approval {
                case .confirmed:
                    try self.sources.confirmWallet(sourceId: source.id)
                    completion(.success(.authorized))
                case .declined:
                    try self.sources.declineWallet(sourceId: source.id)
                    completion(.success(.failed))
                case .cancelled:
                    try self.sources.declineWallet(sourceId: source.id)
                    completion(.success(.cancelled))
                }
            } catch {
                completion(.failure(SourceServiceFailure(reason: error.reason)))
            }
        }
    }

    private func later(_ action: @escaping () -> Void) {
        scheduler.schedule(after: .zero, action)
    }
}

/// Keys of `SourceParams.metadata` a card source is paid with.
public enum SourceMetadataKey {
    /// A one-time vault token.
    public static let cardToken = "card_token"
    /// A saved payment method, with `customer`.
    public static let paymentMethod = "payment_method"
    public static let customer = "customer"
}

fileprivate extension Error {
    /// A reason for any error from the sources service.
    var reason: Refusal { Refusal(self) }
}

import Clocks
import Foundation
import PaymentsCore

/// Seed 002 over the core, for one auction: the flow's data source (the signed-in customer, the
/// PIN lock, saved cards) and its card gateway (the start bid as a HOLD through the core's
/// auctions, with 3-D Secure). `AuctionJoinFlow(context:delegate:dataSource:gateway:)` takes it
/// twice: `dataSource: controller, gateway: controller`.
///
/// The PIN reaches it through `pinProvider` (the auction screen): each `unlockPayments` asks
/// once and answers with exactly one of the seed's callbacks.
public final class CoreAuctionController: PaymentCardDataSource, CardPaymentGateway {
    public let auctionId: String
    /// Who asks for the PIN; without one, unlocking is cancelled (or fails if cancel is nil).
    public weak var pinProvider: PINProvider?
    /// After too many wrong PINs: when the customer may try again (for "try again at 10:15").
    public private(set) var paymentsLockedUntil: Date?

    private let core: PaymentsServices
    private let auctions: Auctions
    private let session: CounterSession
    /// Who shows the bank's 3-D Secure question of a card added to the list (its zero-amount
    /// check); without one, such a card is refused.
    public weak var authentication: AuthenticationPresenter?
    /// New cards the shopper asked to keep, by token, set aside before their hold used the
    /// token up: saved by `savePayment(isJoin: true)` once the hold was authorised.
    private var keptForSaving: [String: CardKeptForSaving] = [:]
    /// What the last wrong PIN left, for the next ask.
    private var lastAttemptsLeft: Int?

    init(auctionId: String, core: PaymentsServices, auctions: Auctions, session: CounterSession) {
        self.auctionId = auctionId
        self.core = core
        self.auctions = auctions
        self.session = session
    }

    // MARK: - PaymentCardDataSource

    public var customerId: String { session.customerId }

    public var isPaymentsLocked: Bool {
        guard !customerId.isEmpty else { return true }
        return core.customers.isPaymentsLocked(customerId)
    }

    public func unlockPayments(success: @escaping () -> Void, failure: @escaping (Refusal) -> Void,
                               cancel: (() -> Void)?, exceededAttempts: (() -> Void)?) {
        let id = customerId
        guard !id.isEmpty else { return failure(.notSignedIn) }
        if let until = try? core.customers.pinLockedUntil(id) {
            return lockedOut(until: until, failure: failure, exceededAttempts: exceededAttempts)
        }
        guard let pinProvider else { return (cancel ?? { failure(.pinRequired) })() }
        pinProvider.requestPIN(attemptsLeft: lastAttemptsLeft) { [weak self] pin in
            guard let self else { return }
            guard let pin else { return (cancel ?? { failure(.unlockCancelled) })() }
            do {
                try self.core.customers.unlockPayments(id, pin: pin)
                self.lastAttemptsLeft = nil
                self.paymentsLockedUntil = nil
                success()
            } catch CustomerError.wrongPIN(let left) {
                self.lastAttemptsLeft = left
                failure(.customer(.wrongPIN(attemptsLeft: left)))
            } catch CustomerError.tooManyPINAttempts(let until) {
                self.lockedOut(until: until, failure: failure, exceededAttempts: exceededAttempts)
            } catch {
                failure(Refusal(error))
            }
        }
    }

    private func lockedOut(until: Date, failure: (Refusal) -> Void, exceededAttempts: (() -> Void)?) {
        paymentsLockedUntil = until
        lastAttemptsLeft = nil
        if let exceededAttempts { return exceededAttempts() }
        failure(.customer(.tooManyPINAttempts(lockedUntil: until)))
    }

    public var payments: [PaymentCard] {
        guard !customerId.isEmpty, let methods = try? core.paymentMethods.list(for: customerId) else { return [] }
        let now = core.clock.now
        return methods.filter { $0.canBeCharged && !$0.expiry.isExpired(at: now) }.map(PaymentCard.init(method:)).defaultFirst()
    }

    public func savePayment(isJoin: Bool, card: PaymentCard, success: @escaping () -> Void, failure: @escaping (Refusal) -> Void,
                            cancel: (() -> Void)?, exceededAttempts: (() -> Void)?) {
        guard !customerId.isEmpty else { return failure(.notSignedIn) }
        guard let token = card.vaultToken else { return failure(.cardAlreadySaved) }
        guard isJoin else { return saveChecked(token: token, success: success, failure: failure) }
        saveAfterHold(token: token, success: success, failure: failure)
    }

    /// A card added to the list, with no bid to prove it: the bank's zero-amount check first.
    private func saveChecked(token: String, success: @escaping () -> Void, failure: @escaping (Refusal) -> Void) {
        CheckedCardSave(core: core).save(token: token, for: customerId, makeDefault: false, authentication: authentication) { result in
            switch result {
            case .success: success()
            case .failure(.paymentMethod(let error)): failure(.paymentMethod(error))
            case .failure(.declined(let decline)): failure(.decline(decline))
            }
        }
    }

    /// A card typed for the start bid: saved only if the bid's hold on it was authorised.
    private func saveAfterHold(token: String, success: @escaping () -> Void, failure: @escaping (Refusal) -> Void) {
        guard let kept = keptForSaving.removeValue(forKey: token) else { return failure(.paymentMethodDeclined) }
        let holdId = bids.standing(customerId: customerId, auctionId: auctionId)?.holdId
        do {
            guard let holdId, try core.cardsSavedAfterPayment.save(kept, approvedBy: holdId) != nil else {
                return failure(.paymentMethodDeclined)
            }
            success()
        } catch {
            failure(Refusal(error))
        }
    }

    public func removePayment(_ card: PaymentCard, success: @escaping () -> Void, failure: @escaping (Refusal) -> Void) {
        do {
            try core.paymentMethods.remove(card.id, for: customerId)
            success()
        } catch {
            failure(Refusal(error))
        }
    }

    // MARK: - CardPaymentGateway (the start bid as a hold)

    public func charge(_ request: CardChargeRequest, completion: @escaping (Result<CardChargeOutcome, CardChargeFailure>) -> Void) {
        let instrument: PaymentInstrument
        switch request.source {
        case .newCardToken(let token):
            instrument = .token(token)
            // Set aside now: the hold uses the token up, and the card is saved only after it.
            if request.keepCard {
                do {
                    keptForSaving[token] = try core.cardsSavedAfterPayment.keep(token: token, for: request.customerId)
                } catch {
                    return completion(.failure(.refused(Refusal(error))))
                }
            }
        case .savedPayment(let id):
            instrument = .savedMethod(id, customerId: request.customerId)
        }
        // Only the flow's payment step places bids, and it is reached only with the terms accepted.
        auctions.join(auctionId: auctionId, customerId: request.customerId, instrument: instrument, bid: request.amount,
                      termsAccepted: true) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.joined(let bid)):
                completion(.success(.approved(self.receipt(for: bid))))
            case .success(.requiresAction(let bidId)):
                let hold = (try? self.auctions.bid(id: bidId))?.holdId.flatMap { try? self.core.charges.charge($0) }
                completion(.success(.challengeRequired(ThreeDSChallenge(
                    identifier: bidId, amount: request.amount, merchantName: "Upgrade auction",
                    cardBrand: hold?.brand.displayName ?? "", cardLastFour: hold?.lastFour ?? "", prompt: .bankCode))))
            case .failure(let error):
                completion(.failure(CardChargeFailure(error)))
            }
        }
    }

    public func completeChallenge(_ challenge: ThreeDSChallenge, code: String?,
                                  completion: @escaping (Result<CardChargeReceipt, CardChargeFailure>) -> Void) {
        // A cancelled challenge is answered with a code that cannot be right, so the core fails
        // the bid and releases whatever it held, as for a wrong code.
        auctions.completeChallenge(bidId: challenge.identifier, code: code ?? "cancelled") { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let bid): completion(.success(self.receipt(for: bid)))
            case .failure where code == nil: completion(.failure(.authenticationCancelled))
            case .failure(let error): completion(.failure(CardChargeFailure(error)))
            }
        }
    }

    /// The receipt whose `chargeIdentifier` is the bid's auth token (what `onJoin` receives).
    private func receipt(for bid: AuctionBid) -> CardChargeReceipt {
        let hold = bid.holdId.flatMap { try? core.charges.charge($0) }
        return CardChargeReceipt(chargeIdentifier: bid.authToken ?? bid.id, amount: bid.amount, brand: hold?.brand.displayName ?? "",
                                 lastFour: hold?.lastFour ?? "", paymentMethodIdentifier: hold?.paymentMethodID)
    }
}

// MARK: - AuctionBidDataSource (after joining)

extension CoreAuctionController: AuctionBidDataSource {
    private var bids: ShopperBids { ShopperBids(core: core, auctions: auctions) }

    public var currentBid: ShopperBid? {
        bids.standing(customerId: customerId, auctionId: auctionId).map(bids.describe)
    }

    public func raiseBid(to amount: Money, completion: @escaping (Result<ShopperBid, Refusal>) -> Void) {
        guard !customerId.isEmpty else { return completion(.failure(.notSignedIn)) }
        guard let standing = bids.standing(customerId: customerId, auctionId: auctionId) else {
            return completion(.failure(.auction(.notJoined(.left))))
        }
        guard let instrument = raiseInstrument(for: standing) else { return completion(.failure(.auction(.paymentMethodRequired))) }
        // Held strongly until the core answers: the completion is called exactly once.
        auctions.raise(bidId: standing.id, to: amount, instrument: instrument) { [self] result in
            completion(result.map(bids.describe).mapError(Refusal.auction))
        }
    }

    public func leaveAuction(completion: @escaping (Result<ShopperBid, Refusal>) -> Void) {
        guard !customerId.isEmpty else { return completion(.failure(.notSignedIn)) }
        guard let standing = bids.standing(customerId: customerId, auctionId: auctionId) else {
            return completion(.failure(.auction(.notJoined(.left))))
        }
        auctions.leave(bidId: standing.id) { [self] result in
            completion(result.map(bids.describe).mapError(Refusal.auction))
        }
    }

    /// The raise is held on the card the bid is held on, when it is a saved card still usable
    /// (a card typed for the bid and saved after its hold is held on by its token: it is found by
    /// brand and last four); else on the default card (a card not kept has no card to reuse).
    private func raiseInstrument(for bid: AuctionBid) -> PaymentInstrument? {
        let hold = bid.holdId.flatMap { try? core.charges.charge($0) }
        let usable = payments
        let heldOn = usable.first { $0.id == hold?.paymentMethodID }
            ?? usable.first { hold?.paymentMethodID == nil && $0.brand == hold?.brand.displayName && $0.lastFour == hold?.lastFour }
        guard let card = heldOn ?? usable.first else { return nil }
        return .savedMethod(card.id, customerId: customerId)
    }
}

extension CardChargeFailure {
    init(_ error: AuctionError) {
        switch error {
        case .paymentFailed(let decline): self.init(decline)
        default: self = .refused(.auction(error))
        }
    }
}

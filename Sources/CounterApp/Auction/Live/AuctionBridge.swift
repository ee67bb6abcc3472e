import CheckoutKit

/// The auction screens' side of seed 002, as one object the flow talks to: its delegate, its
/// authentication presenter, the controller's PIN provider, and (wrapping the core's auction
/// controller) its data source and card gateway.
///
/// Why wrap the controller: every answer that reaches the flow also reaches the screens, as a
/// `flowChanged` action with a fresh snapshot (a declined hold, for one, changes the flow from a
/// timer and calls no delegate method); and every call is written to the callback log.
final class AuctionBridge: PaymentControllerDelegate, AuthenticationPresenter, PINProvider, PaymentCardDataSource, CardPaymentGateway {
    /// Held weakly: the flow holds this bridge (as its delegate), the environment holds the flow.
    weak var flow: AuctionJoinFlow?
    let controller: CoreAuctionController
    private let log: AuctionCallbackLog
    /// Into the store, as actions; set by the effect that opened the flow.
    var send: (AuctionFeature.Action) -> Void = { _ in }
    /// The PIN the customer typed, given to the controller's one ask of this unlock attempt.
    /// Nil there means the customer cancelled.
    var pinForNextAsk: String?
    private var challengeAnswer: ((String?) -> Void)?
    /// From the last approved hold's receipt.
    private var heldOn: String?
    private var biddingWith: String?
    /// The card just typed for the start bid, named for the joining screen (the hold names
    /// only its token).
    var newCardForBid: String?

    init(controller: CoreAuctionController, log: AuctionCallbackLog) {
        self.controller = controller
        self.log = log
        controller.pinProvider = self
        // A card added to the list asks its bank first, maybe with a 3-D Secure question.
        controller.authentication = self
    }

    func snapshot() -> AuctionFlowSnapshot {
        var snapshot = AuctionFlowSnapshot()
        guard let flow else { return snapshot }
        snapshot.step = flow.step
        snapshot.termsAccepted = flow.termsAccepted
        snapshot.access = flow.access
        snapshot.payments = flow.payments
        snapshot.selectedCardId = flow.selectedCard?.id
        snapshot.notice = flow.notice
        snapshot.pendingCall = flow.pendingCall
        snapshot.lockedUntil = controller.paymentsLockedUntil
        snapshot.isSignedIn = !controller.customerId.isEmpty
        snapshot.heldOn = heldOn
        snapshot.biddingWith = biddingWith
        return snapshot
    }

    private func changed() { send(.flowChanged(snapshot())) }

    // MARK: - PaymentControllerDelegate

    func onBack() {
        log.record("onBack")
        send(.leftFlow)
    }

    func onJoin(authToken: String, auction: Auction) {
        log.record("onJoin(\(auction.identifier))")
        changed()
    }

    func authenticationPresenter() -> AuthenticationPresenter {
        log.record("authenticationPresenter")
        return self
    }

    // MARK: - AuthenticationPresenter: the challenge screen answers later, as an action

    func presentChallenge(_ challenge: ThreeDSChallenge, completion: @escaping (String?) -> Void) {
        log.record("presentChallenge(\(challenge.cardBrand) \(challenge.cardLastFour))")
        challengeAnswer = completion
        send(.challengeRequested(challenge))
    }

    /// The challenge screen's answer: the code typed, or nil when the customer cancelled.
    func answerChallenge(_ code: String?) {
        guard let answer = challengeAnswer else { return }
        challengeAnswer = nil
        log.record(code == nil ? "presentChallenge -> cancelled" : "presentChallenge -> code")
        answer(code)
        changed()
    }

    // MARK: - PINProvider

    func requestPIN(attemptsLeft: Int?, completion: @escaping (String?) -> Void) {
        let pin = pinForNextAsk
        pinForNextAsk = nil
        log.record("requestPIN(attemptsLeft: \(attemptsLeft.map(String.init) ?? "-")) -> \(pin == nil ? "cancelled" : "typed")")
        completion(pin)
    }

    // MARK: - PaymentCardDataSource (the controller's answers, recorded)

    var customerId: String {
        let id = controller.customerId
        log.record("getCustomerId -> \(id.isEmpty ? "none" : "signed in")")
        return id
    }

    var isPaymentsLocked: Bool {
        let locked = controller.isPaymentsLocked
        log.record("isPaymentsLocked -> \(locked)")
        return locked
    }

    func unlockPayments(success: @escaping () -> Void, failure: @escaping (Refusal) -> Void,
                        cancel: (() -> Void)?, exceededAttempts: (() -> Void)?) {
        log.record("unlockPayments")
        controller.unlockPayments(
            success: { [self] in answer("unlockPayments -> success", success) },
            failure: { [self] message in answer("unlockPayments -> failure(\(message.message))") { failure(message) } },
            cancel: cancel.map { cancel in { [self] in answer("unlockPayments -> cancel", cancel) } },
            exceededAttempts: exceededAttempts.map { exceeded in { [self] in answer("unlockPayments -> exceededAttempts", exceeded) } })
    }

    var payments: [PaymentCard] {
        let cards = controller.payments
        log.record("getPayments -> \(cards.map { "\($0.brand) \($0.lastFour)" })")
        return cards
    }

    func savePayment(isJoin: Bool, card: PaymentCard, success: @escaping () -> Void, failure: @escaping (Refusal) -> Void,
                     cancel: (() -> Void)?, exceededAttempts: (() -> Void)?) {
        let name = "savePayment(isJoin: \(isJoin), \(card.brand) \(card.lastFour))"
        log.record(name)
        controller.savePayment(
            isJoin: isJoin, card: card,
            success: { [self] in answer("\(name) -> success", success) },
            failure: { [self] message in answer("\(name) -> failure(\(message.message))") { failure(message) } },
            cancel: cancel.map { cancel in { [self] in answer("\(name) -> cancel", cancel) } },
            exceededAttempts: exceededAttempts.map { exceeded in { [self] in answer("\(name) -> exceededAttempts", exceeded) } })
    }

    func removePayment(_ card: PaymentCard, success: @escaping () -> Void, failure: @escaping (Refusal) -> Void) {
        let name = "removePayment(\(card.brand) \(card.lastFour))"
        log.record(name)
        controller.removePayment(
            card,
            success: { [self] in answer("\(name) -> success", success) },
            failure: { [self] message in answer("\(name) -> failure(\(message.message))") { failure(message) } })
    }

    /// Records the answer, lets the flow take it, then shows the screens what it did.
    private func answer(_ entry: String, _ callback: () -> Void) {
        log.record(entry)
        callback()
        changed()
    }

    // MARK: - CardPaymentGateway (the start bid's hold)

    func charge(_ request: CardChargeRequest, completion: @escaping (Result<CardChargeOutcome, CardChargeFailure>) -> Void) {
        log.record("charge(\(request.amount.formatted()), hold: \(!request.captureNow))")
        biddingWith = switch request.source {
        case .savedPayment(let id): flow?.payments.first { $0.id == id }.map(AuctionText.shortCard)
        case .newCardToken: newCardForBid
        }
        controller.charge(request) { [self] result in
            switch result {
            case .success(.approved(let receipt)):
                log.record("charge -> approved")
                heldOn = CardNaming.screen.name(receipt.brand, receipt.lastFour)
            case .success(.challengeRequired): log.record("charge -> challengeRequired")
            case .failure(let failure): log.record("charge -> \(failure)")
            }
            completion(result)
            changed()
        }
    }

    func completeChallenge(_ challenge: ThreeDSChallenge, code: String?,
                           completion: @escaping (Result<CardChargeReceipt, CardChargeFailure>) -> Void) {
        log.record("completeChallenge")
        controller.completeChallenge(challenge, code: code) { [self] result in
            switch result {
            case .success(let receipt):
                log.record("completeChallenge -> approved")
                heldOn = CardNaming.screen.name(receipt.brand, receipt.lastFour)
            case .failure(let failure): log.record("completeChallenge -> \(failure)")
            }
            completion(result)
            changed()
        }
    }
}

/// Seed 002's `SBPaymentController` without its screens: the steps of joining an auction and the
/// calls it makes on its delegate and data source. The auction screens in `CounterApp` draw
/// `step` and call these methods; a test drives it the same way.
///
/// Steps: terms (must be accepted; tips shown here if any) -> review -> payment (pick a saved
/// method, add one, remove one; unlock first if locked) -> "Place start bid" -> joined.
public final class AuctionJoinFlow {
    public enum Step: Equatable, Sendable {
        case terms
        case review
        case payment
        /// The start bid is being authorised (maybe with a 3-D Secure challenge).
        case joining
        case joined(authToken: String)
        /// The customer went back from the first step; `onBack` was called.
        case left
    }

    /// Whether the saved payments can be seen and used.
    public enum PaymentsAccess: Equatable, Sendable {
        case locked
        case unlocked
        /// Too many wrong attempts: the data source locked the customer out.
        case lockedOut
    }

    /// The last thing to tell the customer on the payment step.
    public enum Notice: Equatable, Sendable {
        case unlockFailed(Refusal)
        case unlockCancelled
        case tooManyAttempts
        case cardSaved
        case saveFailed(Refusal)
        case saveCancelled
        case cardRemoved
        case removeFailed(Refusal)
        case chargeFailed(CardChargeFailure)
        case noCardSelected
        case signInRequired
    }

    public let context: UpgradeContext
    public private(set) var step: Step = .terms
    public private(set) var termsAccepted = false
    public private(set) var access: PaymentsAccess = .locked
    public private(set) var payments: [PaymentCard] = []
    public private(set) var selectedCard: PaymentCard?
    public private(set) var notice: Notice?
    /// The data source or gateway call waiting for an answer, if any; the screen shows a spinner
    /// and this flow refuses new requests meanwhile.
    public private(set) var pendingCall: String?

    private let delegate: PaymentControllerDelegate
    private let dataSource: PaymentCardDataSource
    private let gateway: CardPaymentGateway
    private let reporter: ContractViolationReporter

    public init(context: UpgradeContext, delegate: PaymentControllerDelegate, dataSource: PaymentCardDataSource,
                gateway: CardPaymentGateway, reporter: ContractViolationReporter = LoggingViolationReporter()) {
        self.context = context
        self.delegate = delegate
        self.dataSource = dataSource
        self.gateway = gateway
        self.reporter = reporter
    }

    /// Tips appear on the terms step, only when there are some.
    public var showsTips: Bool { step == .terms && context.hasTips }

    // MARK: - Steps

    public func acceptTerms() {
        guard step == .terms else { return }
        termsAccepted = true
        step = .review
    }

    public func continueToPayment() {
        guard step == .review, termsAccepted else { return }
        step = .payment
        refreshAccess()
    }

    /// Esc: one step back; from the terms step, leave (the delegate's `onBack`).
    public func back() {
        guard pendingCall == nil else { return }
        switch step {
        case .terms:
            step = .left
            delegate.onBack()
        case .review:
            step = .terms
        case .payment:
            step = .review
        case .joining, .joined, .left:
            break
        }
    }

    /// The data source's customer changed on the payment step (a guest signed in there): the
    /// step reads the lock and the saved payments again, and stays where it is.
    public func customerChanged() {
        guard step == .payment, pendingCall == nil else { return }
        notice = nil
        access = .locked
        selectedCard = nil
        refreshAccess()
    }

    // MARK: - Saved payments

    public func select(_ card: PaymentCard) {
        guard step == .payment, access == .unlocked, payments.contains(card) else { return }
        selectedCard = card
    }

    public func unlock() {
        guard step == .payment, access == .locked, pendingCall == nil else { return }
        pendingCall = "unlockPayments"
        let callbacks = AlternativeCallbacks("PaymentCardDataSource.unlockPayments", reporter: reporter) { [weak self] outcome in
            guard let self else { return }
            self.pendingCall = nil
            switch outcome {
            case .success: self.notice = nil; self.refreshAccess()
            case .failure(let message): self.notice = .unlockFailed(message)
            case .cancelled: self.notice = .unlockCancelled
            case .exceededAttempts: self.access = .lockedOut; self.notice = .tooManyAttempts
            }
        }
        dataSource.unlockPayments(success: callbacks.success, failure: callbacks.failure,
                                  cancel: callbacks.cancel, exceededAttempts: callbacks.exceededAttempts)
    }

    /// Adds a card to the list without joining (`savePayment(isJoin: false)`).
    public func addCard(_ card: PaymentCard) {
        guard step == .payment, access == .unlocked, pendingCall == nil else { return }
        save(card, isJoin: false) { [weak self] saved in
            if saved { self?.selectedCard = self?.payments.first { $0.id == card.id } ?? self?.selectedCard }
        }
    }

    public func remove(_ card: PaymentCard) {
        guard step == .payment, access == .unlocked, pendingCall == nil else { return }
        pendingCall = "removePayment"
        let callbacks = AlternativeCallbacks("PaymentCardDataSource.removePayment", reporter: reporter) { [weak self] outcome in
            guard let self else { return }
            self.pendingCall = nil
            switch outcome {
            case .success:
                self.notice = .cardRemoved
                if self.selectedCard?.id == card.id { self.selectedCard = nil }
                self.reloadPayments()
            case .failure(let message): self.notice = .removeFailed(message)
            case .cancelled, .exceededAttempts: break // removePayment offers neither
            }
        }
        dataSource.removePayment(card, success: callbacks.success, failure: callbacks.failure)
    }

    // MARK: - Place start bid

    /// Joins with the selected saved card, or with `newCard`: its one-time token holds the bid;
    /// kept, it is saved (`savePayment(isJoin: true)`) only once its bank has authorised the
    /// hold, so a refused card never joins the shopper's cards; not kept, nothing of it stays.
    public func placeStartBid(with newCard: PaymentCard? = nil, keepingIt keep: Bool = false) {
        guard step == .payment, pendingCall == nil else { return }
        guard !dataSource.customerId.isEmpty else { notice = .signInRequired; return }
        if let newCard {
            guard access == .unlocked else { return }
            return charge(newCard, keepingIt: keep)
        }
        guard access == .unlocked, let card = selectedCard else { notice = .noCardSelected; return }
        charge(card)
    }

    // MARK: - Private

    private func refreshAccess() {
        guard access != .lockedOut else { return }
        access = dataSource.isPaymentsLocked ? .locked : .unlocked
        if access == .unlocked { reloadPayments() }
    }

    private func reloadPayments() {
        payments = dataSource.payments
        if let selected = selectedCard, !payments.contains(where: { $0.id == selected.id }) { selectedCard = nil }
        if selectedCard == nil { selectedCard = payments.first { $0.isDefault } ?? payments.first }
    }

    private func save(_ card: PaymentCard, isJoin: Bool, then: @escaping (Bool) -> Void) {
        pendingCall = "savePayment"
        let callbacks = AlternativeCallbacks("PaymentCardDataSource.savePayment(isJoin: \(isJoin))", reporter: reporter) { [weak self] outcome in
            guard let self else { return }
            self.pendingCall = nil
            switch outcome {
            case .success: self.notice = .cardSaved; self.reloadPayments()
            case .failure(let message): self.notice = .saveFailed(message)
            case .cancelled: self.notice = .saveCancelled
            case .exceededAttempts: self.access = .lockedOut; self.notice = .tooManyAttempts
            }
            then(outcome == .success)
        }
        dataSource.savePayment(isJoin: isJoin, card: card, success: callbacks.success, failure: callbacks.failure,
                               cancel: callbacks.cancel, exceededAttempts: callbacks.exceededAttempts)
    }

    private func charge(_ card: PaymentCard, keepingIt keep: Bool = false) {
        step = .joining
        pendingCall = "CardPaymentGateway.charge"
        let auction = context.auction
        let source: CardFundingSource = card.vaultToken.map { .newCardToken($0) } ?? .savedPayment(identifier: card.id)
        let request = CardChargeRequest(
            customerId: dataSource.customerId, source: source, amount: auction.startBid,
            description: "Start bid, auction \(auction.identifier), \(context.flightNumber) \(context.route)",
            idempotencyKey: "auction-\(auction.identifier)-\(dataSource.customerId)", captureNow: false, keepCard: keep)
        let approved: (CardChargeReceipt) -> Void = { [weak self] receipt in
            guard let self else { return }
            guard keep else { return self.joined(receipt) }
            // The bank said yes to the hold: now, and only now, the card is kept. The bid stands
            // whatever the save answers (its notice stays with the joined flow).
            self.save(card, isJoin: true) { [weak self] _ in
                guard let self else { return }
                self.joined(receipt, notice: self.notice)
            }
        }
        let answer = OnceCallback<Result<CardChargeOutcome, CardChargeFailure>>("CardPaymentGateway.charge completion", reporter: reporter) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.approved(let receipt)): approved(receipt)
            case .success(.challengeRequired(let challenge)): self.authenticate(challenge, then: approved)
            case .failure(let failure): self.chargeFailed(failure)
            }
        }
        gateway.charge(request) { answer.call($0) }
    }

    private func authenticate(_ challenge: ThreeDSChallenge, then approved: @escaping (CardChargeReceipt) -> Void) {
        pendingCall = "AuthenticationPresenter.presentChallenge"
        let presented = OnceCallback<String?>("AuthenticationPresenter.presentChallenge completion", reporter: reporter) { [weak self] code in
            guard let self else { return }
            self.pendingCall = "CardPaymentGateway.completeChallenge"
            let answer = OnceCallback<Result<CardChargeReceipt, CardChargeFailure>>("CardPaymentGateway.completeChallenge completion", reporter: self.reporter) { [weak self] result in
                switch result {
                case .success(let receipt): approved(receipt)
                case .failure(let failure): self?.chargeFailed(failure)
                }
            }
            self.gateway.completeChallenge(challenge, code: code) { answer.call($0) }
        }
        delegate.authenticationPresenter().presentChallenge(challenge) { presented.call($0) }
    }

    /// `notice`: what saving the card just held on said, if it was to be kept.
    private func joined(_ receipt: CardChargeReceipt, notice: Notice? = nil) {
        pendingCall = nil
        step = .joined(authToken: receipt.chargeIdentifier)
        self.notice = notice
        delegate.onJoin(authToken: receipt.chargeIdentifier, auction: context.auction)
    }

    private func chargeFailed(_ failure: CardChargeFailure) {
        pendingCall = nil
        step = .payment
        notice = .chargeFailed(failure)
    }
}

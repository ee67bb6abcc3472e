import struct PaymentsCore.Money
import struct PaymentsCore.Currency
import enum PaymentsCore.MoneyError
import CheckoutKit
import Foundation

/// A stand-in app for the auction flow: records every delegate and data source call, and answers
/// data source calls with a scripted outcome (or holds them, to answer later).
final class AuctionApp: PaymentControllerDelegate, PaymentCardDataSource, AuthenticationPresenter {
    var customerId = "cus_ada"
    var isPaymentsLocked = true
    var payments: [PaymentCard] = []
    private(set) var log: [String] = []

    /// What each call answers; nil holds the callbacks in `held`.
    var unlockOutcome: DataSourceOutcome? = .success
    var saveOutcome: DataSourceOutcome? = .success
    var removeOutcome: DataSourceOutcome? = .success
    /// What the 3-D Secure page answers: a code, or nil (cancelled).
    var challengeCode: String? = "123456"
    /// Misbehaviours for the contract tests.
    var answersTwice = false
    var passesNilCancel = false

    private(set) var presentedChallenges: [ThreeDSChallenge] = []

    // Delegate
    func onBack() { log.append("onBack") }
    func onJoin(authToken: String, auction: Auction) { log.append("onJoin(\(authToken), \(auction.identifier))") }
    func authenticationPresenter() -> AuthenticationPresenter { log.append("authenticationPresenter"); return self }

    // Presenter
    func presentChallenge(_ challenge: ThreeDSChallenge, completion: @escaping (String?) -> Void) {
        presentedChallenges.append(challenge)
        log.append("presentChallenge(\(challenge.identifier))")
        completion(challengeCode)
        if answersTwice { completion(nil) }
    }

    // Data source
    func unlockPayments(success: @escaping () -> Void, failure: @escaping (Refusal) -> Void,
                        cancel: (() -> Void)?, exceededAttempts: (() -> Void)?) {
        log.append("unlockPayments")
        if unlockOutcome == .success { isPaymentsLocked = false }
        answer(unlockOutcome, success, failure, cancel, exceededAttempts)
    }

    func savePayment(isJoin: Bool, card: PaymentCard, success: @escaping () -> Void, failure: @escaping (Refusal) -> Void,
                     cancel: (() -> Void)?, exceededAttempts: (() -> Void)?) {
        log.append("savePayment(isJoin: \(isJoin), \(card.id))")
        if saveOutcome == .success {
            payments.append(PaymentCard(id: card.id, brand: card.brand, lastFour: card.lastFour, expiryMonth: card.expiryMonth,
                                        expiryYear: card.expiryYear, holderName: card.holderName, isDefault: payments.isEmpty))
        }
        answer(saveOutcome, success, failure, cancel, exceededAttempts)
    }

    func removePayment(_ card: PaymentCard, success: @escaping () -> Void, failure: @escaping (Refusal) -> Void) {
        log.append("removePayment(\(card.id))")
        if removeOutcome == .success { payments.removeAll { $0.id == card.id } }
        answer(removeOutcome, success, failure, nil, nil)
    }

    private func answer(_ outcome: DataSourceOutcome?, _ success: @escaping () -> Void, _ failure: @escaping (Refusal) -> Void,
                        _ cancel: (() -> Void)?, _ exceeded: (() -> Void)?) {
        switch outcome {
        case .success?: success(); if answersTwice { failure(.described("late failure")) }
        case .failure(let message)?: failure(message); if answersTwice { failure(message) }
        case .cancelled?: cancel?()
        case .exceededAttempts?: exceeded?()
        case nil: break // dropped: never answers
        }
    }
}

/// A stand-in acquirer for the start bid.
final class ScriptedCardGateway: CardPaymentGateway {
    var outcome: Result<CardChargeOutcome, CardChargeFailure> = .success(.approved(ScriptedCardGateway.receipt("ch_1")))
    var challengeResult: Result<CardChargeReceipt, CardChargeFailure>?
    private(set) var requests: [CardChargeRequest] = []
    private(set) var challengeAnswers: [String?] = []

    static func receipt(_ id: String) -> CardChargeReceipt {
        CardChargeReceipt(chargeIdentifier: id, amount: Money(minorUnits: 15_000, currency: .eur), brand: "visa", lastFour: "4242", paymentMethodIdentifier: "pm_1")
    }

    func charge(_ request: CardChargeRequest, completion: @escaping (Result<CardChargeOutcome, CardChargeFailure>) -> Void) {
        requests.append(request)
        completion(outcome)
    }

    func completeChallenge(_ challenge: ThreeDSChallenge, code: String?, completion: @escaping (Result<CardChargeReceipt, CardChargeFailure>) -> Void) {
        challengeAnswers.append(code)
        if let challengeResult { return completion(challengeResult) }
        completion(code == "123456" ? .success(ScriptedCardGateway.receipt("ch_3ds")) : .failure(code == nil ? .authenticationCancelled : .authenticationFailed))
    }
}

enum AuctionFixtures {
    static let departure = Date(timeIntervalSince1970: 1_795_500_000)

    static func draft(tips: [String]? = ["Bids are binding", "You can raise your bid until the auction closes"]) -> UpgradeContext.Draft {
        var draft = UpgradeContext.Draft()
        draft.flightNumber = "CC 101"
        draft.origin = "LHR"
        draft.destination = "JFK"
        draft.departure = departure
        draft.currentCabin = "Economy"
        draft.upgradeCabin = "Business"
        draft.auctionIdentifier = "auc_7"
        draft.startBid = Money(minorUnits: 15_000, currency: .eur)
        draft.increment = Money(minorUnits: 1_000, currency: .eur)
        draft.closesAt = departure.addingTimeInterval(-86_400)
        draft.terms = ["The winning bid is charged when the auction closes."]
        draft.tips = tips
        return draft
    }

    static func context(tips: [String] = ["Bids are binding"]) -> UpgradeContext {
        try! draft(tips: tips).validated()
    }

    static let visa = PaymentCard(id: "pm_visa", brand: "visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2030, holderName: "ADA LOVELACE", isDefault: true)
    static let mastercard = PaymentCard(id: "pm_mc", brand: "mastercard", lastFour: "4444", expiryMonth: 1, expiryYear: 2031, holderName: "ADA LOVELACE")
    static let newCard = PaymentCard(id: "tok_new", brand: "amex", lastFour: "0005", expiryMonth: 6, expiryYear: 2029, holderName: "ADA LOVELACE", vaultToken: "tok_new")
}

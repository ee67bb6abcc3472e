import Clocks
import Foundation

/// What became of a card check: the card saved, the bank's 3-D Secure question, or a no.
public enum CardCheckOutcome: Equatable, Sendable {
    case saved(SavedPaymentMethod)
    /// The card's bank asks the shopper first: answer with `CardCheckService.answer(_:code:)`.
    case challengeRequired(CardCheckChallenge)
    /// Nothing was saved (the card refused, the check failed or was cancelled, or the bank did
    /// not answer in time).
    case declined(PaymentDecline)
}

/// A check waiting for the shopper's 3-D Secure code.
public struct CardCheckChallenge: Hashable, Sendable {
    /// The check's id, for the answer (the card's one-time token: one check per typed card).
    public let id: String
    public let brand: CardBrand
    public let lastFour: String
}

/// Saving a card the shopper has just typed, after its bank has said yes to it: a check of no
/// amount (a processor's "setup"), with the bank's 3-D Secure question when the card asks for
/// one. No money moves, so nothing is left to settle: a check whose answer never comes saves
/// nothing, and the shopper may try again. The typed card stays in the vault's one-time token
/// until the bank has answered, and only a saved card uses the token up.
public final class CardCheckService {
    /// How long the bank has to answer before the check is given up (nothing saved).
    public static let answerTimeout: Duration = .seconds(30)
    public typealias Completion = (Result<CardCheckOutcome, PaymentMethodError>) -> Void

    private struct Check {
        let customerID: String
        let makeDefault: Bool
    }

    private let paymentMethods: PaymentMethodService
    private let vault: Vault
    private let acquirer: SimulatedAcquirer
    private let scheduler: Scheduler
    private let log: CoreLog
    /// Checks waiting for a 3-D Secure answer, by token.
    private var waitingForCode: [String: Check] = [:]

    init(paymentMethods: PaymentMethodService, vault: Vault, acquirer: SimulatedAcquirer, scheduler: Scheduler, log: CoreLog) {
        self.paymentMethods = paymentMethods; self.vault = vault; self.acquirer = acquirer; self.scheduler = scheduler; self.log = log
    }

    /// Asks the card's bank about the card behind `token`, and saves it to the customer's cards
    /// when the bank says yes. Saved payments must be unlocked. Calls back once, on the loop.
    public func checkAndSave(token: String, for customerID: String, makeDefault: Bool = false, completion: @escaping Completion) {
        ask(token, Check(customerID: customerID, makeDefault: makeDefault), challengePassed: false, completion)
    }

    /// The shopper's answer to the bank's question: the code typed, or nil when she cancelled.
    /// A wrong code ends the check (type the card again to try again), as it ends a charge.
    public func answer(_ checkID: String, code: String?, completion: @escaping Completion) {
        guard let check = waitingForCode.removeValue(forKey: checkID) else {
            return later(completion, .failure(.token(.unknownToken)))
        }
        guard let code else {
            return later(completion, .success(.declined(PaymentDecline(code: AttendedChargeGateway.cancelledCode, cause: .securityCheckCancelled))))
        }
        guard acquirer.verifyChallenge(code: code) else {
            log.info("card check \(checkID): wrong security code")
            return later(completion, .success(.declined(PaymentDecline(.authenticationFailed))))
        }
        ask(checkID, check, challengePassed: true, completion)
    }

    private func ask(_ token: String, _ check: Check, challengePassed: Bool, _ completion: @escaping Completion) {
        let number: CardNumber
        do {
            try paymentMethods.requireUnlocked(check.customerID)
            number = try vault.card(token).number
        } catch let error as VaultError {
            return later(completion, .failure(.token(error)))
        } catch {
            return later(completion, .failure(error as? PaymentMethodError ?? .storage(String(describing: error))))
        }
        var answered = false
        let finish: (Result<CardCheckOutcome, PaymentMethodError>) -> Void = { result in
            guard !answered else { return }
            answered = true
            completion(result)
        }
        scheduler.schedule(after: Self.answerTimeout) { [log] in
            guard !answered else { return }
            log.info("card check \(token): the bank did not answer; nothing saved")
            finish(.success(.declined(PaymentDecline(code: Self.noAnswerCode, cause: .checkNotAnswered))))
        }
        acquirer.check(number, challengePassed: challengePassed) { [weak self] decision in
            guard let self, !answered else { return }
            finish(self.decided(decision, token, check, challengePassed: challengePassed, brand: number.brand, lastFour: number.lastFour))
        }
    }

    private func decided(_ decision: AcquirerDecision, _ token: String, _ check: Check, challengePassed: Bool,
                         brand: CardBrand, lastFour: String) -> Result<CardCheckOutcome, PaymentMethodError> {
        switch decision {
        case .approved:
            do {
                let saved = try paymentMethods.save(token: token, for: check.customerID, makeDefault: check.makeDefault,
                                                    authenticated: challengePassed)
                return .success(.saved(saved))
            } catch {
                return .failure(error as? PaymentMethodError ?? .storage(String(describing: error)))
            }
        case .declined(let reason):
            log.info("card check \(token): declined (\(reason.rawValue))")
            return .success(.declined(PaymentDecline(reason)))
        case .challengeRequired:
            waitingForCode[token] = check
            return .success(.challengeRequired(CardCheckChallenge(id: token, brand: brand, lastFour: lastFour)))
        }
    }

    /// Answers on the loop, never inside the call, as the bank's answers come.
    private func later(_ completion: @escaping Completion, _ result: Result<CardCheckOutcome, PaymentMethodError>) {
        scheduler.schedule(after: .zero) { completion(result) }
    }

    static let noAnswerCode = "check_not_answered"
}

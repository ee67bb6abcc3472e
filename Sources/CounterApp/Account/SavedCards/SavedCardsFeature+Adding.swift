import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// Adding a card from the account: the store's card form (the same fields and checks as at the
/// checkout; the number and CVC go no further than the vault's one-time token), checked by the
/// card's bank (3-D Secure when the card asks; nothing is charged) and saved through the account. Saving a card needs unlocked payments (seed 002's `savePayment`, whose
/// `exceededAttempts` is the PIN's lockout): a locked shopper types her PIN first, checked by the
/// core with the auction's count and lockout.
extension SavedCardsFeature {
    public enum AddAction: Equatable, Sendable {
        case start
        /// Whether saved payments are locked now, and the loop's day (the form checks expiry on it).
        case opened(locked: Bool, today: Date)
        case unlock(PaymentsUnlockFeature.Action)
        case cardForm(CardFormFeature.Action)
        /// The card's bank asks the shopper for its 3-D Secure code before the card is saved.
        case challengeRequested(ThreeDSChallenge)
        case challenge(ChallengeFeature.Action)
        /// A key while the card's bank answers: nothing happens.
        case busy
        /// The account's answer to saving, and the cards as they are now.
        case saved(Result<CardSaved, AccountError>, cards: [SavedCard])
    }

    static func reduceAdding(_ state: inout State, _ action: AddAction) -> Effect<AddAction, StoreClient> {
        switch action {
        case .start:
            guard state.adding == nil else { return .none }
            state.message = nil
            return .run { client, send in send(.opened(locked: client.paymentsLocked(), today: client.now())) }
        case let .opened(locked, today):
            state.adding = locked ? .unlocking(PaymentsUnlockFeature.State()) : .form(newCardForm(today: today))
            return .none
        case .unlock(.delegate(.unlocked)):
            // Unlocked: the form, on the loop's day.
            return .run { client, send in send(.opened(locked: false, today: client.now())) }
        case .unlock(.delegate(.cancelled)):
            state.adding = nil
            return .none
        case .unlock(let unlockAction):
            guard case .unlocking(var unlock) = state.adding else { return .none }
            let effect = PaymentsUnlockFeature.reduce(&unlock, unlockAction)
            state.adding = .unlocking(unlock)
            return effect.map(AddAction.unlock)
        case .cardForm(.delegate(.cancel)):
            state.adding = nil
            return .none
        case .cardForm(.delegate(.cardReady(let card, _))):
            // The form has forgotten the number and CVC: only the vault's token goes on, to the
            // card's bank first.
            state.adding = .checking(card: cardName(card))
            return .run { client, send in
                client.saveCard(card, { send(.challengeRequested($0)) }) { result in send(.saved(result, cards: client.savedCards())) }
            }
        case .busy:
            return .none
        case .challengeRequested(let challenge):
            state.adding = .challenge(ChallengeFeature.State(challenge: challenge))
            return .none
        case .challenge(.delegate(.answer(let code))):
            guard case .challenge(let challenge) = state.adding else { return .none }
            state.adding = .checking(card: CardNaming.screen.name(challenge.challenge.cardBrand, challenge.challenge.cardLastFour))
            let id = challenge.challenge.identifier
            return .run { client, _ in client.answerChallenge(id, code) }
        case .challenge(let challengeAction):
            guard case .challenge(var challenge) = state.adding else { return .none }
            let effect = ChallengeFeature.reduce(&challenge, challengeAction)
            state.adding = .challenge(challenge)
            return effect.map(AddAction.challenge)
        case .cardForm(let formAction):
            guard case .form(var form) = state.adding else { return .none }
            let effect = CardFormFeature.reduce(&form, formAction)
            state.adding = .form(form)
            return effect.map(AddAction.cardForm, environment: \.cardForm)
        case let .saved(.success(saved), cards):
            state.adding = nil
            let name = cardName(saved.card)
            show(saved.alreadySaved ? .alreadySaved(card: name) : .added(card: name), cards: cards, keep: saved.card.id, in: &state)
            return .none
        case let .saved(.failure(error), cards):
            // Locked meanwhile (a log-out elsewhere, say): the PIN again, then the card again.
            if case .refused(.paymentMethod(.paymentsLocked)) = error {
                state.adding = .unlocking(PaymentsUnlockFeature.State())
                return .none
            }
            state.adding = nil
            show(.refused(error), cards: cards, in: &state)
            return .none
        }
    }

    /// The store's card form, saving without asking (that is what it is for here).
    private static func newCardForm(today: Date) -> CardFormFeature.State {
        var form = CardFormFeature.State(canSave: true, today: today, submitTitle: tr("Save card"))
        form.saveCard = true
        form.asksToSave = false
        return form
    }
}

import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// Checkout: the order summary and the payment-method picker, then the card form, the spinner
/// while the charge runs, the 3-D Secure step when the card asks, and the answer. A failure says
/// why and comes back to the picker with the cart as it was (the seed's "restore to idle").
public enum CheckoutFeature {
    public enum Phase: Equatable, Sendable {
        case choosing
        case cardForm(CardFormFeature.State)
        /// The shopper's saved payments are locked: her payments PIN first, then what it opens.
        case unlocking(PaymentsUnlockFeature.State, then: AfterUnlock)
        /// The charge is under way; `status` says what is happening.
        case paying(PayingStatus)
        case challenge(ChallengeFeature.State)
        /// The order's payment was asked but its answer is not known (no answer in time, a lost
        /// or unrecorded answer): the shopper is told the truth and the screen waits for the
        /// settler; no other card is offered until the first attempt is known to have failed.
        case checking(orderNumber: String)
        /// Cash at a staffed counter: the amount received, then the sale.
        case cash(CashTenderFeature.State)
        /// "Pay part" (split tender, at a staffed counter): the amount the next card pays, less
        /// than what is left; `problem` says why an amount was refused.
        case partAmount(FormField, problem: PartProblem?)
        /// "Give the parts back?" of a part-paid order, then (`asked`) its tenders answering.
        case givingBack(asked: Bool)
    }

    /// Why a part's amount was refused at its field.
    public enum PartProblem: Equatable, Sendable {
        case amount(MoneyParseError)
        /// Not less than what is left (that is paying it all) or nothing.
        case notAPart(left: Money)
    }

    /// What the payments PIN opens at the checkout.
    public enum AfterUnlock: Equatable, Sendable {
        /// Paying with this saved card.
        case payWith(SavedCard)
        /// Saving the card just typed ("Save this card" ticked), and paying with it.
        case saveAndPay(PaymentCard)

        /// "Visa •••• 4242".
        var cardName: String {
            switch self {
            case .payWith(let saved): CardNaming.screen.name(saved.card)
            case .saveAndPay(let card): CardNaming.screen.name(card)
            }
        }
    }

    /// What the spinner says while the charge runs (a value: `words(_:)` says it when drawn).
    public enum PayingStatus: Equatable, Sendable {
        /// Charging the card named ("Visa •••• 4242").
        case charging(card: String)
        case checkingCode
        case cancelling
    }

    /// A problem the picker shows under the options, as a value: `words(_:)` says it.
    public enum Failure: Equatable, Sendable {
        case expiredCard
        /// A method the counter does not take yet.
        case comingSoon(PaymentOption)
        /// Express, bank and wallet pay a whole order: a part-paid one is finished by card or cash.
        case splitTakesCardOrCash
        case notPaid(StoreError)
        /// The parts of the cart's order went back (or are on their way): said once, at the picker.
        case partsGivenBack(PartsGivenBack)
    }

    public struct State: Equatable, Sendable {
        public var savedCards: [SavedCard] = []
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        public var phase: Phase = .choosing
        /// Why the picker shows a problem (worded when drawn).
        public var failure: Failure?
        /// The loop's time at the last spinner tick (the spinner is a function of it).
        public var clock: Date
        /// When the charge under way started: a charge the acquirer never answers gives up waiting.
        var payingSince: Date?
        /// The shopper's saved cards wait for her payments PIN (the core refuses them until then).
        public var paymentsLocked: Bool
        /// How this counter's till rounds cash; nil where there is no till (a kiosk takes no cash).
        public var cashRounding: CashRounding?
        /// The cart's order paid in part (split tender): what is paid and what is left.
        public var paidSoFar: PaidSoFar?
        /// What the next card pays when it is one part of a split ("Pay part"); nil: all that is left.
        public var part: Money?
        /// What paying now pays: what the parts left, else the cart's total.
        public func due(_ cart: Cart) -> Money { paidSoFar?.left ?? cart.total }

        public init(savedCards: [SavedCard], now: Date, unsettledOrder: String? = nil, paymentsLocked: Bool = false,
                    cashRounding: CashRounding? = nil, paidSoFar: PaidSoFar? = nil) {
            self.savedCards = savedCards
            self.paidSoFar = paidSoFar
            self.clock = now
            self.paymentsLocked = paymentsLocked
            self.cashRounding = cashRounding
            if let unsettledOrder { phase = .checking(orderNumber: unsettledOrder) }
            // The default card when there is one that can pay, else "New card".
            list = ListSelection(options.firstIndex(where: \.isSelectable) ?? 0)
        }

        public var options: [PaymentOption] { PaymentOption.options(saved: savedCards, takesCash: cashRounding != nil) }
        public var isPaying: Bool {
            switch phase {
            case .paying, .challenge, .checking, .givingBack(asked: true): true
            default: false
            }
        }
    }

    public enum Action: Equatable, Sendable {
        case moveUp, moveDown
        case pick(Int)
        case choose
        /// The card form opens on the loop's day (its expiry is checked against it).
        case cardFormOpened(today: Date)
        case cardForm(CardFormFeature.Action)
        case unlock(PaymentsUnlockFeature.Action)
        case challenge(ChallengeFeature.Action)
        case cash(CashTenderFeature.Action)
        /// The charge was asked at this time (the spinner starts, the wait for an answer too).
        case chargeStarted(at: Date)
        case challengeRequested(ThreeDSChallenge)
        case paid(Result<StoreReceipt, StoreError>)
        /// The saved cards as they are after a failed payment (one may have been saved meanwhile).
        case savedCardsReloaded([SavedCard])
        case tick(at: Date)
        /// No answer in time: the order left waiting on disk, if the attempt reached the bank.
        case answerTimedOut(unsettledOrder: String?)
        /// Asks whether the settler has learnt the unknown outcome (every second while checking).
        case recheck
        /// The answer to `recheck`: the outcome once the settler knows it (nil: not yet).
        case rechecked(Result<StoreReceipt, StoreError>?, at: Date)
        /// A key pressed while the charge runs: swallowed, so nothing leaves or pays again.
        case busy
        /// Asks to give a part-paid order's parts back; `confirmGiveBack` answers yes or no.
        case askGiveBack
        case confirmGiveBack(Bool)
        case partsGivenBack(Result<PartsGivenBack, StoreError>)
        /// "Pay part": asks the amount the next card pays.
        case askPart
        case partKey(Key)
        case setPart
        /// A card part's answer: what is paid so far (nothing left: the last part paid it).
        case partPaid(Result<PaidSoFar, StoreError>)
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        case paid(StoreReceipt, at: Date)
        case back
        case payWith(PaymentScreensFeature.Method)
        /// Paid in cash: the receipt, with what was tendered and the change.
        case paidInCash(PaidOrderReceipt)
        /// Paid in parts (split tender), the last by card: the receipt lists every tender.
        case paidInParts(PaidOrderReceipt)
    }

    /// The spinner's tick and the second's recheck: each runs once at a time, and stops when
    /// the charge is answered (a tick of an earlier charge never reaches a later one).
    enum CancelID: Hashable, Sendable { case spinner, recheck }

    public static func reduce(_ state: inout State, _ action: Action, session: StoreSession) -> Effect<Action, StoreClient> {
        switch action {
        case .moveUp, .moveDown:
            guard state.phase == .choosing else { return .none }
            let count = state.options.count
            if action == .moveUp { state.list.moveUp(count: count) } else { state.list.moveDown(count: count) }
            return .none
        case .pick(let index):
            guard state.phase == .choosing, state.list.select(index, count: state.options.count) else { return .none }
            // A digit never pays: on a saved card it only selects it, and Enter (with the amount
            // on the line) pays. Opening the card form or another method moves no money.
            if case .saved = state.options[index] { return .none }
            return .send(.choose)
        case .choose:
            guard state.phase == .choosing, state.options.indices.contains(state.selection) else { return .none }
            let option = state.options[state.selection]
            guard option.isSelectable else {
                if case .saved = option { state.failure = .expiredCard } else { state.failure = .comingSoon(option) }
                return .none
            }
            state.failure = nil
            switch option {
            case .saved(let card):
                if state.paymentsLocked {
                    state.phase = .unlocking(PaymentsUnlockFeature.State(), then: .payWith(card))
                    return .none
                }
                return payWithSaved(&state, card, session: session)
            case .newCard:
                return .run { client, send in send(.cardFormOpened(today: client.now())) }
            case .comingSoon:
                return .none
            case .cash:
                guard let rounding = state.cashRounding, !session.cart.isEmpty else { return .none }
                // A cash part is what the cash step takes short of the due (`p` there).
                state.part = nil
                state.phase = .cash(CashTenderFeature.State(total: state.due(session.cart), rounding: rounding))
                return .none
            case .other(let method):
                guard state.paidSoFar == nil else {
                    state.failure = .splitTakesCardOrCash
                    return .none
                }
                return .send(.delegate(.payWith(method)))
            }
        case .cardFormOpened(let today):
            guard state.phase == .choosing else { return .none }
            state.phase = .cardForm(CardFormFeature.State(canSave: session.shopper != nil, today: today,
                                                          submitTitle: tr("Pay {0}", (state.part ?? state.due(session.cart)).formatted())))
            return .none
        case .unlock(.delegate(.unlocked)):
            guard case .unlocking(_, let next) = state.phase else { return .none }
            state.paymentsLocked = false
            state.phase = .choosing
            switch next {
            case .payWith(let card): return payWithSaved(&state, card, session: session)
            case .saveAndPay(let card): return pay(&state, .newCardToken(card.vaultToken ?? card.id), save: true, card: next.cardName, session: session)
            }
        case .unlock(.delegate(.cancelled)):
            state.phase = .choosing
            return .none
        case .unlock(let unlockAction):
            guard case .unlocking(var unlock, let next) = state.phase else { return .none }
            let effect = PaymentsUnlockFeature.reduce(&unlock, unlockAction)
            state.phase = .unlocking(unlock, then: next)
            return effect.map(Action.unlock)
        case .cash(.delegate(.back)):
            state.phase = .choosing
            return .none
        case .cash(.delegate(.paid(let receipt))):
            state.phase = .choosing
            state.paidSoFar = nil
            return .send(.delegate(.paidInCash(receipt)))
        case .cash(.delegate(.partPaid(let soFar))):
            // One part taken: back to the ways to pay, with the balance left on top.
            state.phase = .choosing
            state.paidSoFar = soFar
            return .none
        case .cash(let cashAction):
            guard case .cash(var cash) = state.phase else { return .none }
            let effect = CashTenderFeature.reduce(&cash, cashAction)
            state.phase = .cash(cash)
            return effect.map(Action.cash)
        case .cardForm(.delegate(.cancel)):
            state.phase = .choosing
            return .none
        case .cardForm(.delegate(.cardReady(let card, let save))):
            // Saving a card needs unlocked saved payments, as adding one from the account does:
            // the PIN first, and nothing is charged until it is right (Esc goes back unpaid).
            if save, state.paymentsLocked {
                state.phase = .unlocking(PaymentsUnlockFeature.State(), then: .saveAndPay(card))
                return .none
            }
            return pay(&state, .newCardToken(card.vaultToken ?? card.id), save: save, card: CardNaming.screen.name(card), session: session)
        case .cardForm(let formAction):
            guard case .cardForm(var form) = state.phase else { return .none }
            let effect = CardFormFeature.reduce(&form, formAction)
            state.phase = .cardForm(form)
            return effect.map(Action.cardForm, environment: \.cardForm)
        case .chargeStarted(let time):
            state.clock = time
            state.payingSince = time
            return .none
        case .challengeRequested(let challenge):
            state.phase = .challenge(ChallengeFeature.State(challenge: challenge))
            return .none
        case .challenge(.delegate(.answer(let code))):
            guard case .challenge(let challenge) = state.phase else { return .none }
            state.phase = .paying(code == nil ? .cancelling : .checkingCode)
            let id = challenge.challenge.identifier
            return .merge(.run { client, _ in client.answerChallenge(id, code) }, tick())
        case .challenge(let challengeAction):
            guard case .challenge(var challenge) = state.phase else { return .none }
            let effect = ChallengeFeature.reduce(&challenge, challengeAction)
            state.phase = .challenge(challenge)
            return effect.map(Action.challenge)
        case .paid(.success(let receipt)):
            state.phase = .choosing
            // The last part of a split: the receipt lists every tender, read from the books.
            let split = state.paidSoFar != nil
            state.paidSoFar = nil
            return .merge(.cancel(id: CancelID.spinner),
                          .run { client, send in
                              if split, let stored = client.paidReceipt(receipt.orderIdentifier), !stored.parts.isEmpty {
                                  send(.delegate(.paidInParts(stored)))
                              } else {
                                  send(.delegate(.paid(receipt, at: client.now())))
                              }
                          })
        case .paid(.failure(.paymentUnknown(let number))):
            return startChecking(&state, number)
        case .paid(.failure(.partPaid)):
            // A card part whose answer came late was booked: the balance, not "Not paid".
            state.phase = .choosing
            return .merge(.cancel(id: CancelID.spinner), .run { client, send in
                if let soFar = client.paidSoFar() { send(.partPaid(.success(soFar))) }
            })
        case .paid(.failure(let error)):
            state.phase = .choosing
            state.failure = .notPaid(error)
            // A card saved on the way (or a default changed) shows up in the picker.
            return .merge(.cancel(id: CancelID.spinner),
                          .run { client, send in send(.savedCardsReloaded(client.savedCards())) })
        case .savedCardsReloaded(let cards):
            state.savedCards = cards
            state.list.clamp(count: state.options.count)
            return .none
        case .tick(let time):
            guard case .paying = state.phase else { return .none }
            state.clock = time
            if let since = state.payingSince, time.timeIntervalSince(since) >= Self.answerTimeout {
                // No answer (the never-answering test card, a lost connection): the charge stays
                // pending in the core and is settled later; the shopper is not left waiting forever.
                return .run { client, send in send(.answerTimedOut(unsettledOrder: client.unsettledOrder())) }
            }
            return tick()
        case .answerTimedOut(let number):
            guard case .paying = state.phase else { return .none }
            guard let number else {
                // Nothing is waiting on disk after all (the attempt never reached the bank).
                state.phase = .choosing
                return .none
            }
            return startChecking(&state, number)
        case .recheck:
            guard case .checking(let number) = state.phase else { return .none }
            return .run { client, send in send(.rechecked(client.settledOutcome(number), at: client.now())) }
        case let .rechecked(outcome, time):
            guard case .checking = state.phase else { return .none }
            state.clock = time
            guard let outcome else { return recheckLater() }
            return .send(.paid(outcome))
        case .askPart:
            guard state.phase == .choosing, state.cashRounding != nil, !session.cart.isEmpty else { return .none }
            state.phase = .partAmount(FormField(maxLength: 12, filter: .only(Set("0123456789.,"))), problem: nil)
            return .none
        case .partKey(.escape):
            state.phase = .choosing
            return .none
        case .partKey(let key):
            guard case .partAmount(var field, let problem) = state.phase else { return .none }
            let changed = field.input.handle(key)
            state.phase = .partAmount(field, problem: changed ? nil : problem)
            return .none
        case .setPart:
            guard case .partAmount(let field, _) = state.phase else { return .none }
            let due = state.due(session.cart)
            let amount: Money
            do throws(MoneyParseError) { amount = try Money.parse(field.value, currency: due.currency) } catch {
                state.phase = .partAmount(field, problem: .amount(error))
                return .none
            }
            guard amount.minorUnits > 0, amount.minorUnits < due.minorUnits else {
                state.phase = .partAmount(field, problem: .notAPart(left: due))
                return .none
            }
            state.part = amount
            state.phase = .choosing
            return .none
        case .partPaid(.success(let soFar)) where soFar.left.minorUnits > 0:
            state.phase = .choosing
            state.paidSoFar = soFar
            state.part = nil
            return .cancel(id: CancelID.spinner)
        case .partPaid(.success(let soFar)):
            // Nothing left: the part paid the rest. The receipt lists every tender.
            state.phase = .choosing
            state.paidSoFar = nil
            state.part = nil
            let number = soFar.order.number
            return .merge(.cancel(id: CancelID.spinner), .run { client, send in
                if let stored = client.paidReceipt(number) { send(.delegate(.paidInParts(stored))) }
            })
        case .partPaid(.failure(let error)):
            return .send(.paid(.failure(error)))
        case .askGiveBack:
            guard state.phase == .choosing, state.paidSoFar != nil else { return .none }
            state.phase = .givingBack(asked: false)
            return .none
        case .confirmGiveBack(false):
            guard state.phase == .givingBack(asked: false) else { return .none }
            state.phase = .choosing
            return .none
        case .confirmGiveBack(true):
            guard state.phase == .givingBack(asked: false) else { return .none }
            state.phase = .givingBack(asked: true)
            return .run { client, send in client.giveBackParts { send(.partsGivenBack($0)) } }
        case .partsGivenBack(let result):
            guard state.phase == .givingBack(asked: true) else { return .none }
            state.phase = .choosing
            switch result {
            case .success(let outcome):
                state.paidSoFar = nil
                state.part = nil
                state.failure = .partsGivenBack(outcome)
            case .failure(let error):
                state.failure = .notPaid(error)
            }
            return .none
        case .busy, .delegate:
            return .none
        }
    }

    private static func payWithSaved(_ state: inout State, _ card: SavedCard, session: StoreSession) -> Effect<Action, StoreClient> {
        pay(&state, .savedPayment(identifier: card.card.id), save: false, card: CardNaming.screen.name(card.card), session: session)
    }

    /// Starts the charge once: while one is under way every further Pay is ignored here, and the
    /// controller would join it to the first anyway (one order, one idempotency key).
    private static func pay(_ state: inout State, _ source: CardFundingSource, save: Bool, card: String,
                            session: StoreSession) -> Effect<Action, StoreClient> {
        guard !state.isPaying else { return .none }
        // Asked now, the intent could not be written: the payment is not begun at all, and
        // the card form, its fields as typed, stays for when the server is back.
        guard !session.isServerAway else {
            state.failure = .notPaid(.refused(.serverAway))
            return .none
        }
        state.phase = .paying(.charging(card: card))
        state.failure = nil
        let part = state.part
        return .merge(
            .run { client, send in
                send(.chargeStarted(at: client.now()))
                if let part {
                    client.checkoutPart(part, source, save, { send(.challengeRequested($0)) }, { send(.partPaid($0)) })
                } else {
                    client.checkout(source, save, { send(.challengeRequested($0)) }, { send(.paid($0)) })
                }
            },
            tick()
        )
    }

    /// The outcome is not known: say so, with the order, and ask again every second (the
    /// settler runs every few seconds while anything is unsettled).
    private static func startChecking(_ state: inout State, _ number: String) -> Effect<Action, StoreClient> {
        state.phase = .checking(orderNumber: number)
        state.failure = nil
        return .merge(.cancel(id: CancelID.spinner), recheckLater())
    }

    private static func recheckLater() -> Effect<Action, StoreClient> {
        Effect.run { client, send in client.schedule(.seconds(1)) { send(.recheck) } }
            .cancellable(id: CancelID.recheck, cancelInFlight: true)
    }

    /// Starts asking again when the screen opens on an order already being checked.
    public static func onAppear(_ state: State) -> Effect<Action, StoreClient> {
        guard case .checking = state.phase else { return .none }
        return recheckLater()
    }

    /// How long the counter waits for the bank's answer before it gives the shopper a way on.
    static let answerTimeout: TimeInterval = 30

    /// The spinner's next frame; restarting it replaces the one pending.
    private static func tick() -> Effect<Action, StoreClient> {
        Effect.run { client, send in client.schedule(.milliseconds(100)) { send(.tick(at: client.now())) } }
            .cancellable(id: CancelID.spinner, cancelInFlight: true)
    }
}

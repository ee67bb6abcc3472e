import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// Recurring billing: the plans (subscribe with the default saved card), and the shopper's
/// subscriptions with status, next renewal and failed renewals; cancel now or at period end.
/// Subscribing (it charges the first period) and cancelling now (it ends what is paid) each ask
/// first: a single key never moves money or ends a subscription. A card that asks for a 3-D
/// Secure check for the first payment shows it here, as at the checkout.
public enum SubscriptionsFeature {
    /// A step waiting for the shopper's Enter (or Esc).
    public enum Confirmation: Equatable, Sendable {
        case subscribe(planIndex: Int)
        case cancelNow
    }

    public struct Row: Equatable, Sendable {
        public var subscription: Subscription
        public var planName: String
        public var failedRenewals: Int
    }

    public struct State: Equatable, Sendable {
        public var plans: [Plan] = []
        public var rows: [Row] = []
        /// The card a new subscription is paid with (the default saved card).
        public var payingCard: SavedCard?
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        public var isSubscribing = false
        /// What the last step came to (worded when drawn).
        public var message: Notice?
        public var confirming: Confirmation?
        /// The first payment's 3-D Secure check, while the card's bank waits for the code.
        public var challenge: ChallengeFeature.State?
        /// The shopper's saved payments ask for the payments PIN before a card is charged.
        public var paymentsLocked = false
        /// The PIN asked before subscribing to a plan, while saved payments are locked.
        public var unlocking: Unlocking?
        public init() {}
    }

    public struct Unlocking: Equatable, Sendable {
        public var step = PaymentsUnlockFeature.State()
        public var planIndex: Int
    }

    /// What the screen tells the shopper, as a value: `words(_:)` says it.
    public enum Notice: Equatable, Sendable {
        /// A plan was chosen and no saved card can pay it.
        case saveACardFirst
        /// Subscribing to the plan (its name, untranslated) is under way.
        case subscribing(plan: String)
        case subscribed
        case notSubscribed(AccountError)
        case endsAtPeriodEnd
        case cancelledNow
        case cancelRefused(AccountError)
    }

    /// What a reload reads from the account.
    public struct Loaded: Equatable, Sendable {
        public var plans: [Plan]
        public var rows: [Row]
        public var payingCard: SavedCard?
        public var paymentsLocked = false
    }

    public enum Action: Equatable, Sendable {
        /// The PIN step before subscribing while saved payments are locked.
        case unlock(PaymentsUnlockFeature.Action)
        case reload
        case loaded(Loaded)
        case cancelled(Notice)
        case moveUp, moveDown
        /// Asks before subscribing to the plan (a digit).
        case askSubscribe(planIndex: Int)
        /// Asks before cancelling the selected subscription now (`x`).
        case askCancelNow
        case confirm
        case dismiss
        case subscribe(planIndex: Int)
        case subscribed(Result<Subscription, AccountError>)
        case challengeRequested(ThreeDSChallenge)
        case challenge(ChallengeFeature.Action)
        case cancel(atPeriodEnd: Bool)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StoreClient> {
        switch action {
        case .reload:
            return .run { client, send in
                let plans = client.plans()
                let names = Dictionary(plans.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
                // The core lists them by id (random): sort by plan and start so a replay draws the same.
                let subscriptions = client.subscriptions().sorted {
                    (names[$0.planId] ?? $0.planId, $0.currentPeriodStart) < (names[$1.planId] ?? $1.planId, $1.currentPeriodStart)
                }
                let rows = subscriptions.map {
                    Row(subscription: $0, planName: names[$0.planId] ?? $0.planId, failedRenewals: client.failedRenewals($0.id).count)
                }
                send(.loaded(Loaded(plans: plans, rows: rows, payingCard: client.savedCards().first { !$0.isExpired && $0.canBeCharged },
                                    paymentsLocked: client.paymentsLocked())))
            }
        case .loaded(let loaded):
            state.plans = loaded.plans
            state.rows = loaded.rows
            state.payingCard = loaded.payingCard
            state.paymentsLocked = loaded.paymentsLocked
            state.list.clamp(count: state.rows.count)
        case .cancelled(let notice):
            state.message = notice
            return .send(.reload)
        case .askSubscribe(let index):
            guard state.plans.indices.contains(index), !state.isSubscribing else { return .none }
            guard state.payingCard != nil else {
                state.message = .saveACardFirst
                return .none
            }
            state.confirming = .subscribe(planIndex: index)
            state.message = nil
        case .askCancelNow:
            guard state.rows.indices.contains(state.selection), state.rows[state.selection].subscription.state != .canceled else { return .none }
            state.confirming = .cancelNow
            state.message = nil
        case .confirm:
            guard let confirming = state.confirming else { return .none }
            state.confirming = nil
            switch confirming {
            case .subscribe(let index):
                // A locked card is not charged before the PIN, as at the checkout.
                if state.paymentsLocked {
                    state.unlocking = Unlocking(planIndex: index)
                    return .none
                }
                return .send(.subscribe(planIndex: index))
            case .cancelNow: return .send(.cancel(atPeriodEnd: false))
            }
        case .dismiss:
            state.confirming = nil
        case .moveUp: state.list.moveUp(count: state.rows.count)
        case .moveDown: state.list.moveDown(count: state.rows.count)
        case .subscribe(let index):
            guard state.plans.indices.contains(index), !state.isSubscribing else { return .none }
            guard let card = state.payingCard else {
                state.message = .saveACardFirst
                return .none
            }
            state.isSubscribing = true
            state.message = .subscribing(plan: state.plans[index].name)
            let plan = state.plans[index].id
            return .run { client, send in
                client.subscribe(plan, card.card.id, { send(.challengeRequested($0)) }) { send(.subscribed($0)) }
            }
        case .challengeRequested(let challenge):
            state.challenge = ChallengeFeature.State(challenge: challenge)
        case .challenge(.delegate(.answer(let code))):
            guard let id = state.challenge?.challenge.identifier else { return .none }
            state.challenge = nil
            return .run { client, _ in client.answerChallenge(id, code) }
        case .challenge(let inner):
            guard var challenge = state.challenge else { return .none }
            let effect = ChallengeFeature.reduce(&challenge, inner)
            state.challenge = challenge
            return effect.map(Action.challenge)
        case .unlock(.delegate(.unlocked)):
            guard let unlocking = state.unlocking else { return .none }
            state.unlocking = nil
            state.paymentsLocked = false
            return .send(.subscribe(planIndex: unlocking.planIndex))
        case .unlock(.delegate(.cancelled)):
            state.unlocking = nil
        case .unlock(let inner):
            guard var unlocking = state.unlocking else { return .none }
            let effect = PaymentsUnlockFeature.reduce(&unlocking.step, inner)
            state.unlocking = unlocking
            return effect.map(Action.unlock)
        case .subscribed(let result):
            state.isSubscribing = false
            state.challenge = nil
            switch result {
            case .success: state.message = .subscribed
            case .failure(let error): state.message = .notSubscribed(error)
            }
            return .send(.reload)
        case .cancel(let atPeriodEnd):
            guard state.rows.indices.contains(state.selection) else { return .none }
            let id = state.rows[state.selection].subscription.id
            return .run { client, send in
                let error = client.cancelSubscription(id, atPeriodEnd)
                send(.cancelled(error.map(Notice.cancelRefused) ?? (atPeriodEnd ? .endsAtPeriodEnd : .cancelledNow)))
            }
        }
        return .none
    }

    /// A notice in the current language.
    static func words(_ notice: Notice) -> String {
        switch notice {
        // Said on the screen and aloud: both ways to save a card, in words that fit either.
        case .saveACardFirst: tr("Save a card first: add one in Saved cards, or save it when you pay.")
        case .subscribing(let plan): tr("Subscribing to {0}…", tr(plan))
        case .subscribed: tr("Subscribed. The first period is paid.")
        case .notSubscribed(let error): tr("Not subscribed: {0}", error.message)
        case .endsAtPeriodEnd: tr("It ends when the paid period does.")
        case .cancelledNow: tr("Cancelled now.")
        case .cancelRefused(let error): error.message
        }
    }

    /// The subscriptions move as every list's lines do; a digit subscribes to the plan of that number.
    static let listKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown, pick: { .askSubscribe(planIndex: $0) })

    public static func action(for event: InputEvent, in state: State) -> Action? {
        if let challenge = state.challenge { return ChallengeFeature.action(for: event, in: challenge).map(Action.challenge) }
        if state.unlocking != nil { return PaymentsUnlockFeature.action(for: event).map(Action.unlock) }
        guard case let .key(key) = event else { return nil }
        if state.confirming != nil {
            switch key {
            case .enter, .character("y"): return .confirm
            case .escape, .character("n"): return .dismiss
            default: return nil
            }
        }
        if let action = listKeys.action(for: key) { return action }
        switch key {
        case .character("x"): return .askCancelNow
        case .character("e"): return .cancel(atPeriodEnd: true)
        default: return nil
        }
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        if state.challenge != nil { return ChallengeFeature.keyHints }
        if state.unlocking != nil { return PaymentsUnlockFeature.keyHints }
        return switch state.confirming {
        case .subscribe?: [KeyHint("Enter", "Subscribe and pay"), KeyHint("Esc", "Back")]
        case .cancelNow?: [KeyHint("Enter", "Cancel now"), KeyHint("Esc", "Keep it")]
        case nil: KeyHint.numbers(min(4, state.plans.count), "Subscribe") + rowKeyHints(state) + [KeyHint("Esc", "Back")]
        }
    }

    /// Moving needs two rows of one's own; cancelling, a selected subscription not cancelled yet.
    private static func rowKeyHints(_ state: State) -> [KeyHint] {
        var hints = KeyHint.move(state.rows.count)
        if state.rows.indices.contains(state.selection), state.rows[state.selection].subscription.state != .canceled {
            hints += [KeyHint("x", "Cancel now"), KeyHint("e", "Cancel at period end")]
        }
        return hints
    }

    /// The card a new subscription is paid with, or that one is needed.
    static func payingWords(_ state: State, naming: CardNaming = .screen) -> String {
        state.payingCard.map { tr("Paid with {0}.", naming.name($0.card)) } ?? tr("Save a card to subscribe.")
    }

    /// How often a plan renews ("month", "3 months"), in the current language.
    static func every(_ plan: Plan) -> String {
        switch plan.interval {
        case .months(let n): n == 1 ? tr("month") : tr("{0} months", n)
        case .weeks(let n): n == 1 ? tr("week") : tr("{0} weeks", n)
        }
    }

    /// A subscription's line (plan, period, status, failed renewals) and its next renewal, in the
    /// current language: the screen's row and the accessible mode's line say the same.
    static func words(_ row: Row) -> (text: String, next: String) {
        let s = row.subscription
        var status = switch s.state {
        case .active: tr("active")
        case .pastDue: tr("past due")
        case .incomplete: tr("checking the first payment with the bank")
        case .canceled: tr("cancelled")
        }
        if s.cancelAtPeriodEnd && s.state != .canceled { status += tr(", ends {0}", DateText.day(s.currentPeriodEnd)) }
        let next = s.nextRenewalAt.map { s.state == .pastDue ? tr("retries {0}", DateText.day($0)) : tr("renews {0}", DateText.day($0)) } ?? tr("no renewal")
        let failed = switch row.failedRenewals {
        case 0: ""
        case 1: tr(", 1 failed renewal")
        case let n: tr(", {0} failed renewals", n)
        }
        return (tr("{0} · period {1} · {2}{3}", tr(row.planName), s.periodIndex + 1, status, failed), next)
    }

    /// The question a confirmation asks, with what it will do to the shopper's money.
    static func question(_ confirming: Confirmation, _ state: State, naming: CardNaming = .screen) -> String? {
        switch confirming {
        case .subscribe(let index):
            guard state.plans.indices.contains(index), let card = state.payingCard else { return nil }
            let plan = state.plans[index]
            return tr("Subscribe to {0}? {1} is charged now to {2}, then at each renewal.", tr(plan.name),
                      plan.price.formatted(), naming.name(card.card))
        case .cancelNow:
            guard state.rows.indices.contains(state.selection) else { return nil }
            return tr("Cancel {0} now? It ends today; the period already paid is not refunded.", tr(state.rows[state.selection].planName))
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Subscriptions"), into: &frame, in: area)
        if let unlocking = state.unlocking, state.plans.indices.contains(unlocking.planIndex) {
            PaymentsUnlockFeature.draw(unlocking.step, prompt: tr("Your saved cards are locked. Enter your payments PIN to subscribe to {0}.",
                                                                tr(state.plans[unlocking.planIndex].name)),
                                       into: &frame, in: area.inset(top: 2, left: 0, bottom: 0, right: 0))
            return
        }
        ScreenDrawing.text(tr("Plans — press the number to subscribe. {0}", payingWords(state)), into: &frame, in: ScreenDrawing.row(area, 1), role: .muted)
        for (index, plan) in state.plans.prefix(4).enumerated() {
            ScreenDrawing.text("  " + tr("{0}  {1}: {2} a {3}", index + 1, tr(plan.name), plan.price.formatted(), every(plan)), into: &frame, in: ScreenDrawing.row(area, 2 + index))
        }
        let top = 3 + min(4, state.plans.count)
        ScreenDrawing.text(tr("Yours:"), into: &frame, in: ScreenDrawing.row(area, top), attributes: .bold)
        if state.rows.isEmpty {
            ScreenDrawing.text("  " + tr("none yet"), into: &frame, in: ScreenDrawing.row(area, top + 1), role: .muted)
        }
        for (index, row) in state.rows.prefix(max(0, area.height - top - 3)).enumerated() {
            let (text, next) = words(row)
            ScreenDrawing.selectableRow(text, detail: next, selected: index == state.selection, into: &frame, in: ScreenDrawing.row(area, top + 1 + index))
        }
        if let confirming = state.confirming, let question = question(confirming, state) {
            // Two lines at the foot: the whole question is read before anything is paid.
            let lines = Array(question.wrapped(toWidth: area.width).prefix(2))
            for (offset, line) in lines.enumerated() {
                ScreenDrawing.text(line, into: &frame, in: ScreenDrawing.row(area, area.height - lines.count + offset), role: .warning, attributes: .bold)
            }
        } else if let message = state.message {
            ScreenDrawing.text(words(message), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: .success)
        }
        if let challenge = state.challenge { ChallengeFeature.draw(challenge, into: &frame, in: area) }
    }
}

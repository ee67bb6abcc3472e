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
        /// The charge is under way; `status` says what is happening.
        case paying(status: String)
        case challenge(ChallengeFeature.State)
        /// The order's payment was asked but its answer is not known (no answer in time, a lost
        /// or unrecorded answer): the shopper is told the truth and the screen waits for the
        /// settler; no other card is offered until the first attempt is known to have failed.
        case checking(orderNumber: String)
    }

    public struct State: Equatable, Sendable {
        public var savedCards: [SavedCard] = []
        public var selection = 0
        public var phase: Phase = .choosing
        public var failure: String?
        /// The loop's time at the last spinner tick (the spinner is a function of it).
        public var clock: Date
        /// Ticks of an earlier payment are ignored.
        var payment = 0
        /// When the charge under way started: a charge the acquirer never answers gives up waiting.
        var payingSince: Date?

        public init(savedCards: [SavedCard], now: Date, unsettledOrder: String? = nil) {
            self.savedCards = savedCards
            self.clock = now
            if let unsettledOrder { phase = .checking(orderNumber: unsettledOrder) }
            // The default card when there is one that can pay, else "New card".
            selection = options.firstIndex(where: \.isSelectable) ?? 0
        }

        public var options: [PaymentOption] { PaymentOption.options(saved: savedCards) }
        public var isPaying: Bool {
            switch phase {
            case .paying, .challenge, .checking: true
            default: false
            }
        }
    }

    public enum Action: Equatable, Sendable {
        case moveUp, moveDown
        case pick(Int)
        case choose
        case cardForm(CardFormFeature.Action)
        case challenge(ChallengeFeature.Action)
        case challengeRequested(ThreeDSChallenge)
        case paid(Result<StoreReceipt, StoreError>)
        case tick(payment: Int, at: Date)
        /// Asks whether the settler has learnt the unknown outcome (every second while checking).
        case recheck
        /// A key pressed while the charge runs: swallowed, so nothing leaves or pays again.
        case busy
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        case paid(StoreReceipt, at: Date)
        case back
        case payWith(PaymentScreensFeature.Method)
    }

    public static func reduce(_ state: inout State, _ action: Action, session: StoreSession, client: StoreClient) -> Effect<Action> {
        switch action {
        case .moveUp, .moveDown:
            guard state.phase == .choosing else { return .none }
            let count = state.options.count
            state.selection = (state.selection + (action == .moveUp ? count - 1 : 1)) % count
            return .none
        case .pick(let index):
            guard state.phase == .choosing, state.options.indices.contains(index) else { return .none }
            state.selection = index
            // A digit never pays: on a saved card it only selects it, and Enter (with the amount
            // on the line) pays. Opening the card form or another method moves no money.
            if case .saved = state.options[index] { return .none }
            return .send(.choose)
        case .choose:
            guard state.phase == .choosing, state.options.indices.contains(state.selection) else { return .none }
            let option = state.options[state.selection]
            guard option.isSelectable else {
                if case .saved = option { state.failure = tr("This card has expired: pick another or add a new one.") }
                else { state.failure = tr("{0} is coming soon: pay by card for now.", option.title) }
                return .none
            }
            state.failure = nil
            switch option {
            case .saved(let card):
                return pay(&state, .savedPayment(identifier: card.card.id), save: false,
                           label: "\(card.card.brand) •••• \(card.card.lastFour)", client: client)
            case .newCard:
                state.phase = .cardForm(CardFormFeature.State(canSave: session.shopper != nil, today: client.now(),
                                                              submitTitle: tr("Pay {0}", session.cart.total.formatted())))
                return .none
            case .comingSoon:
                return .none
            case .other(let method):
                return .send(.delegate(.payWith(method)))
            }
        case .cardForm(.delegate(.cancel)):
            state.phase = .choosing
            return .none
        case .cardForm(.delegate(.cardReady(let card, let save))):
            return pay(&state, .newCardToken(card.vaultToken ?? card.id), save: save,
                       label: "\(card.brand) •••• \(card.lastFour)", client: client)
        case .cardForm(let formAction):
            guard case .cardForm(var form) = state.phase else { return .none }
            let effect = CardFormFeature.reduce(&form, formAction, client: client.cardForm)
            state.phase = .cardForm(form)
            return effect.map(Action.cardForm)
        case .challengeRequested(let challenge):
            state.phase = .challenge(ChallengeFeature.State(challenge: challenge))
            return .none
        case .challenge(.delegate(.answer(let code))):
            guard case .challenge(let challenge) = state.phase else { return .none }
            state.phase = .paying(status: code == nil ? tr("Cancelling the payment…") : tr("Checking the code with your bank…"))
            let id = challenge.challenge.identifier
            return .merge(.run { _ in client.answerChallenge(id, code) }, tick(state.payment, client: client))
        case .challenge(let challengeAction):
            guard case .challenge(var challenge) = state.phase else { return .none }
            let effect = ChallengeFeature.reduce(&challenge, challengeAction)
            state.phase = .challenge(challenge)
            return effect.map(Action.challenge)
        case .paid(.success(let receipt)):
            state.phase = .choosing
            return .send(.delegate(.paid(receipt, at: client.now())))
        case .paid(.failure(.paymentUnknown(let number))):
            return startChecking(&state, number, client: client)
        case .paid(.failure(let error)):
            state.phase = .choosing
            state.failure = tr("Not paid: {0}", error.message)
            // A card saved on the way (or a default changed) shows up in the picker.
            state.savedCards = client.savedCards()
            state.selection = min(state.selection, state.options.count - 1)
            return .none
        case .tick(let payment, let time):
            guard payment == state.payment, case .paying = state.phase else { return .none }
            state.clock = time
            if let since = state.payingSince, time.timeIntervalSince(since) >= Self.answerTimeout {
                // No answer (the never-answering test card, a lost connection): the charge stays
                // pending in the core and is settled later; the shopper is not left waiting forever.
                guard let number = client.unsettledOrder() else {
                    // Nothing is waiting on disk after all (the attempt never reached the bank).
                    state.phase = .choosing
                    return .none
                }
                return startChecking(&state, number, client: client)
            }
            return tick(payment, client: client)
        case .recheck:
            guard case .checking(let number) = state.phase else { return .none }
            state.clock = client.now()
            guard let outcome = client.settledOutcome(number) else { return recheckLater(client: client) }
            return .send(.paid(outcome))
        case .busy, .delegate:
            return .none
        }
    }

    /// Starts the charge once: while one is under way every further Pay is ignored here, and the
    /// controller would join it to the first anyway (one order, one idempotency key).
    private static func pay(_ state: inout State, _ source: CardFundingSource, save: Bool, label: String, client: StoreClient) -> Effect<Action> {
        guard !state.isPaying else { return .none }
        state.payment += 1
        state.phase = .paying(status: tr("Charging {0}…", label))
        state.failure = nil
        state.clock = client.now()
        state.payingSince = state.clock
        return .merge(
            .run { send in
                client.checkout(source, save, { send(.challengeRequested($0)) }, { send(.paid($0)) })
            },
            tick(state.payment, client: client)
        )
    }

    /// The outcome is not known: say so, with the order, and ask again every second (the
    /// settler runs every few seconds while anything is unsettled).
    private static func startChecking(_ state: inout State, _ number: String, client: StoreClient) -> Effect<Action> {
        state.phase = .checking(orderNumber: number)
        state.failure = nil
        state.payment += 1
        return recheckLater(client: client)
    }

    private static func recheckLater(client: StoreClient) -> Effect<Action> {
        .run { send in client.schedule(.seconds(1)) { send(.recheck) } }
    }

    /// Starts asking again when the screen opens on an order already being checked.
    public static func onAppear(_ state: State, client: StoreClient) -> Effect<Action> {
        guard case .checking = state.phase else { return .none }
        return recheckLater(client: client)
    }

    /// How long the counter waits for the bank's answer before it gives the shopper a way on.
    static let answerTimeout: TimeInterval = 30

    private static func tick(_ payment: Int, client: StoreClient) -> Effect<Action> {
        .run { send in client.schedule(.milliseconds(100)) { send(.tick(payment: payment, at: client.now())) } }
    }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        switch state.phase {
        case .cardForm(let form):
            return CardFormFeature.action(for: event, in: form).map(Action.cardForm)
        case .challenge(let challenge):
            return ChallengeFeature.action(for: event, in: challenge).map(Action.challenge)
        case .paying:
            // Nothing leaves or pays again while the charge runs (Ctrl+C still quits).
            if case .key = event { return .busy }
            return nil
        case .checking:
            // Leaving is fine (the order stays with the settler); paying again is not offered.
            if case .key(.escape) = event { return .delegate(.back) }
            if case .key = event { return .busy }
            return nil
        case .choosing:
            guard case let .key(key) = event else { return nil }
            switch key {
            case .up: return .moveUp
            case .down, .tab: return .moveDown
            case .enter: return .choose
            case .escape: return .delegate(.back)
            case let .character(c):
                guard let digit = c.wholeNumberValue, digit >= 1 else { return nil }
                return .pick(digit - 1)
            default: return nil
            }
        }
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        switch state.phase {
        case .choosing: [KeyHint("↑↓", "Move"), KeyHint("1-9", "Pick"), KeyHint("Enter", "Pay / Use"), KeyHint("Esc", "Back to cart")]
        case .cardForm: CardFormFeature.keyHints
        case .challenge: ChallengeFeature.keyHints
        // "wait" is no key cap but a word: it is shown in the current language.
        case .paying: [KeyHint(tr("wait"), "The bank is answering"), KeyHint("Ctrl+C", "Quit")]
        case .checking: [KeyHint(tr("wait"), "Checking with the bank"), KeyHint("Esc", "Back to cart")]
        }
    }

    /// Whether a text field has the keys (then `q` and `?` are typed, not obeyed).
    public static func hasTextFocus(_ state: State) -> Bool {
        switch state.phase {
        case .cardForm(let form): form.focus.rawValue <= CardFormFeature.Field.cvc.rawValue || form.isSwiping
        case .challenge, .paying: true
        case .choosing, .checking: false
        }
    }

    public static func draw(_ state: State, session: StoreSession, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Checkout"), into: &frame, in: area)
        let cart = session.cart
        let jars = cart.lines.map { "\($0.quantity) × \(tr($0.product.name))" }.joined(separator: ", ")
        let summary = trn("{0} item: {1}", "{0} items: {1}", count: cart.itemCount, cart.itemCount, jars)
        frame.write(summary, in: ScreenDrawing.row(area, 1), style: Style(.muted))
        frame.write(tr("Total {0}", cart.total.formatted()) + " ", in: ScreenDrawing.row(area, 1), alignment: .trailing, style: Style(.accent, .bold))
        let body = area.inset(top: 3, left: 0, bottom: 0, right: 0)
        switch state.phase {
        case .choosing:
            ScreenDrawing.text(tr("Pay with:"), into: &frame, in: ScreenDrawing.row(body, 0), attributes: .bold)
            let options = state.options
            let listHeight = max(0, body.height - 4)
            let offset = ScreenDrawing.scrollOffset(selected: state.selection, count: options.count, height: listHeight)
            for (row, index) in (offset..<min(options.count, offset + listHeight)).enumerated() {
                let option = options[index]
                ScreenDrawing.selectableRow("\(index < 9 ? "\(index + 1)" : " ")  \(option.title)", detail: option.detail,
                                            selected: index == state.selection, enabled: option.isSelectable,
                                            into: &frame, in: ScreenDrawing.row(body, 1 + row))
            }
            if let failure = state.failure {
                // Two rows: a decline's reason and what to do next can be long.
                let rows = Rect(x: body.x, y: body.maxY - 2, width: body.width, height: min(2, body.height))
                _ = TextBlock(failure, style: Style(.error, .bold)).draw(into: &frame, in: rows)
            }
        case .cardForm(let form):
            CardFormFeature.draw(form, into: &frame, in: body)
        case .paying(let status):
            let row = ScreenDrawing.row(body, 2)
            _ = Spinner().draw(into: &frame, in: row, time: state.clock, label: status)
            ScreenDrawing.text(tr("Please wait: this takes a moment. Do not pay twice."), into: &frame, in: ScreenDrawing.row(body, 4), role: .muted)
        case .challenge(let challenge):
            ChallengeFeature.draw(challenge, into: &frame, in: body)
        case .checking(let number):
            let row = ScreenDrawing.row(body, 1)
            _ = Spinner().draw(into: &frame, in: row, time: state.clock, label: tr("Checking with the bank about order {0}…", number))
            let words = Rect(x: body.x, y: body.y + 3, width: body.width, height: max(0, min(4, body.height - 3)))
            _ = TextBlock(tr("We do not know yet whether this payment went through. You will not be charged twice: this order can only be paid once. This screen updates by itself when the bank answers."),
                          style: Style(.warning, .bold)).draw(into: &frame, in: words)
        }
    }
}

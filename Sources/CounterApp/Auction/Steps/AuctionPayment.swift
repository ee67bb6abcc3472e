import Foundation
import CheckoutKit
import Localization
import TerminalUI

/// Step 3: how the start bid is held. Locked payments first ask for the PIN (masked); then the
/// saved cards (default first) to choose from, remove (with a confirmation) or add to, and the
/// "Place start bid" button. Every answer of the data source is shown here, where the customer
/// acted.
public enum AuctionPayment {
    public enum LockFocus: Equatable, Sendable { case pin, unlock, cancel }
    public enum Focus: Equatable, Sendable { case cards, placeBid }
    /// What a card typed at the card form is for: only added to the list (`savePayment(isJoin:
    /// false)`, after its bank's zero-amount check), or the start bid at once (the hold, then
    /// `savePayment(isJoin: true)` if the shopper ticked "Save this card").
    public enum NewCardUse: Equatable, Sendable { case addToList, placeBid }

    public struct State: Equatable, Sendable {
        /// The PIN typed so far (never drawn, only its dots).
        public var pin = ""
        /// Said before asking the data source at all (an empty PIN would cost a try).
        /// What is missing before Unlock (worded when drawn).
        public var pinHint: PINHint?
        public var lockFocus: LockFocus = .pin
        public var focus: Focus = .cards
        /// The card the remove confirmation asks about, and the dialog's buttons.
        public var removing: PaymentCard?
        public var dialog = ModalDialogState(buttonCount: 2, focusedButton: 1)
        /// The store's card form, while a new card is typed (or swiped).
        public var cardForm: CardFormFeature.State?
        public var newCardUse: NewCardUse = .addToList

        public init() {}

        /// Coming to the step (or leaving it) starts it afresh.
        mutating func stepEntered() {
            pin = ""
            lockFocus = .pin
            focus = .cards
            removing = nil
            cardForm = nil
        }
    }

    public enum Action: Equatable, Sendable {
        case typePIN(Character)
        case erasePIN
        case lockFocus(LockFocus)
        case unlockTapped
        case cancelUnlockTapped
        case moveSelection(by: Int)
        case pick(Int)
        case focus(Focus)
        case placeBidTapped
        case removeTapped
        case dialog(Key)
        case newCardTapped(NewCardUse)
        /// The card form opens on the loop's day (its expiry is checked against it).
        case cardFormOpened(NewCardUse, today: Date)
        case cardForm(CardFormFeature.Action)
        case ignoredKey
        case flowChanged(AuctionFlowSnapshot)
        /// A guest asks to log in or sign up here; the auction screen asks the app for it, and
        /// the flow comes back to this step once she is signed in.
        case signIn(AuthFeature.Mode)
    }

    static let pinLength = 8

    /// What the PIN prompt says under the field, as a value: `words(_:)` says it.
    public enum PINHint: Equatable, Sendable {
        /// Unlock with no PIN typed.
        case typePINFirst
    }

    static func words(_ hint: PINHint) -> String {
        switch hint {
        case .typePINFirst: tr("Type your PIN first.")
        }
    }

    public static func reduce(_ state: inout State, _ action: Action, flow: AuctionFlowSnapshot, context: UpgradeContext?) -> Effect<Action, AuctionEnvironment> {
        switch action {
        case .typePIN(let digit):
            state.pinHint = nil
            if state.pin.count < pinLength { state.pin.append(digit) }
            return .none
        case .erasePIN:
            if !state.pin.isEmpty { state.pin.removeLast() }
            return .none
        case .lockFocus(let focus):
            state.lockFocus = focus
            return .none
        case .unlockTapped:
            guard !state.pin.isEmpty else {
                state.pinHint = .typePINFirst
                return .none
            }
            state.pinHint = nil
            let pin = state.pin
            state.pin = ""
            state.lockFocus = .pin
            return call { flow, bridge in
                bridge.pinForNextAsk = pin
                flow.unlock()
            }
        case .cancelUnlockTapped:
            state.pinHint = nil
            state.pin = ""
            state.lockFocus = .pin
            return call { flow, bridge in
                bridge.pinForNextAsk = nil
                flow.unlock()
            }
        case .moveSelection(let step):
            guard !flow.payments.isEmpty else { return .none }
            let current = flow.payments.firstIndex { $0.id == flow.selectedCardId } ?? -1
            let target = min(max(0, current + step), flow.payments.count - 1)
            return select(flow.payments[target])
        case .pick(let index):
            guard flow.payments.indices.contains(index) else { return .none }
            state.focus = .placeBid
            return select(flow.payments[index])
        case .focus(let focus):
            state.focus = focus
            return .none
        case .placeBidTapped:
            return call { flow, _ in flow.placeStartBid() }
        case .removeTapped:
            guard let card = flow.selectedCard else { return .none }
            state.removing = card
            state.dialog = ModalDialogState(buttonCount: 2, focusedButton: 1)
            return .none
        case .dialog(let key):
            guard let card = state.removing else { return .none }
            switch state.dialog.update(key) {
            case .chose(0):
                state.removing = nil
                return call { flow, _ in flow.remove(card) }
            case .chose, .dismissed:
                state.removing = nil
                return .none
            case nil:
                return .none
            }
        case .newCardTapped(let use):
            return .run { environment, send in send(.cardFormOpened(use, today: environment.now)) }
        case let .cardFormOpened(use, today):
            let bid = context?.auction.startBid.formatted() ?? ""
            var form = CardFormFeature.State(canSave: true, today: today,
                                             submitTitle: use == .placeBid ? tr("Place start bid: hold {0}", bid) : tr("Save card"))
            // A card added to the list is there to be saved (after its bank's check); a card
            // typed for the bid is for that one payment, kept only if the shopper ticks the box
            // (and then only once its bank has authorised the hold).
            form.saveCard = use == .addToList
            state.cardForm = form
            state.newCardUse = use
            return .none
        case .cardForm(.delegate(.cancel)):
            state.cardForm = nil
            return .none
        case .cardForm(.delegate(.cardReady(let card, let keep))):
            state.cardForm = nil
            state.focus = .placeBid
            let use = state.newCardUse
            return call { flow, bridge in
                guard use == .placeBid else { return flow.addCard(card) }
                bridge.newCardForBid = AuctionText.shortCard(card)
                flow.placeStartBid(with: card, keepingIt: keep)
            }
        case .cardForm(let formAction):
            guard var form = state.cardForm else { return .none }
            let effect = CardFormFeature.reduce(&form, formAction)
            state.cardForm = form
            return effect.map(Action.cardForm, environment: \.cardForm)
        case .flowChanged, .ignoredKey, .signIn:
            return .none
        }
    }

    private static func select(_ card: PaymentCard) -> Effect<Action, AuctionEnvironment> {
        call { flow, _ in flow.select(card) }
    }

    /// A call into the live flow, answered with the flow as it is afterwards.
    private static func call(_ body: @escaping (AuctionJoinFlow, AuctionBridge) -> Void) -> Effect<Action, AuctionEnvironment> {
        .run { environment, send in
            if let snapshot = environment.withFlow(body) { send(.flowChanged(snapshot)) }
        }
    }

    // MARK: - Keys

    enum Panel: Equatable { case signedOut, locked, lockedOut, cards }

    static func panel(_ flow: AuctionFlowSnapshot) -> Panel {
        if !flow.isSignedIn { return .signedOut }
        switch flow.access {
        case .locked: return .locked
        case .lockedOut: return .lockedOut
        case .unlocked: return .cards
        }
    }

    static func isTyping(_ state: State, flow: AuctionFlowSnapshot) -> Bool {
        if state.cardForm != nil { return true }
        // The removal dialog has every key too: `?` and `q` answer it, so they are not offered.
        return state.removing != nil || (panel(flow) == .locked && state.lockFocus == .pin)
    }

    /// Where the cards and the button are (under the two lines of explanation), for drawing and
    /// for clicks alike.
    struct CardsLayout {
        let box: Rect
        let rows: Rect
        let button: Rect

        init(panel area: Rect, cardCount: Int) {
            let listHeight = max(1, min(cardCount, max(1, area.height - 8)))
            box = area.splitTop(listHeight + 2).top
            rows = box.inset(top: 1, left: 2, bottom: 1, right: 2)
            button = Rect(x: area.x, y: min(box.maxY + 2, area.maxY - 1), width: area.width, height: 1)
        }

        init(body: Rect, cardCount: Int) {
            self.init(panel: body.inset(top: 2, left: 0, bottom: 0, right: 0), cardCount: cardCount)
        }
    }

    static func action(for event: InputEvent, in state: State, flow: AuctionFlowSnapshot, body: Rect) -> Action? {
        if case .mouse(.left, let point) = event, flow.pendingCall == nil, state.removing == nil, state.cardForm == nil,
           panel(flow) == .cards {
            let layout = CardsLayout(body: body, cardCount: flow.payments.count)
            if layout.rows.contains(point), point.y - layout.rows.y < flow.payments.count { return .pick(point.y - layout.rows.y) }
            if layout.button.contains(point), flow.selectedCard != nil { return .placeBidTapped }
            return nil
        }
        guard case .key(let key) = event, flow.pendingCall == nil else { return nil }
        if state.removing != nil { return .dialog(key) }
        if let form = state.cardForm { return CardFormFeature.action(for: event, in: form).map(Action.cardForm) }
        switch panel(flow) {
        case .signedOut:
            switch key {
            case .character("l"): return .signIn(.logIn)
            case .character("s"): return .signIn(.signUp)
            default: return nil
            }
        case .lockedOut:
            return nil
        case .locked:
            switch key {
            case .character(let c) where state.lockFocus == .pin && c.isASCII && c.isNumber: return .typePIN(c)
            case .backspace where state.lockFocus == .pin: return .erasePIN
            case .tab: return .lockFocus(state.lockFocus == .pin ? .unlock : state.lockFocus == .unlock ? .cancel : .pin)
            case .backTab: return .lockFocus(state.lockFocus == .pin ? .cancel : state.lockFocus == .cancel ? .unlock : .pin)
            case .enter: return state.lockFocus == .cancel ? .cancelUnlockTapped : .unlockTapped
            case .character(" ") where state.lockFocus != .pin: return state.lockFocus == .cancel ? .cancelUnlockTapped : .unlockTapped
            // Anything else typed into the PIN field is swallowed: a `q` there must not quit.
            case .character where state.lockFocus == .pin: return .ignoredKey
            default: return nil
            }
        case .cards:
            switch key {
            case .up: return .moveSelection(by: -1)
            case .down: return .moveSelection(by: 1)
            case .tab, .backTab: return .focus(state.focus == .cards ? .placeBid : .cards)
            case .enter, .character(" "): return state.focus == .cards ? .focus(.placeBid) : .placeBidTapped
            case .character("b"): return .placeBidTapped
            case .character("d"), .delete: return flow.selectedCard == nil ? nil : .removeTapped
            case .character("a"): return .newCardTapped(.addToList)
            case .character("n"): return .newCardTapped(.placeBid)
            case .character(let c):
                guard let digit = c.wholeNumberValue, c.isASCII, (1...9).contains(digit) else { return nil }
                return .pick(digit - 1)
            default: return nil
            }
        }
    }

    static func keyHints(_ state: State, flow: AuctionFlowSnapshot) -> [KeyHint] {
        if state.removing != nil { return [KeyHint("←→", "Choose"), KeyHint("Enter", "Confirm"), KeyHint("Esc", "Keep the card")] }
        if state.cardForm != nil { return CardFormFeature.keyHints }
        if flow.pendingCall != nil { return [KeyHint("…", "Waiting for an answer")] }
        switch panel(flow) {
        case .signedOut: return [KeyHint("l", "Log in"), KeyHint("s", "Sign up"), KeyHint("Esc", "Back to review")]
        case .lockedOut: return [KeyHint("Esc", "Back to review")]
        case .locked: return [KeyHint("0-9", "PIN"), KeyHint("Enter", "Unlock"), KeyHint("Tab", "Next"), KeyHint("Esc", "Back")]
        case .cards:
            // Esc early: at 80 columns the footer drops hints from the end.
            var hints = KeyHint.move(flow.payments.count, "Card") + [KeyHint("Enter", state.focus == .cards ? "Choose" : "Bid"), KeyHint("Esc", "Back"),
                                                                     KeyHint("a", "Add card"), KeyHint("n", "New card bid")]
            if flow.selectedCard != nil { hints.append(KeyHint("d", "Remove")) }
            hints.append(KeyHint("b", "Bid"))
            return hints
        }
    }

    // MARK: - Drawing

    static func draw(_ state: State, flow: AuctionFlowSnapshot, context: UpgradeContext, into frame: inout Frame, in body: Rect) {
        let startBid = context.auction.startBid.formatted()
        TextBlock(tr("Your start bid of {0} is held on the card you choose. It is charged only if you win.", startBid))
            .draw(into: &frame, in: body.splitTop(2).top)
        let panelArea = body.inset(top: 2, left: 0, bottom: 0, right: 0)
        let notice = flow.notice.map { (AuctionText.notice($0, lockedUntil: flow.lockedUntil), AuctionText.isProblem($0)) }
        switch panel(flow) {
        case .signedOut:
            let inside = frame.drawBox(panelArea.splitTop(5).top, title: tr("Saved payment methods"), border: .rounded)
            TextBlock(tr("Nobody is signed in. Log in (l) or sign up (s) here to join with your cards: you come back to this step."))
                .draw(into: &frame, in: inside.inset(top: 1, left: 1, bottom: 0, right: 1))
        case .locked:
            drawLocked(state, notice: notice, into: &frame, in: panelArea)
        case .lockedOut:
            let inside = frame.drawBox(panelArea.splitTop(6).top, title: tr("Saved payment methods"), border: .rounded, style: Style(.error))
            let text = notice?.0 ?? AuctionText.notice(.tooManyAttempts, lockedUntil: flow.lockedUntil)
            TextBlock(text, style: Style(.error, .bold)).draw(into: &frame, in: inside.inset(top: 1, left: 1, bottom: 0, right: 1))
            frame.write(tr("Esc goes back to the review."), in: Rect(x: inside.x + 1, y: inside.maxY - 1, width: max(0, inside.width - 2), height: 1),
                        style: WidgetLook.muted)
        case .cards:
            if let form = state.cardForm {
                let title = state.newCardUse == .placeBid ? tr("New card for the start bid") : tr("Add a card")
                let inside = frame.drawBox(panelArea.splitTop(min(panelArea.height, 17)).top, title: title, border: .rounded,
                                           style: WidgetLook.focusedBorder)
                CardFormFeature.draw(form, into: &frame, in: inside.inset(top: 1, left: 1, bottom: 0, right: 1))
            } else {
                drawCards(state, flow: flow, startBid: startBid, notice: notice, into: &frame, in: panelArea)
            }
        }
        if let card = state.removing {
            ModalDialog(title: tr("Remove card"), message: tr("Remove {0} from your saved cards?", AuctionText.card(card)),
                        buttons: [tr("Remove"), tr("Keep")])
                .draw(into: &frame, in: body, state: state.dialog)
        }
    }

    private static func drawLocked(_ state: State, notice: (String, Bool)?, into frame: inout Frame, in area: Rect) {
        let inside = frame.drawBox(area.splitTop(8).top, title: tr("Saved payment methods: locked"), border: .rounded)
        let content = inside.inset(top: 0, left: 1, bottom: 0, right: 1)
        frame.write(tr("Your saved cards are locked. Enter your payments PIN to unlock them."), in: content.splitTop(1).top)
        var field = TextFieldState(value: state.pin, maxLength: pinLength, filter: .digits, isMasked: true)
        let pinLabel = tr("PIN")
        TextField(label: pinLabel, labelWidth: max(4, pinLabel.displayWidth), fieldWidth: pinLength + 1)
            .draw(into: &frame, in: Rect(x: content.x, y: content.y + 2, width: content.width, height: 1), state: &field,
                  focused: state.lockFocus == .pin)
        if let hint = state.pinHint {
            frame.write(words(hint), in: Rect(x: content.x, y: content.y + 3, width: content.width, height: 1), style: Style(.error, .bold))
        } else if let (message, isProblem) = notice {
            frame.write(message, in: Rect(x: content.x, y: content.y + 3, width: content.width, height: 1),
                        style: isProblem ? Style(.error, .bold) : Style(.success))
        }
        ButtonRow.draw([Button(tr("Unlock")), Button(tr("Cancel"))], into: &frame,
                       in: Rect(x: content.x, y: content.y + 5, width: content.width, height: 1),
                       focusedIndex: state.lockFocus == .unlock ? 0 : state.lockFocus == .cancel ? 1 : nil, alignment: .leading)
    }

    private static func drawCards(_ state: State, flow: AuctionFlowSnapshot, startBid: String, notice: (String, Bool)?,
                                  into frame: inout Frame, in area: Rect) {
        let layout = CardsLayout(panel: area, cardCount: flow.payments.count)
        let box = layout.box
        let inside = frame.drawBox(box, title: tr("Pay with"), border: .rounded, style: state.focus == .cards ? WidgetLook.focusedBorder : WidgetLook.border)
        var list = ListState(itemCount: flow.payments.count, selected: flow.payments.firstIndex { $0.id == flow.selectedCardId },
                             showsNumbers: true, viewportHeight: inside.height)
        ListView(flow.payments, emptyText: tr("No saved cards yet.")) { card in
            ListRow(AuctionText.card(card) + "  " + card.holderName, detail: card.isDefault ? tr("default") : nil)
        }.draw(into: &frame, in: inside.inset(top: 0, left: 1, bottom: 0, right: 1), state: &list, focused: state.focus == .cards)
        let y = box.maxY
        if let (message, isProblem) = notice {
            frame.write(message, in: Rect(x: area.x, y: y, width: area.width, height: 1), style: isProblem ? Style(.error, .bold) : Style(.success))
        }
        let label = flow.selectedCard.map { tr("Place start bid: hold {0} on {1}", startBid, AuctionText.shortCard($0)) } ?? tr("Place start bid")
        Button(label, isDisabled: flow.selectedCard == nil)
            .draw(into: &frame, in: layout.button, focused: state.focus == .placeBid)
    }
}

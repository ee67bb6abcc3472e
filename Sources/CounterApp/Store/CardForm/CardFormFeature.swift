import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// The card form, shared by the store's checkout and (later) the auction flow: holder, number
/// (grouped as typed, brand shown from the prefix), expiry MM/YY, CVC (masked), "save this card".
/// Each field is checked when the focus leaves it and all of them on submit, in words a shopper
/// understands. A swipe fills it in one go.
///
/// The full number and the CVC live only here while typed: on submit they go to the vault, and
/// the form forgets them as soon as the token comes back (only brand and last four go on).
public enum CardFormFeature {
    /// All the form asks of the world: the vault, and the loop's timers (the swipe's burst gap).
    /// Small on purpose, so the auction flow can use the form with its own.
    public struct Client {
        /// A card the form has validated -> a one-time vault token.
        public var tokenize: (Card) -> Result<PaymentCard, CardEntryError>
        public var schedule: (Duration, @escaping () -> Void) -> Void

        public init(tokenize: @escaping (Card) -> Result<PaymentCard, CardEntryError>,
                    schedule: @escaping (Duration, @escaping () -> Void) -> Void) {
            self.tokenize = tokenize
            self.schedule = schedule
        }
    }

    public enum Field: Int, CaseIterable, Equatable, Sendable {
        case holder, number, expiry, cvc, save, submit
    }

    public struct State: Equatable, Sendable {
        public var holder = FormField(maxLength: 26, filter: .name)
        public var number = FormField(maxLength: 19, filter: .digits)
        public var expiry = FormField(maxLength: 5, filter: .only(Set("0123456789/")))
        public var cvc = FormField(maxLength: 4, filter: .digits, isMasked: true)
        public var saveCard = false
        /// Guests cannot keep cards.
        public var canSave: Bool
        /// False where saving is the form's whole point (adding a card to the account): no
        /// checkbox is shown or focused, and the card is saved.
        public var asksToSave = true
        public var focus: Field = .holder
        /// The day the expiry is checked against (from the loop's clock when the form opened).
        public var today: Date
        /// The submit button's words ("Pay €12.40").
        public var submitTitle: String
        var swipe: SwipeCapture?
        /// A message for the whole form (a swipe that could not be read, the vault refusing),
        /// worded when drawn.
        public var formMessage: FormMessage?
        /// The form message is good news (a card read), not a problem.
        public var formMessageIsGood: Bool {
            if case .cardRead? = formMessage { true } else { false }
        }
        public var isSubmitting = false

        public init(canSave: Bool, today: Date, submitTitle: String) {
            self.canSave = canSave
            self.today = today
            self.submitTitle = submitTitle
        }

        /// The brand the digits typed so far tell, or nil. Worked out at each look: a view that
        /// needs it more than once (the number's grouping, the brand's name, the code's length)
        /// looks once.
        public var brand: CardBrand? { CardBrand.detect(prefix: number.value) }
        public var brandName: String? { brand?.displayName }
        /// The security code's length for the brand typed so far (an Amex has 4 on its front).
        public var cvcLength: Int { Self.cvcLength(brand) }
        static func cvcLength(_ brand: CardBrand?) -> Int { brand?.cvcLength ?? 3 }
        public var isSwiping: Bool { swipe != nil }
    }

    /// The form's message line, as a value: the view's `words(_:)` says it.
    public enum FormMessage: Equatable, Sendable {
        /// Submitted with faults: the first of them is named.
        case checkDetails(CardValidationErrors)
        /// The card could not be made ready (fields, a bad swipe, the vault).
        case refused(CardEntryError)
        /// A swipe was read (good news).
        case cardRead(brand: String, lastFour: String)
        case unreadableSwipe(TrackDataError)
    }

    public enum Action: Equatable, Sendable {
        case typed(Key)
        /// Text that arrived whole (a bracketed paste, or a reader that pastes its track data).
        case pasted(String)
        case focusNext, focusPrevious
        case focus(Field)
        case toggleSave
        case submit
        /// No key came from the reader for `SwipeCapture.burstGap`: the burst is over.
        case swipeGap
        case tokenized(Result<PaymentCard, CardEntryError>)
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        /// The vault's token for the card (the form has forgotten the number and CVC).
        case cardReady(PaymentCard, saveCard: Bool)
        case cancel
    }

    /// The swipe's gap timer: restarted on every key of the burst, cancelled when it ends.
    enum CancelID: Hashable, Sendable { case swipeGap }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, Client> {
        switch action {
        case .typed(let key):
            if state.swipe != nil { return continueSwipe(&state, key) }
            if case let .character(c) = key, SwipeCapture.startSentinels.contains(c), state.focus.rawValue <= Field.cvc.rawValue {
                state.swipe = SwipeCapture(buffer: String(c))
                return gapTimer()
            }
            type(key, into: &state)
            return .none
        case .pasted(let text):
            if TrackData.looksLikeSwipe(text) || state.swipe != nil {
                // The whole burst at once: the same path as key by key, then read it.
                var effect = Effect<Action, Client>.none
                for character in text { effect = .merge(effect, reduce(&state, .typed(.character(character)))) }
                if state.swipe != nil {
                    finishSwipe(&state)
                    effect = .merge(effect, .cancel(id: CancelID.swipeGap))
                }
                return effect
            }
            switch state.focus {
            case .holder: state.holder.paste(text)
            // A number is pasted as people write it, in groups: the spaces and dashes are not refused.
            case .number: state.number.paste(text.filter { !$0.isWhitespace && $0 != "-" })
            case .expiry: state.expiry.paste(text)
            case .cvc: state.cvc.paste(text)
            case .save, .submit: break
            }
            return .none
        case .focusNext:
            move(&state, to: shown(Field(rawValue: state.focus.rawValue + 1) ?? .submit, in: state, step: 1))
            return .none
        case .focusPrevious:
            move(&state, to: shown(Field(rawValue: state.focus.rawValue - 1) ?? .holder, in: state, step: -1))
            return .none
        case .focus(let field):
            move(&state, to: field)
            return .none
        case .toggleSave:
            if state.canSave, state.asksToSave { state.saveCard.toggle() }
            return .none
        case .submit:
            guard !state.isSubmitting else { return .none }
            let card: Card
            switch validateAll(state) {
            case let .success(valid):
                card = valid
            case let .failure(errors):
                apply(errors, to: &state)
                state.formMessage = .checkDetails(errors)
                if let first = firstField(with: errors) { state.focus = first }
                return .none
            }
            state.isSubmitting = true
            state.formMessage = nil
            // The card is validated here, once: the vault only tokenises it.
            return .run { client, send in send(.tokenized(client.tokenize(card))) }
        case .swipeGap:
            // A cancelled gap timer never answers: this is the last key's, and the burst is over.
            guard state.swipe != nil else { return .none }
            finishSwipe(&state)
            return .none
        case .tokenized(.success(let card)):
            let save = state.saveCard && state.canSave
            forgetCard(&state)
            return .send(.delegate(.cardReady(card, saveCard: save)))
        case .tokenized(.failure(let error)):
            state.isSubmitting = false
            if case .invalid(let errors) = error { apply(errors, to: &state) }
            // No line at all when the error has nothing to say (as before: its first message or none).
            state.formMessage = error.messages.isEmpty ? nil : .refused(error)
            return .none
        case .delegate:
            return .none
        }
    }

    /// Clears the number, CVC and expiry: what is left is safe to keep on screen.
    static func forgetCard(_ state: inout State) {
        state.number.value = ""
        state.cvc.value = ""
        state.expiry.value = ""
        state.swipe = nil
        state.isSubmitting = false
    }

    // MARK: - Typing

    private static func type(_ key: Key, into state: inout State) {
        switch state.focus {
        case .holder: state.holder.input.handle(key); state.holder.problem = nil
        case .number: state.number.input.handle(key); state.number.problem = nil
        case .cvc: state.cvc.input.handle(key); state.cvc.problem = nil
        case .expiry:
            state.expiry.problem = nil
            if key == .character("/") {
                // The form writes the slash after the month; one typed by habit is that same slash,
                // and "1/" means January.
                if state.expiry.value.contains("/") { return }
                if state.expiry.value.count == 1 { state.expiry.value = "0" + state.expiry.value }
            }
            let before = state.expiry.value
            state.expiry.input.handle(key)
            // "12" becomes "12/" so the shopper types the year straight after the month.
            if case .character(let c) = key, c.isASCII, c.isNumber, before.count == 1, state.expiry.value.count == 2, !state.expiry.value.contains("/") {
                state.expiry.value += "/"
            }
        case .save:
            if key == .character(" ") { state.saveCard = state.canSave ? !state.saveCard : false }
        case .submit:
            break
        }
    }

    /// The field itself, or the next one in the direction of travel when the form does not show it.
    private static func shown(_ field: Field, in state: State, step: Int) -> Field {
        guard field == .save, !state.asksToSave else { return field }
        return Field(rawValue: field.rawValue + step) ?? field
    }

    private static func move(_ state: inout State, to field: Field) {
        guard field != state.focus else { return }
        validate(state.focus, in: &state)
        state.focus = field
    }

    // MARK: - Swipe

    private static func continueSwipe(_ state: inout State, _ key: Key) -> Effect<Action, Client> {
        guard var swipe = state.swipe else { return .none }
        guard case let .character(c) = key else {
            finishSwipe(&state)
            return .cancel(id: CancelID.swipeGap)
        }
        swipe.buffer.append(c)
        state.swipe = swipe
        if swipe.isComplete {
            finishSwipe(&state)
            return .cancel(id: CancelID.swipeGap)
        }
        return gapTimer()
    }

    /// Each key of a burst restarts the gap: only the last key's timer can end it.
    private static func gapTimer() -> Effect<Action, Client> {
        Effect.run { client, send in client.schedule(SwipeCapture.burstGap) { send(.swipeGap) } }
            .cancellable(id: CancelID.swipeGap, cancelInFlight: true)
    }

    private static func finishSwipe(_ state: inout State) {
        guard let swipe = state.swipe else { return }
        state.swipe = nil
        do {
            let card = try TrackData.parse(swipe.buffer)
            state.number.value = card.number.digits
            state.expiry.value = String(format: "%02d/%02d", card.expiry.month, card.expiry.year % 100)
            if let name = card.holderName { state.holder.value = name }
            state.holder.problem = nil
            state.number.problem = nil
            state.expiry.problem = expiryProblem(state.expiry.value, today: state.today)
            state.focus = .cvc
            state.formMessage = .cardRead(brand: card.number.brand.displayName, lastFour: card.number.lastFour)
        } catch {
            state.formMessage = .unreadableSwipe(error)
        }
    }

    // MARK: - Validation

    private static func validate(_ field: Field, in state: inout State) {
        switch field {
        case .holder:
            if let problem = problem(.holder, state.holder.value, number: state.number.value, today: state.today) { state.holder.problem = problem }
        case .number:
            if let problem = problem(.number, state.number.value, number: state.number.value, today: state.today) { state.number.problem = problem }
        case .expiry:
            state.expiry.problem = problem(.expiry, state.expiry.value, number: state.number.value, today: state.today)
        case .cvc:
            if let problem = problem(.cvc, state.cvc.value, number: state.number.value, today: state.today) { state.cvc.problem = problem }
        case .save, .submit:
            break
        }
    }

    /// What is wrong with one field's text, as the form says it when the field is left; the
    /// accessible mode asks each answer the same way. `number` (as typed) sets the CVC's length.
    static func problem(_ field: Field, _ text: String, number: String, today: Date) -> FieldProblem? {
        do {
            switch field {
            case .holder: _ = try HolderName(text)
            case .number: _ = try CardNumber(text)
            case .expiry: return expiryProblem(text, today: today)
            case .cvc: _ = try CVC(text, brand: CardBrand.detect(prefix: number))
            case .save, .submit: break
            }
        } catch let error as HolderNameError { return .holderName(error) }
        catch let error as CardNumberError { return .cardNumber(error) }
        catch let error as CVCError { return .cvc(error) }
        catch { return nil }
        return nil
    }

    private static func expiryProblem(_ text: String, today: Date) -> FieldProblem? {
        do { _ = try Expiry(parsing: text, now: today); return nil } catch { return .expiry(error) }
    }

    private static func validateAll(_ state: State) -> Result<Card, CardValidationErrors> {
        Result { () throws(CardValidationErrors) in
            try Card.validate(number: state.number.value, expiry: state.expiry.value, cvc: state.cvc.value,
                              holder: state.holder.value, now: state.today)
        }
    }

    private static func apply(_ errors: CardValidationErrors, to state: inout State) {
        state.holder.problem = errors.holder.map(FieldProblem.holderName)
        state.number.problem = errors.number.map(FieldProblem.cardNumber)
        state.expiry.problem = errors.expiry.map(FieldProblem.expiry)
        state.cvc.problem = errors.cvc.map(FieldProblem.cvc)
    }

    private static func firstField(with errors: CardValidationErrors) -> Field? {
        if errors.holder != nil { return .holder }
        if errors.number != nil { return .number }
        if errors.expiry != nil { return .expiry }
        if errors.cvc != nil { return .cvc }
        return nil
    }
}

import CheckoutKit
import TerminalUI

/// Sets the shopper's payments PIN (the one the auction's unlock step asks for), typed twice; or
/// changes it, the current PIN first. Digits only, masked; each problem at its field. A wrong
/// current PIN counts toward the unlock step's lockout, which the core keeps.
public enum PaymentsPINFeature {
    public enum Mode: Equatable, Sendable { case set, change }
    public enum Field: Int, Equatable, Sendable { case current, new, repeated, submit }

    public struct State: Equatable, Sendable {
        public var mode: Mode
        public var current = Self.pinField()
        public var new = Self.pinField()
        public var repeated = Self.pinField()
        public var focus: Field
        public var isSaving = false

        public init(mode: Mode) {
            self.mode = mode
            focus = mode == .change ? .current : .new
        }

        var fields: [Field] { mode == .change ? [.current, .new, .repeated, .submit] : [.new, .repeated, .submit] }

        static func pinField() -> FormField {
            FormField(maxLength: PINPolicy.lengths.upperBound, filter: .digits, isMasked: true)
        }
    }

    public enum Action: Equatable, Sendable {
        case typed(Key)
        case pasted(String)
        case focusNext, focusPrevious
        case submit
        /// The account's answer: nil when the PIN was set or changed.
        case answered(AccountError?)
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        /// The PIN is set (or changed): the menu says so.
        case saved(Mode)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StoreClient> {
        switch action {
        case .typed(let key):
            guard !state.isSaving else { return .none }
            edit(&state) { $0.input.handle(key) }
            return .none
        case .pasted(let text):
            guard !state.isSaving else { return .none }
            edit(&state) { $0.paste(text) }
            return .none
        case .focusNext, .focusPrevious:
            validate(state.focus, &state)
            state.focus = FieldFocus.step(from: state.focus, in: state.fields, forward: action == .focusNext)
            return .none
        case .submit:
            guard !state.isSaving else { return .none }
            for field in state.fields { validate(field, &state) }
            if let first = state.fields.first(where: { problem(at: $0, in: state) != nil }) {
                state.focus = first
                return .none
            }
            state.isSaving = true
            let mode = state.mode, current = state.current.value, new = state.new.value
            return .run { client, send in
                send(.answered(mode == .set ? client.setPaymentsPIN(new) : client.changePaymentsPIN(current, new)))
            }
        case .answered(nil):
            state.isSaving = false
            forgetPINs(&state)
            return .send(.delegate(.saved(state.mode)))
        case .answered(let error?):
            state.isSaving = false
            place(error, in: &state)
            return .none
        case .delegate:
            return .none
        }
    }

    /// Types into the focused field; its problem goes, as it is being corrected.
    private static func edit(_ state: inout State, _ change: (inout FormField) -> Void) {
        switch state.focus {
        case .current: state.current.problem = nil; change(&state.current)
        case .new: state.new.problem = nil; change(&state.new)
        case .repeated: state.repeated.problem = nil; change(&state.repeated)
        case .submit: break
        }
    }

    private static func validate(_ field: Field, _ state: inout State) {
        switch field {
        case .current:
            if state.current.value.isEmpty { state.current.problem = .pinMissing }
        case .new:
            if !PINPolicy.accepts(state.new.value) { state.new.problem = .customer(.pinInvalid) }
        case .repeated:
            if state.repeated.value != state.new.value { state.repeated.problem = .pinsDiffer }
        case .submit:
            break
        }
    }

    private static func problem(at field: Field, in state: State) -> FieldProblem? {
        switch field {
        case .current: state.current.problem
        case .new: state.new.problem
        case .repeated: state.repeated.problem
        case .submit: nil
        }
    }

    /// The core's refusal at the field it is about: the current PIN's (wrong, locked out) there,
    /// cleared for typing again; the new PIN's rule at the new PIN; anything else at the first field.
    private static func place(_ error: AccountError, in state: inout State) {
        switch error {
        case .refused(.customer(.wrongPIN)), .refused(.customer(.tooManyPINAttempts)):
            state.current.value = ""
            state.current.problem = .account(error)
            state.focus = .current
        case .refused(.customer(.pinInvalid)):
            state.new.problem = .account(error)
            state.focus = .new
        default:
            let first = state.fields[0]
            state.focus = first
            if first == .current { state.current.problem = .account(error) } else { state.new.problem = .account(error) }
        }
    }

    /// No PIN stays in the screen's state once the account has answered yes.
    private static func forgetPINs(_ state: inout State) {
        state.current.value = ""
        state.new.value = ""
        state.repeated.value = ""
    }
}

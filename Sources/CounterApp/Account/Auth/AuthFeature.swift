import CheckoutKit
import Localization
import TerminalUI

/// Sign up (email, password twice, the rules said up front) or log in. Errors show at the field;
/// the guest's cart goes with them into their account.
public enum AuthFeature {
    public enum Mode: Equatable, Sendable { case logIn, signUp }
    public enum Field: Int, Equatable, Sendable { case email, password, confirm, submit }

    public struct State: Equatable, Sendable {
        public var mode: Mode
        public var email = FormField(maxLength: 254, filter: CharacterFilter { !$0.isWhitespace })
        public var password = FormField(maxLength: 128, isMasked: true)
        public var confirm = FormField(maxLength: 128, isMasked: true)
        public var focus: Field = .email

        public init(mode: Mode) {
            self.mode = mode
        }

        var fields: [Field] { mode == .signUp ? [.email, .password, .confirm, .submit] : [.email, .password, .submit] }
    }

    public enum Action: Equatable, Sendable {
        case typed(Key)
        case pasted(String)
        case focusNext, focusPrevious
        case submit
        case answered(Result<String, AccountError>)
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        case signedIn(email: String)
    }

    /// The password rule, in the current language.
    public static var passwordRule: String { PasswordPolicy().description }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StoreClient> {
        switch action {
        case .typed(let key):
            switch state.focus {
            case .email: state.email.input.handle(key); state.email.problem = nil
            case .password: state.password.input.handle(key); state.password.problem = nil
            case .confirm: state.confirm.input.handle(key); state.confirm.problem = nil
            case .submit: break
            }
            return .none
        case .pasted(let text):
            switch state.focus {
            case .email: state.email.paste(text)
            case .password: state.password.paste(text)
            case .confirm: state.confirm.paste(text)
            case .submit: break
            }
            return .none
        case .focusNext, .focusPrevious:
            validate(state.focus, &state)
            state.focus = FieldFocus.step(from: state.focus, in: state.fields, forward: action == .focusNext)
            return .none
        case .submit:
            validate(.email, &state)
            validate(.password, &state)
            if state.mode == .signUp { validate(.confirm, &state) }
            if state.email.problem != nil { state.focus = .email; return .none }
            if state.password.problem != nil { state.focus = .password; return .none }
            if state.confirm.problem != nil { state.focus = .confirm; return .none }
            let email = state.email.value, password = state.password.value, mode = state.mode
            return .run { client, send in
                send(.answered(mode == .signUp ? client.signUp(email, password) : client.logIn(email, password)))
            }
        case .answered(.success(let email)):
            state.password.value = ""
            state.confirm.value = ""
            return .send(.delegate(.signedIn(email: email)))
        case .answered(.failure(let error)):
            // Put the core's refusal at the field it is about: the email's own refusals at the email,
            // anything else (a weak password, a wrong email-or-password) at the password, which is
            // what gets typed again.
            if case let .refused(.customer(refusal)) = error, [CustomerError.emailEmpty, .emailInvalid, .emailTaken].contains(refusal) {
                state.email.problem = .account(error)
                state.focus = .email
            } else {
                state.password.problem = .account(error)
                state.focus = .password
            }
            return .none
        case .delegate:
            return .none
        }
    }

    private static func validate(_ field: Field, _ state: inout State) {
        switch field {
        case .email:
            do { _ = try EmailAddress.normalize(state.email.value) } catch { state.email.problem = .customer(error) }
        case .password:
            if state.password.value.isEmpty { state.password.problem = .passwordMissing }
            else if state.mode == .signUp, !PasswordPolicy().accepts(state.password.value) { state.password.problem = .passwordRule }
        case .confirm:
            if state.confirm.value != state.password.value { state.confirm.problem = .passwordsDiffer }
        case .submit:
            break
        }
    }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        switch event {
        case .paste(let text): return .pasted(text)
        case .key(let key):
            switch key {
            case .escape: return nil
            case .tab, .down: return .focusNext
            case .backTab, .up: return .focusPrevious
            case .enter: return state.focus == .submit || state.focus == state.fields[state.fields.count - 2] ? .submit : .focusNext
            default: return state.focus == .submit ? nil : .typed(key)
            }
        default: return nil
        }
    }

    public static func hasTextFocus(_ state: State) -> Bool { state.focus != .submit }

    public static let keyHints = [KeyHint("Tab", "Next field"), KeyHint("Enter", "Continue"), KeyHint("Esc", "Back")]

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(state.mode == .signUp ? tr("Create your account") : tr("Log in"), into: &frame, in: area)
        if state.mode == .signUp {
            ScreenDrawing.text(tr("Password: {0}", passwordRule), into: &frame, in: ScreenDrawing.row(area, 1), role: .muted)
        }
        var y = 3
        ScreenDrawing.field(tr("Email"), state.email, focused: state.focus == .email, labelWidth: 16, placeholder: "you@example.com",
                            into: &frame, in: Rect(x: area.x, y: area.y + y, width: area.width, height: 2))
        y += 2
        ScreenDrawing.field(tr("Password"), state.password, focused: state.focus == .password, labelWidth: 16,
                            into: &frame, in: Rect(x: area.x, y: area.y + y, width: area.width, height: 2))
        y += 2
        if state.mode == .signUp {
            ScreenDrawing.field(tr("Password again"), state.confirm, focused: state.focus == .confirm, labelWidth: 16,
                                into: &frame, in: Rect(x: area.x, y: area.y + y, width: area.width, height: 2))
            y += 2
        }
        _ = Button(state.mode == .signUp ? tr("Sign up") : tr("Log in")).draw(into: &frame, in: ScreenDrawing.row(area, y + 1), focused: state.focus == .submit)
    }
}

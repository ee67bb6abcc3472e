import CheckoutKit
import Localization
import TerminalUI

/// The payments PIN, asked before locked saved payments are used (adding a card, paying with a
/// saved one): masked, digits only. An empty PIN costs no try; the account checks the PIN with
/// the auction's count and lockout, and its answer is said under the field.
public enum PaymentsUnlockFeature {
    public struct State: Equatable, Sendable {
        public var pin = PaymentsPINFeature.State.pinField()
        public init() {}
    }

    public enum Action: Equatable, Sendable {
        case typed(Key)
        case pasted(String)
        case unlock
        /// The account's answer: nil when the saved payments are unlocked.
        case answered(AccountError?)
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable { case unlocked, cancelled }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StoreClient> {
        switch action {
        case .typed(let key):
            state.pin.input.handle(key)
            state.pin.problem = nil
        case .pasted(let text):
            state.pin.paste(text)
        case .unlock:
            guard !state.pin.value.isEmpty else {
                state.pin.problem = .pinMissing
                return .none
            }
            let typed = state.pin.value
            state.pin.value = ""
            return .run { client, send in send(.answered(client.unlockPayments(typed))) }
        case .answered(nil):
            return .send(.delegate(.unlocked))
        case .answered(let error?):
            state.pin.problem = .account(error)
        case .delegate:
            break
        }
        return .none
    }

    public static func action(for event: InputEvent) -> Action? {
        switch event {
        case .paste(let text): return .pasted(text)
        case .key(.escape): return .delegate(.cancelled)
        case .key(.enter): return .unlock
        // Everything else is the field's (it keeps digits only): a `q` there must not quit.
        case .key(let key): return .typed(key)
        default: return nil
        }
    }

    public static let keyHints = [KeyHint("0-9", "PIN"), KeyHint("Enter", "Unlock"), KeyHint("Esc", "Cancel")]

    /// `prompt` says what the PIN is for; the refusal goes under the field at full width (the
    /// lockout's, with its time, is long).
    public static func draw(_ state: State, prompt: String, into frame: inout Frame, in area: Rect) {
        _ = TextBlock(prompt).draw(into: &frame, in: Rect(x: area.x, y: area.y, width: area.width, height: min(2, area.height)))
        var field = state.pin
        field.problem = nil
        ScreenDrawing.field(tr("PIN"), field, focused: true, labelWidth: 12, into: &frame,
                            in: Rect(x: area.x, y: area.y + 3, width: area.width, height: 1))
        if let problem = state.pin.problem {
            _ = TextBlock(problem.message, style: Style(.error, .bold)).draw(into: &frame, in: Rect(x: area.x, y: area.y + 5, width: area.width, height: 2))
        }
    }
}

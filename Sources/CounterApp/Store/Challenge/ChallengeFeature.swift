import CheckoutKit
import Localization
import TerminalUI

/// The 3-D Secure step: the card's bank asks for the one-time code it sent the shopper.
public enum ChallengeFeature {
    public struct State: Equatable, Sendable {
        public var challenge: ThreeDSChallenge
        public var code = FormField(maxLength: 8, filter: .digits)
        /// What is wrong with the answer (worded when drawn).
        public var message: Notice?

        public init(challenge: ThreeDSChallenge) {
            self.challenge = challenge
        }
    }

    public enum Action: Equatable, Sendable {
        case typed(Key)
        case submit
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        /// The code, or nil when the shopper gave up.
        case answer(String?)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, Void> {
        switch action {
        case .typed(let key):
            state.code.input.handle(key)
            state.message = nil
            return .none
        case .submit:
            guard !state.code.value.isEmpty else {
                state.message = .codeMissing
                return .none
            }
            return .send(.delegate(.answer(state.code.value)))
        case .delegate:
            return .none
        }
    }

    /// What the screen tells the shopper, as a value: `words(_:)` says it.
    public enum Notice: Equatable, Sendable {
        /// Enter with no code typed.
        case codeMissing
    }

    /// A notice in the current language.
    static func words(_ notice: Notice) -> String {
        switch notice {
        case .codeMissing: tr("Enter the code your bank sent you.")
        }
    }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        switch key {
        case .enter: return .submit
        case .escape: return .delegate(.answer(nil))
        default: return .typed(key)
        }
    }

    public static let keyHints = [KeyHint("0-9", "Code"), KeyHint("Enter", "Confirm"), KeyHint("Esc", "Cancel payment")]

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        let challenge = state.challenge
        let box = area.centered(width: min(area.width, 60), height: min(area.height, 10))
        let inner = Box(title: tr("Security check · {0} •••• {1}", challenge.cardBrand, challenge.cardLastFour)).draw(into: &frame, in: box, focused: true)
        _ = TextBlock(challenge.message).draw(into: &frame, in: Rect(x: inner.x, y: inner.y, width: inner.width, height: min(2, inner.height)))
        ScreenDrawing.field(tr("Code"), state.code, focused: true, labelWidth: 6, placeholder: tr("6 digits"), into: &frame,
                            in: Rect(x: inner.x, y: inner.y + 3, width: inner.width, height: max(0, min(2, inner.height - 3))))
        if DemoMode.showsTestControls {
            ScreenDrawing.text(tr("Test cards: the code is 123456."), into: &frame, in: ScreenDrawing.row(inner, 6), role: .muted)
        }
        if let message = state.message {
            ScreenDrawing.text(words(message), into: &frame, in: ScreenDrawing.row(inner, 5), role: .error)
        }
    }
}

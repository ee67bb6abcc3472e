import CheckoutKit
import TerminalUI

/// The 3-D Secure challenge over the start bid: the flow's authentication presenter shows it,
/// and the customer's code (or their cancel) goes back through the bridge.
///
/// STAND-IN: the store's challenge screen is the one the counter should show here; until it is
/// merged this adapter keeps the smallest possible screen (code field, Enter, Esc), and only
/// its draw and keys are to be replaced by the store's.
public enum AuctionChallenge {
    public struct State: Equatable, Sendable {
        public var challenge: ThreeDSChallenge
        public var code = ""
        /// Set once answered: the parent drops the screen.
        public var isFinished = false

        public init(challenge: ThreeDSChallenge) {
            self.challenge = challenge
        }
    }

    public enum Action: Equatable, Sendable {
        case type(Character)
        case erase
        case submit
        case cancel
        case ignoredKey
        case flowChanged(AuctionFlowSnapshot)
    }

    static let codeLength = 6

    public static func reduce(_ state: inout State, _ action: Action, _ environment: AuctionEnvironment) -> Effect<Action> {
        switch action {
        case .type(let digit):
            if state.code.count < codeLength { state.code.append(digit) }
            return .none
        case .erase:
            if !state.code.isEmpty { state.code.removeLast() }
            return .none
        case .submit, .cancel:
            let code: String? = action == .submit ? state.code : nil
            state.isFinished = true
            return .run { send in
                if let snapshot = environment.withFlow({ _, bridge in bridge.answerChallenge(code) }) { send(.flowChanged(snapshot)) }
            }
        case .ignoredKey, .flowChanged:
            return .none
        }
    }

    static func action(for event: InputEvent, in state: State) -> Action? {
        guard case .key(let key) = event else { return nil }
        switch key {
        case .character(let c) where c.isASCII && c.isNumber: return .type(c)
        case .backspace: return .erase
        case .enter: return .submit
        case .escape: return .cancel
        case .control: return nil
        default: return .ignoredKey
        }
    }

    static func keyHints(_ state: State) -> [KeyHint] {
        [KeyHint("0-9", "Code"), KeyHint("Enter", "Confirm"), KeyHint("Esc", "Cancel")]
    }

    static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        let challenge = state.challenge
        let box = area.centered(width: min(64, area.width), height: min(10, area.height))
        frame.clear(box)
        let inside = frame.drawBox(box, title: "Secure check · \(challenge.merchantName)", border: .double, style: WidgetLook.focusedBorder)
        let content = inside.inset(top: 1, left: 2, bottom: 0, right: 2)
        frame.write("\(challenge.amount.formatted()) on \(challenge.cardBrand) •••• \(challenge.cardLastFour)", in: content.splitTop(1).top, style: WidgetLook.title)
        TextBlock(challenge.message).draw(into: &frame, in: Rect(x: content.x, y: content.y + 1, width: content.width, height: 2))
        var field = TextFieldState(value: state.code, maxLength: codeLength, filter: .digits, isMasked: false)
        TextField(label: "Code", labelWidth: 5, fieldWidth: codeLength + 1)
            .draw(into: &frame, in: Rect(x: content.x, y: content.y + 4, width: content.width, height: 1), state: &field, focused: true)
        frame.write("Enter confirms, Esc cancels (the card is then not charged).",
                    in: Rect(x: content.x, y: content.y + 6, width: content.width, height: 1), style: WidgetLook.muted)
    }
}

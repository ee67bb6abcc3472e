import CheckoutKit
import Localization
import TerminalUI

/// The PIN form: the rule up front, the fields (masked), the button.
extension PaymentsPINFeature {
    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(state.mode == .set ? tr("Set payments PIN") : tr("Change payments PIN"), into: &frame, in: area)
        ScreenDrawing.text(tr("Your saved cards and auction bids are unlocked with this PIN: {0}", PINPolicy.description),
                           into: &frame, in: ScreenDrawing.row(area, 1), role: .muted)
        let labelWidth = 18
        var y = 3
        // A refusal too long for the room beside its field (the lockout, with its time) is said
        // whole under the button instead of cut short.
        var longProblem: String?
        for field in state.fields where field != .submit {
            var (label, value) = switch field {
            case .current: (tr("Current PIN"), state.current)
            case .new: (tr("New PIN"), state.new)
            default: (tr("New PIN again"), state.repeated)
            }
            if let message = value.problem?.message, message.displayWidth > area.width - labelWidth - 2 {
                longProblem = message
                value.problem = nil
            }
            ScreenDrawing.field(label, value, focused: state.focus == field, labelWidth: labelWidth,
                                into: &frame, in: Rect(x: area.x, y: area.y + y, width: area.width, height: 2))
            y += 2
        }
        let title = state.mode == .set ? tr("Set PIN") : tr("Change PIN")
        _ = Button(title, isDisabled: state.isSaving).draw(into: &frame, in: ScreenDrawing.row(area, y + 1), focused: state.focus == .submit)
        if let longProblem {
            _ = TextBlock(longProblem, style: Style(.error, .bold)).draw(into: &frame, in: Rect(x: area.x, y: area.y + y + 3, width: area.width, height: 2))
        }
    }
}

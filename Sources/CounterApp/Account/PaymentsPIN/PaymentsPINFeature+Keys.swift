import TerminalUI

/// Which action a key means on the PIN form, and the keys the footer shows.
extension PaymentsPINFeature {
    public static func action(for event: InputEvent, in state: State) -> Action? {
        switch event {
        case .paste(let text): return .pasted(text)
        case .key(let key):
            switch key {
            // Esc is the app's: back to the menu, nothing saved.
            case .escape: return nil
            case .tab, .down: return .focusNext
            case .backTab, .up: return .focusPrevious
            case .enter: return state.focus == .submit || state.focus == .repeated ? .submit : .focusNext
            // Anything else typed is the field's (its filter keeps digits): a `q` there must not quit.
            default: return state.focus == .submit ? nil : .typed(key)
            }
        default: return nil
        }
    }

    public static func hasTextFocus(_ state: State) -> Bool { state.focus != .submit }

    public static func keyHints(_ state: State) -> [KeyHint] {
        [KeyHint("0-9", "PIN"), KeyHint("Tab", "Next field"), KeyHint("Enter", state.mode == .set ? "Set PIN" : "Change PIN"),
         KeyHint("Esc", "Back")]
    }
}

import Localization
import TerminalUI

/// Which action a key or a paste means on the card form (a swipe in progress takes every key).
extension CardFormFeature {
    public static func action(for event: InputEvent, in state: State) -> Action? {
        switch event {
        case .paste(let text):
            return .pasted(text)
        case .key(let key):
            if state.isSwiping { return key == .escape ? .typed(.enter) : .typed(key) }
            switch key {
            case .escape: return .delegate(.cancel)
            case .tab, .down: return .focusNext
            case .backTab, .up: return .focusPrevious
            case .enter:
                switch state.focus {
                case .save: return .toggleSave
                case .submit: return .submit
                case .cvc: return .focus(.submit)
                default: return .focusNext
                }
            case .character(" ") where state.focus == .save: return .toggleSave
            default: return .typed(key)
            }
        default:
            return nil
        }
    }

    /// Computed: "swipe" is no key cap but a word, shown in the current language.
    public static var keyHints: [KeyHint] {
        [KeyHint("Tab", "Next field"), KeyHint("Space", "Tick"), KeyHint("Enter", "Next / Pay"),
         KeyHint("Esc", "Back"), KeyHint(tr("swipe"), "Card reader")]
    }

    /// The keys of a form that saves without asking (no checkbox to tick).
    public static func keyHints(for state: State) -> [KeyHint] {
        guard !state.asksToSave else { return keyHints }
        return [KeyHint("Tab", "Next field"), KeyHint("Enter", "Next / Save"), KeyHint("Esc", "Back"), KeyHint(tr("swipe"), "Card reader")]
    }
}

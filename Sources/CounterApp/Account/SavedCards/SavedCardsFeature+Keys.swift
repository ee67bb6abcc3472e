import TerminalUI

/// Which action a key means on the saved cards, and the keys the footer shows.
extension SavedCardsFeature {
    static let listKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown)

    public static func action(for event: InputEvent, in state: State) -> Action? {
        switch state.adding {
        case .form(let form):
            return CardFormFeature.action(for: event, in: form).map { .add(.cardForm($0)) }
        case .unlocking:
            return PaymentsUnlockFeature.action(for: event).map { .add(.unlock($0)) }
        case .challenge(let challenge):
            return ChallengeFeature.action(for: event, in: challenge).map { .add(.challenge($0)) }
        case .checking:
            // The bank answers within `CardCheckService.answerTimeout`: until then no key leaves
            // (a card the bank then accepts would be saved behind the shopper's back).
            if case .key = event { return .add(.busy) }
            return nil
        case nil:
            break
        }
        guard case let .key(key) = event else { return nil }
        if state.confirmingRemoval != nil { return .confirmRemoval(key == .character("y") || key == .character("Y")) }
        if key == .character("a") { return .add(.start) }
        guard !state.cards.isEmpty else { return nil }
        if let action = listKeys.action(for: key) { return action }
        switch key {
        case .character("d"): return .makeDefault
        case .character("r"), .delete, .backspace: return .askToRemove
        default: return nil
        }
    }

    public static func hasTextFocus(_ state: State) -> Bool {
        switch state.adding {
        case .form(let form): form.focus.rawValue <= CardFormFeature.Field.cvc.rawValue || form.isSwiping
        // While the bank answers every key is the screen's (none acts), as at the checkout.
        case .unlocking, .challenge, .checking: true
        case nil: false
        }
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        switch state.adding {
        case .form(let form): return CardFormFeature.keyHints(for: form)
        case .unlocking: return PaymentsUnlockFeature.keyHints
        // Cancelling here cancels the card's check, not a payment.
        case .challenge: return [KeyHint("0-9", "Code"), KeyHint("Enter", "Confirm"), KeyHint("Esc", "Cancel")]
        case .checking: return KeyHint.bankAnswering
        case nil: break
        }
        if state.confirmingRemoval != nil { return [KeyHint("y", "Remove"), KeyHint("n", "Keep")] }
        guard !state.cards.isEmpty else { return [KeyHint("a", "Add card"), KeyHint("Esc", "Back")] }
        // Moving needs two cards; the default card is already the default.
        let move = KeyHint.move(state.cards.count)
        let makeDefault = state.selected?.card.isDefault == false ? [KeyHint("d", "Make default")] : []
        return move + [KeyHint("a", "Add card")] + makeDefault + [KeyHint("r", "Remove"), KeyHint("Esc", "Back")]
    }
}

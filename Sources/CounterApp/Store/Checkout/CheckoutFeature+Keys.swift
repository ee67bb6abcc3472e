import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// Which action a key means on the checkout, phase by phase, and the keys the footer shows.
extension CheckoutFeature {
    public static func action(for event: InputEvent, in state: State) -> Action? {
        switch state.phase {
        case .cardForm(let form):
            return CardFormFeature.action(for: event, in: form).map(Action.cardForm)
        case .challenge(let challenge):
            return ChallengeFeature.action(for: event, in: challenge).map(Action.challenge)
        case .unlocking:
            return PaymentsUnlockFeature.action(for: event).map(Action.unlock)
        case .cash(let cash):
            return CashTenderFeature.action(for: event, in: cash).map(Action.cash)
        case .partAmount:
            guard case let .key(key) = event else { return nil }
            return key == .enter ? .setPart : .partKey(key)
        case .givingBack(let asked):
            guard case let .key(key) = event else { return nil }
            if asked { return .busy }
            switch key {
            case .character("y"), .character("Y"): return .confirmGiveBack(true)
            case .character("n"), .character("N"), .escape: return .confirmGiveBack(false)
            default: return nil
            }
        case .paying:
            // Nothing leaves or pays again while the charge runs (Ctrl+C still quits).
            if case .key = event { return .busy }
            return nil
        case .checking:
            // Leaving is fine (the order stays with the settler); paying again is not offered.
            if case .key(.escape) = event { return .delegate(.back) }
            if case .key = event { return .busy }
            return nil
        case .choosing:
            guard case let .key(key) = event else { return nil }
            if key == .escape { return .delegate(.back) }
            if key == .character("p"), state.cashRounding != nil { return .askPart }
            if key == .character("x"), state.paidSoFar != nil { return .askGiveBack }
            return choosingKeys.action(for: key)
        }
    }

    /// The ways to pay, as a numbered list.
    static let choosingKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown, enter: .choose, pick: Action.pick, tabMovesDown: true)

    public static func keyHints(_ state: State) -> [KeyHint] {
        switch state.phase {
        case .choosing where state.paidSoFar != nil:
            // A part-paid order: finishing it or giving its parts back matter more than moving.
            [KeyHint("Enter", "Pay / Use"), KeyHint("x", "Give back"), KeyHint("p", "Pay part"), KeyHint("↑↓", "Move")]
                + KeyHint.numbers(state.options.count, "Pick") + [KeyHint("Esc", "Back to cart")]
        case .choosing:
            [KeyHint("↑↓", "Move")] + KeyHint.numbers(state.options.count, "Pick") + [KeyHint("Enter", "Pay / Use")]
                + (state.cashRounding != nil ? [KeyHint("p", "Pay part")] : []) + [KeyHint("Esc", "Back to cart")]
        case .givingBack(false): [KeyHint("y", "Give back"), KeyHint("n", "Keep paying")]
        case .givingBack(true): KeyHint.bankAnswering
        case .partAmount: [KeyHint("0-9", "Amount"), KeyHint("Enter", "Set the part"), KeyHint("Esc", "Back")]
        case .cardForm: CardFormFeature.keyHints
        case .challenge: ChallengeFeature.keyHints
        case .unlocking: PaymentsUnlockFeature.keyHints
        case .cash(let cash): CashTenderFeature.keyHints(cash)
        case .paying: KeyHint.bankAnswering
        case .checking: [KeyHint(tr("wait"), "Checking with the bank"), KeyHint("Esc", "Back to cart")]
        }
    }

    /// Whether a text field has the keys (then `q` and `?` are typed, not obeyed).
    public static func hasTextFocus(_ state: State) -> Bool {
        switch state.phase {
        case .cardForm(let form): form.focus.rawValue <= CardFormFeature.Field.cvc.rawValue || form.isSwiping
        case .challenge, .paying, .unlocking, .cash, .partAmount: true
        case .choosing, .checking, .givingBack: false
        }
    }
}

extension KeyHint {
    /// While a bank answers no key acts but Ctrl+C. "wait" is no key cap but a word: it is shown
    /// in the current language.
    static var bankAnswering: [KeyHint] { [KeyHint(tr("wait"), "The bank is answering"), KeyHint("Ctrl+C", "Quit")] }
}

import CheckoutKit
import Localization
import TerminalUI

/// The saved cards drawn from their state: the list and its message, or the card being added.
extension SavedCardsFeature {
    /// A notice in the current language.
    static func words(_ notice: Notice) -> String {
        switch notice {
        case .madeDefault(let card): tr("{0} is now your default card.", card)
        case .removed(let card): tr("Removed {0}.", card)
        case .added(let card): tr("Saved {0}.", card)
        case .alreadySaved(let card): tr("{0} was already saved: its details are updated.", card)
        case .refused(let error): error.message
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        switch state.adding {
        case .form(let form):
            ScreenDrawing.title(tr("Add a card"), into: &frame, in: area)
            CardFormFeature.draw(form, into: &frame, in: area.inset(top: 2, left: 0, bottom: 0, right: 0))
            return
        case .unlocking(let unlock):
            drawUnlocking(unlock, into: &frame, in: area)
            return
        case .checking(let card):
            ScreenDrawing.title(tr("Add a card"), into: &frame, in: area)
            ScreenDrawing.text(tr("Asking your bank about {0}… Nothing is charged.", card), into: &frame,
                               in: ScreenDrawing.row(area, 2), role: .muted)
            return
        case .challenge(let challenge):
            ScreenDrawing.title(tr("Add a card"), into: &frame, in: area)
            ChallengeFeature.draw(challenge, into: &frame, in: area.inset(top: 2, left: 0, bottom: 0, right: 0))
            return
        case nil:
            break
        }
        ScreenDrawing.title(tr("Saved cards"), into: &frame, in: area)
        if state.cards.isEmpty {
            ScreenDrawing.text(tr("No saved cards yet. Press a to add one, or tick \"Save this card\" when you pay."), into: &frame,
                               in: ScreenDrawing.row(area, 2), role: .muted)
        }
        for (index, card) in state.cards.prefix(max(0, area.height - 4)).enumerated() {
            let option = PaymentOption.saved(card)
            ScreenDrawing.selectableRow(option.title, detail: option.detail, selected: index == state.selection,
                                        enabled: !card.isExpired, into: &frame, in: ScreenDrawing.row(area, 2 + index))
        }
        let bottom = ScreenDrawing.row(area, area.height - 1)
        if let card = state.confirmingRemoval {
            ScreenDrawing.text(tr("Remove {0} •••• {1}? y = yes, any other key = no", card.card.brand, card.card.lastFour), into: &frame,
                               in: bottom, role: .warning, attributes: .bold)
        } else if let message = state.message {
            ScreenDrawing.text(words(message), into: &frame, in: bottom, role: message.isProblem ? .error : .success)
        }
    }

    private static func drawUnlocking(_ unlock: PaymentsUnlockFeature.State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Add a card"), into: &frame, in: area)
        PaymentsUnlockFeature.draw(unlock, prompt: tr("Your saved cards are locked. Enter your payments PIN to add a card."),
                                   into: &frame, in: area.inset(top: 2, left: 0, bottom: 0, right: 0))
    }
}

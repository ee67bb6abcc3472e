import Foundation
import Localization
import TerminalUI

/// What the shell draws over the counter: the notice row, the attract banner, its dialogs, and
/// the cover while the counter starts over.
extension KioskFeature {
    public static func draw(_ state: State, into frame: inout Frame) {
        let bounds = frame.bounds
        if let notice = state.notice {
            let row = bounds.splitTop(2).top.splitBottom(1).bottom
            frame.fill(row, style: Style(.background))
            frame.write(" " + words(notice), in: row, style: Style(.warning, .bold))
        }
        if state.isAttracting {
            let banner = bounds.splitBottom(3).bottom.splitTop(1).top
            frame.fill(banner, style: Style(.focus, [.reverse, .bold]))
            frame.write(tr("Press any key to start"), in: banner, alignment: .center, style: Style(.focus, [.reverse, .bold]))
            frame.write(" " + tr("DEMO"), in: banner, style: Style(.focus, [.reverse, .bold]))
        }
        switch state.overlay {
        case let .stillThere(deadline):
            let left = max(0, Int(deadline.timeIntervalSince(state.now).rounded(.up)))
            ModalDialog(title: tr("Are you still there?"),
                        message: tr("Press any key to keep shopping.") + "\n" + tr("Starting over in {0} s.", left),
                        buttons: [tr("I'm here")], maxWidth: 44, tone: .warning)
                .draw(into: &frame, state: ModalDialogState(buttonCount: 1))
        case .startingOver:
            // Nothing of the last shopper shows while the counter goes back their way.
            frame.fill(bounds, style: Style(.background))
            frame.focus = nil
            ModalDialog(title: tr("Starting over"), message: tr("One moment, please."), buttons: [], maxWidth: 44)
                .draw(into: &frame, state: ModalDialogState(buttonCount: 0))
        case let .operatorPIN(entry, message):
            let typed = String(repeating: "•", count: entry.count) + "_"
            var text = state.configuration.asksManagersPIN ? tr("Manager's PIN: {0}", typed) : tr("Operator PIN: {0}", typed)
            if let message { text += "\n" + words(message) }
            text += "\n" + tr("Enter: confirm · Esc: cancel")
            ModalDialog(title: tr("Operator"), message: text, buttons: [], maxWidth: 44)
                .draw(into: &frame, state: ModalDialogState(buttonCount: 0))
        case let .operatorMenu(selection, message):
            var lines = OperatorChoice.menu(isKiosk: state.configuration.isKiosk).enumerated().map { index, choice in
                "\(index == selection ? "›" : " ") \(index + 1)  \(choice.title)"
            }
            if let message { lines += ["", words(message)] }
            if let status = printerStatus(state) { lines = [status, ""] + lines }
            ModalDialog(title: tr("Operator menu"), message: lines.joined(separator: "\n"), buttons: [], maxWidth: 56)
                .draw(into: &frame, state: ModalDialogState(buttonCount: 0))
        case let .operatorReprint(digits, message):
            // The number it would print, as it reads on the receipt.
            var text = tr("Order number: {0}", digits.isEmpty ? "HS-______" : orderNumber(digits))
            if let message { text += "\n" + words(message) }
            text += "\n" + tr("Type its digits. Enter: print a copy · Esc: back")
            ModalDialog(title: tr("Reprint a receipt"), message: text, buttons: [], maxWidth: 48)
                .draw(into: &frame, state: ModalDialogState(buttonCount: 0))
        case nil:
            break
        }
        // The counter's footer names the counter's keys; under an operator dialog the keys are
        // the dialog's, so its own footer covers the counter's.
        if let hints = operatorKeyHints(state) {
            Footer(hints).draw(into: &frame, in: bounds.splitBottom(1).bottom)
        }
    }

    /// The keys of the operator dialog on screen, if one is.
    static func operatorKeyHints(_ state: State) -> [KeyHint]? {
        switch state.overlay {
        case .operatorPIN: [KeyHint("0-9", "PIN"), KeyHint("Enter", "Confirm"), KeyHint("Esc", "Cancel")]
        case .operatorMenu:
            [KeyHint("↑↓", "Move")] + KeyHint.numbers(OperatorChoice.menu(isKiosk: state.configuration.isKiosk).count, "Pick")
                + [KeyHint("Enter", "Choose"), KeyHint("Esc", "Close")]
        case .operatorReprint: [KeyHint("0-9", "Order number"), KeyHint("Enter", "Print a copy"), KeyHint("Esc", "Back")]
        case .stillThere, .startingOver, nil: nil
        }
    }
}

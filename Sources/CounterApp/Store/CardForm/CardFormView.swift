import Localization
import TerminalUI

/// The card form drawn from its state: four fields, the checkbox, the button, one message line.
extension CardFormFeature {
    /// A form message in the current language.
    static func words(_ message: FormMessage) -> String {
        switch message {
        case let .checkDetails(errors): tr("Please check the card details: {0}", errors.messages.first ?? "")
        case let .refused(error): error.messages.first ?? ""
        case let .cardRead(brand, lastFour): tr("Card read: {0} •••• {1}. Enter the security code.", brand, lastFour)
        case let .unreadableSwipe(error): error.message
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        let labelWidth = 12
        var row = 0
        func next(_ height: Int) -> Rect {
            defer { row += height }
            return Rect(x: area.x, y: area.y + row, width: area.width, height: max(0, min(height, area.height - row)))
        }
        ScreenDrawing.field(tr("Name on card"), state.holder, focused: state.focus == .holder, labelWidth: labelWidth,
                            placeholder: tr("as printed"), into: &frame, in: next(2))
        let brand = state.brand
        var shownNumber = FormField(filter: .any, value: CardNumberFormat.grouped(state.number.value, brand: brand))
        shownNumber.problem = state.number.problem
        let numberRect = next(2)
        ScreenDrawing.field(tr("Card number"), shownNumber, focused: state.focus == .number, labelWidth: labelWidth,
                            placeholder: "1234 1234 1234 1234", into: &frame, in: numberRect)
        if let brand, numberRect.height > 0 {
            let x = numberRect.x + labelWidth + 2 + 25
            frame.write(brand.displayName, in: Rect(x: x, y: numberRect.y, width: max(0, numberRect.maxX - x), height: 1), style: Style(.accent, .bold))
        }
        ScreenDrawing.field(tr("Expiry"), state.expiry, focused: state.focus == .expiry, labelWidth: labelWidth,
                            placeholder: "MM/YY", into: &frame, in: next(2))
        ScreenDrawing.field(tr("CVC"), state.cvc, focused: state.focus == .cvc, labelWidth: labelWidth,
                            placeholder: State.cvcLength(brand) == 4 ? tr("4 digits") : tr("3 digits"), into: &frame, in: next(2))
        let saveRect = next(1)
        if state.asksToSave {
            let checkbox = CheckboxState(isChecked: state.saveCard, isDisabled: !state.canSave)
            let used = Checkbox(tr("Save this card for next time")).draw(into: &frame, in: saveRect, state: checkbox, focused: state.focus == .save)
            if !state.canSave {
                frame.write("  " + tr("(log in to save cards)"), in: Rect(x: saveRect.x + used, y: saveRect.y, width: max(0, saveRect.width - used), height: saveRect.height), style: Style(.muted))
            }
        }
        _ = next(1)
        let button = Button(state.isSubmitting ? tr("Checking the card…") : state.submitTitle, isDisabled: state.isSubmitting)
        _ = button.draw(into: &frame, in: next(1), focused: state.focus == .submit)
        if state.isSwiping {
            frame.write(tr("Reading the card…"), in: ScreenDrawing.row(area, area.height - 1), style: Style(.accent, .bold))
        } else if let message = state.formMessage {
            let role: ColorRole = state.formMessageIsGood ? .success : .error
            frame.write(words(message), in: ScreenDrawing.row(area, area.height - 1), style: Style(role))
        }
    }
}

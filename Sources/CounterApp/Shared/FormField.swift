import TerminalUI

/// A text field's state as a value a feature's `State` can compare: the toolkit's
/// `TextFieldState` holds a filter closure, so equality is defined on what the person sees
/// (value, edit point, mask) and on why the value is refused.
public struct FormField: Equatable, Sendable {
    public var input: TextFieldState
    /// Why the value is refused, as a value; worded under the field when it is drawn
    /// (`ScreenDrawing.field`), so the toolkit's `validationMessage` stays empty in state.
    public var problem: FieldProblem?

    public init(maxLength: Int? = nil, filter: CharacterFilter = .any, isMasked: Bool = false, value: String = "") {
        input = TextFieldState(value: value, maxLength: maxLength, filter: filter, isMasked: isMasked)
    }

    public var value: String {
        get { input.value }
        set { input.value = newValue }
    }

    /// Text pasted at the cursor. What the field cannot take (a digit in a name, a letter in a
    /// number, more than fits) is said under it rather than dropped without a word.
    public mutating func paste(_ text: String) {
        let leftOut = text.count - input.insert(text)
        problem = leftOut > 0 ? .pasteLeftOut(characters: leftOut) : nil
    }

    public static func == (lhs: FormField, rhs: FormField) -> Bool {
        lhs.input.value == rhs.input.value && lhs.input.cursor == rhs.input.cursor
            && lhs.input.isMasked == rhs.input.isMasked && lhs.problem == rhs.problem
    }
}

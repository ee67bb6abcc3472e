/// Tab and Shift+Tab through a form's fields: the next or previous one, stopping at the ends
/// (a form's last field does not wrap back to its first, so Tab never jumps away from Save).
enum FieldFocus {
    static func step<Field: Equatable>(from focus: Field, in fields: [Field], forward: Bool) -> Field {
        guard let index = fields.firstIndex(of: focus) else { return fields.first ?? focus }
        return fields[forward ? min(fields.count - 1, index + 1) : max(0, index - 1)]
    }
}

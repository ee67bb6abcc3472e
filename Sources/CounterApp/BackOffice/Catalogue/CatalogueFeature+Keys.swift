import TerminalUI

/// The catalogue's keys: ↑↓ move, a adds a product, p changes the selected one's price, r
/// receives stock, c counts it, l shows only the low ones (or all again), Enter shows its
/// movements; in a form Tab (↑↓) moves between fields, ←→ (space) choose, Enter goes on or
/// saves, Esc cancels.
extension CatalogueFeature {
    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event, !state.isBusy else { return nil }
        if let form = state.form {
            let onChoice = CatalogueForm.isChoice(form.focusedField)
            switch key {
            case .escape: return .cancel
            case .enter: return .submit
            case .backspace: return .erase
            case .tab, .down: return .nextField
            case .backTab, .up: return .previousField
            case .right where onChoice: return .nextChoice
            case .left where onChoice: return .previousChoice
            case let .character(c): return .typed(c)
            default: return nil
            }
        }
        if state.history != nil {
            return key == .escape ? .closeHistory : nil
        }
        let hasProduct = state.selected != nil
        switch key {
        case .up: return .moveUp
        case .down: return .moveDown
        case .enter where hasProduct: return .showHistory
        case .character("a"): return .ask(.add)
        case .character("p") where hasProduct: return .ask(.price)
        case .character("r") where hasProduct: return .ask(.receive)
        case .character("c") where hasProduct: return .ask(.count)
        case .character("l"): return .toggleLow
        default: return nil
        }
    }

    /// A form takes every key.
    public static func hasTextFocus(_ state: State) -> Bool { state.form != nil }

    public static func keyHints(_ state: State) -> [KeyHint] {
        if let form = state.form {
            let choose = CatalogueForm.isChoice(form.focusedField) ? [KeyHint("←→", "Choose")] : []
            let enter = form.isOnLastField ? KeyHint("Enter", "Save").primary : KeyHint("Enter", "Next")
            let tab = form.fields.count > 1 ? [KeyHint("Tab", "Field")] : []
            return choose + [enter] + tab + [KeyHint("Esc", "Cancel")]
        }
        if state.history != nil { return [KeyHint("Esc", "Back")] }
        let count = state.products?.count ?? 0
        // The changes first: on a narrow footer the movements' key is the first to yield to `?`.
        let product = count > 0 ? [KeyHint("p", "Price"), KeyHint("r", "Receive"), KeyHint("c", "Count")] : []
        let movements = count > 0 ? [KeyHint("Enter", "Movements")] : []
        return KeyHint.move(count) + [KeyHint("a", "Add")] + product + [KeyHint("l", state.showingLow ? "All" : "Low")] + movements
            + [KeyHint("Esc", "Back")]
    }
}

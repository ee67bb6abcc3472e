import TerminalUI

/// The till's keys: o opens it, i pays in, u pays out, n opens the drawer for no sale, c closes
/// and counts; in a form Tab (or ↑↓ in the count) moves, Enter goes on, Esc cancels.
extension TillFeature {
    public static func action(for event: InputEvent, in state: State) -> Action? {
        if let approval = state.approval { return ManagerApprovalFeature.action(for: event, in: approval).map(Action.approval) }
        guard case let .key(key) = event, !state.isBusy else { return nil }
        if state.entry != nil {
            switch key {
            case .escape: return .cancel
            case .enter: return .submit
            case .backspace: return .erase
            case .control("u"): return .clearField
            case .tab, .down: return .nextField
            case .backTab, .up: return .previousField
            case let .character(c): return .typed(c)
            default: return nil
            }
        }
        switch (key, state.status) {
        case (.character("o"), .closed?): return .askOpen
        case (.character("i"), .open?): return .askPayIn
        case (.character("u"), .open?): return .askPayOut
        case (.character("n"), .open?): return .askNoSale
        case (.character("c"), .open?): return .askClose
        default: return nil
        }
    }

    /// A form takes every key.
    public static func hasTextFocus(_ state: State) -> Bool { state.entry != nil || state.approval != nil }

    public static func keyHints(_ state: State) -> [KeyHint] {
        if let approval = state.approval { return ManagerApprovalFeature.keyHints(approval) }
        switch state.entry {
        case .opening: return [KeyHint("Enter", "Open the till"), KeyHint("Esc", "Cancel")]
        case .moving(let movement) where movement.kind == .noSale: return [KeyHint("Enter", "Open the drawer"), KeyHint("Esc", "Cancel")]
        case .moving: return [KeyHint("Tab", "Field"), KeyHint("Enter", "Next/Record"), KeyHint("Esc", "Cancel")]
        case .counting: return [KeyHint("↑↓", "Line"), KeyHint("Enter", "Close the till"), KeyHint("Esc", "Cancel")]
        case .approving: return [KeyHint("Enter", "Approve"), KeyHint("Esc", "Back to the count")]
        case nil: break
        }
        switch state.status {
        case .open?:
            // Short enough for 60 columns, where every one of them must show.
            return [KeyHint("i", "In"), KeyHint("u", "Out"), KeyHint("n", "No sale"), KeyHint("c", "Close"), KeyHint("Esc", "Back")]
        case .closed?: return [KeyHint("o", "Open the till"), KeyHint("Esc", "Back")]
        case nil: return [KeyHint("Esc", "Back")]
        }
    }
}

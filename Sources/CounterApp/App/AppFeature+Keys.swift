import TerminalUI

/// Which action a key or a click means, on the screen on top.
extension AppFeature {
    /// Keys that mean the same on every screen, then the top screen's own keys. A screen with a
    /// text field in focus gets every key but Ctrl+C (so `q` and `?` are typed).
    public static func action(for event: InputEvent, in state: State, size: Size) -> Action? {
        if case .key(.control("c")) = event { return .quitNow }
        // Only sent where `takesScans` said so (the toolkit holds no digits elsewhere).
        if case let .scan(code) = event { return .scan(.scanned(code)) }
        if state.quitDialog != nil {
            // Modal: every key answers the dialog.
            guard case let .key(key) = event else { return nil }
            return .quitDialogKey(key)
        }
        if let action = staffAction(for: event, in: state) { return action }
        if state.notice != nil, case .key = event { return .dismissNotice }
        if state.isShowingHelp {
            if case .key = event { return .toggleHelp }
            return nil
        }
        if case let .mouse(.left, at: point) = event, state.top.isStore {
            return clickAction(at: point, in: state, size: size)
        }
        if let action = screenAction(for: event, in: state, size: size) { return action }
        if hasTextFocus(state.top) { return event == .key(.escape) ? .back : nil }
        switch event {
        case .key(.escape): return .back
        case .key(.character("?")): return .toggleHelp
        case .key(.character("q")): return .quit
        default: return nil
        }
    }

    /// The top screen's own keys, as its kind maps them.
    private static func screenAction(for event: InputEvent, in state: State, size: Size) -> Action? {
        state.top.kind.action(event, state.top, size)
    }

    static func hasTextFocus(_ screen: Screen) -> Bool {
        screen.kind.hasTextFocus(screen)
    }

    /// The quit dialog's keys: while it is up every key answers it, so the footer says those.
    static let quitDialogHints = [KeyHint("y", "Quit"), KeyHint("n", "Stay"), KeyHint("←→", "Choose"), KeyHint("Enter", "Confirm"),
                                  KeyHint("Esc", "Stay")]

    public static func keyHints(for state: State) -> [KeyHint] {
        if state.quitDialog != nil { return quitDialogHints }
        if isSigningIn(state) { return StaffDesk.keyHints }
        var hints = state.top.kind.keyHints(state.top, state.session)
        if !state.isKiosk, state.staff.serving != nil { hints.append(KeyHint("F9", "Sign out")) }
        if !hasTextFocus(state.top) {
            hints.append(KeyHint("?", "Keys"))
            if !state.isKiosk { hints.append(KeyHint("q", "Quit")) }
        }
        return hints
    }
}

import Foundation
import TerminalUI

/// Which kiosk action an event is, before the counter sees it.
extension KioskFeature {
    /// Nil lets the counter have the event. While a kiosk dialog, the cover of starting over or
    /// the demo is up, nothing reaches the counter underneath: not a key, a click or a paste.
    public static func action(for event: InputEvent, in state: State) -> Action? {
        if case .resize = event { return nil }
        let key: Key? = if case let .key(key) = event { key } else { nil }
        guard state.configuration.isKiosk else {
            // A staffed counter: F2 is the person's own (it steps through the themes); F10, as
            // the home's "Operator" line, asks for the operator PIN.
            switch state.overlay {
            case .operatorPIN, .operatorMenu, .operatorReprint: return key.map(Action.operatorKey) ?? .activity(state.now)
            case .stillThere, .startingOver, nil: break
            }
            switch key {
            case .function(2): return .cycleTheme
            case .function(10): return .openOperator
            default: return nil
            }
        }
        if state.isAttracting { return key == .function(10) ? .openOperator : .stopAttract }
        switch state.overlay {
        case .stillThere: return .stillThereAnswered
        case .startingOver: return .activity(state.now)
        case .operatorPIN, .operatorMenu, .operatorReprint: return key.map(Action.operatorKey) ?? .activity(state.now)
        case nil: break
        }
        switch key {
        case .function(10): return .openOperator
        // Settings are the operator's (the theme is in the operator's menu): a shopper's F2
        // does nothing, as on a counter without themes.
        case .function(2): return .activity(state.now)
        // Locked exit: Ctrl+C, Ctrl+Z and Ctrl+\ do nothing at a kiosk (the counter itself
        // refuses `q`; its signals are ignored by the terminal session).
        case .control("c"), .control("z"), .control("\\"): return .activity(state.now)
        default: return nil
        }
    }
}

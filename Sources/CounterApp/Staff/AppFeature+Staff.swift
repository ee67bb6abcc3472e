import CheckoutKit
import TerminalUI

/// The staffed counter's sign-in, as the app routes it (issue 36): while the shop has staff and
/// nobody serves, the sign-in screen takes every key and is all that is drawn; signing out (F9)
/// or the idle lock closes the back office and the till, which were the person's.
extension AppFeature {
    static func reduceStaff(_ state: inout State, _ action: StaffDesk.Action) -> Effects {
        switch action {
        case .signOut, .lock:
            state.stack.removeAll { screen in
                switch screen {
                case .backOffice, .till: true
                default: false
                }
            }
        default:
            break
        }
        let before = state.staff.serving
        let effect: Effects = StaffDesk.reduce(&state.staff, action).map(Action.staff, environment: \.staff)
        // The staffed counter's sales are signed by who serves; a kiosk's by nobody.
        guard state.staff.serving != before, !state.isKiosk else { return effect }
        let person = state.staff.serving?.person
        return .merge(effect, .run { env, _ in env.staff.serve(person) })
    }

    /// Whether the staffed counter shows only its sign-in (a kiosk never does).
    static func isSigningIn(_ state: State) -> Bool { !state.isKiosk && state.staff.isLocked }

    /// The staff's keys before the screen's: the sign-in's, or F9 to sign out.
    static func staffAction(for event: InputEvent, in state: State) -> Action? {
        if isSigningIn(state) { return StaffDesk.action(for: event).map(Action.staff) }
        if !state.isKiosk, state.staff.serving != nil, event == .key(.function(9)) { return .staff(.signOut) }
        return nil
    }
}

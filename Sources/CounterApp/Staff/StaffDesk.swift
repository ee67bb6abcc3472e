import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// Who is serving at a staffed counter (issue 36). Until the shop has staff, nothing changes:
/// nobody is asked to sign in. Once it has, the counter is locked until someone signs in with
/// their PIN or badge; the header names them; F9 signs them out (for the next person to sign
/// in); the counter locks by itself after the shop's idle time (`[staff] lock_after_seconds`,
/// on the loop's clock). A kiosk never asks: its operator's menu asks a manager's PIN, and the
/// manager it names is who serves until the kiosk starts over.
public enum StaffDesk {
    public struct State: Equatable, Sendable {
        /// Whether the shop has anyone active (read as the counter starts, and after the staff change).
        public var hasStaff = false
        public var serving: StaffMember?
        /// The PIN or badge code being typed on the sign-in screen.
        public var entry = ""
        public var problem: StaffError?
        public var isChecking = false
        public init() {}

        /// The shop has staff and nobody serves: the sign-in screen is all there is.
        public var isLocked: Bool { hasStaff && serving == nil }
    }

    public enum Action: Equatable, Sendable {
        case checkStaff
        case staffChecked(Result<Bool, StaffError>)
        case typed(Character)
        case erase
        case submit
        /// A badge's code, scanned (the barcode reader hands it here) or typed.
        case badge(String)
        case signedIn(Result<StaffMember, StaffError>)
        /// F9: the person leaves the counter (the next signs in).
        case signOut
        /// The shop's idle time passed with no key.
        case lock
        /// A kiosk's operator menu opened by this manager's PIN (nil: by the operator PIN of a
        /// shop without staff); cleared when the kiosk starts over.
        case operatorOpened(StaffMember?)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StaffClient> {
        switch action {
        case .checkStaff:
            return .run { client, send in send(.staffChecked(client.hasStaff())) }
        case .staffChecked(.success(let hasStaff)):
            state.hasStaff = hasStaff
        case .staffChecked(.failure(let error)):
            // The staff cannot be read: the counter stays locked (if it had staff) and says why.
            state.problem = error
        case .typed(let c):
            guard !state.isChecking, c.isASCII, c.isLetter || c.isNumber, state.entry.count < 32 else { return .none }
            state.entry.append(c)
            state.problem = nil
        case .erase:
            state.entry = String(state.entry.dropLast())
            state.problem = nil
        case .submit:
            guard !state.isChecking, !state.entry.isEmpty else { return .none }
            state.isChecking = true
            let typed = state.entry
            // A PIN is digits; a badge's code may be longer or have letters: tried as one when it is no PIN.
            return .run { client, send in
                if StaffController.isPIN(typed), case let .success(member) = client.signIn(typed) { return send(.signedIn(.success(member))) }
                send(.signedIn(client.signInBadge(typed)))
            }
        case .badge(let code):
            state.isChecking = true
            return .run { client, send in send(.signedIn(client.signInBadge(code))) }
        case .signedIn(let result):
            state.isChecking = false
            state.entry = ""
            switch result {
            case .success(let member):
                state.serving = member
                state.problem = nil
                state.hasStaff = true
            case .failure(let error):
                state.problem = error
            }
        case .signOut, .lock:
            state.serving = nil
            state.entry = ""
            state.problem = nil
        case .operatorOpened(let member):
            state.serving = member
        }
        return .none
    }

    public static func action(for event: InputEvent) -> Action? {
        guard case let .key(key) = event else { return nil }
        switch key {
        case .enter: return .submit
        case .backspace: return .erase
        case let .character(c): return .typed(c)
        default: return nil
        }
    }

    public static let keyHints = [KeyHint("Enter", "Sign in")]

    /// The sign-in screen: who serves here, the PIN or badge as dots.
    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Who is serving?"), into: &frame, in: area)
        ScreenDrawing.text(tr("Type your PIN, or scan or type your badge, then Enter."), into: &frame, in: ScreenDrawing.row(area, 2))
        let prompt = tr("PIN or badge: {0}", String(repeating: "•", count: state.entry.count))
        let row = ScreenDrawing.row(area, 4)
        ScreenDrawing.text(prompt + "▏", into: &frame, in: row, role: .focus, attributes: .bold)
        frame.focus = Point(x: row.x + prompt.count, y: row.y)
        if state.isChecking {
            ScreenDrawing.text(tr("One moment…"), into: &frame, in: ScreenDrawing.row(area, 6), role: .muted)
        } else if let problem = state.problem {
            ScreenDrawing.text(StaffWords.refusal(problem), into: &frame, in: ScreenDrawing.row(area, 6), role: .error)
        }
    }

    /// "Carl · cashier", at the right of the header.
    static func drawServing(_ member: StaffMember, into frame: inout Frame, header: Rect) {
        let text = tr("{0} · {1}", member.name, StaffWords.role(member.role)) + " "
        frame.write(text, in: header, alignment: .trailing, style: Style(.title, [.reverse]))
    }
}

import CheckoutKit
import Localization
import TerminalUI

/// The small prompt that lets a manager approve one action a cashier may not do alone, with
/// their PIN, there and then (issue 36). Any screen embeds it: it holds an optional
/// `ManagerApprovalFeature.State`, routes its keys here while it is shown, and on
/// `.delegate(.approved(action, manager))` does the action signed `serving.approved(by: manager)`
/// (on `.delegate(.cancelled)`, nothing). The PIN is checked by `ManagerApprovalClient.approve`,
/// which the app builds over the staff (and the operator PIN, while the shop has no manager).
public enum ManagerApprovalFeature {
    public struct State: Equatable, Sendable {
        public var action: StaffAction
        /// What was typed, shown as dots.
        public var pin = ""
        public var isWrong = false
        public var isChecking = false

        public init(action: StaffAction) { self.action = action }
    }

    public enum Action: Equatable, Sendable {
        case typed(Character)
        case erase
        case submit
        case cancel
        case answered(StaffPerson?)
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        case approved(StaffAction, by: StaffPerson)
        case cancelled(StaffAction)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, ManagerApprovalClient> {
        switch action {
        case .typed(let c):
            guard !state.isChecking, c.isASCII, c.isNumber, state.pin.count < 12 else { return .none }
            state.pin.append(c)
            state.isWrong = false
        case .erase:
            state.pin = String(state.pin.dropLast())
        case .submit:
            guard !state.isChecking, !state.pin.isEmpty else { return .none }
            state.isChecking = true
            let (asked, pin) = (state.action, state.pin)
            return .run { client, send in send(.answered(client.approve(asked, pin))) }
        case .cancel:
            return .send(.delegate(.cancelled(state.action)))
        case .answered(let manager):
            state.isChecking = false
            state.pin = ""
            guard let manager else {
                state.isWrong = true
                return .none
            }
            return .send(.delegate(.approved(state.action, by: manager)))
        case .delegate:
            break
        }
        return .none
    }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        switch key {
        case .escape: return .cancel
        case .enter: return .submit
        case .backspace: return .erase
        case let .character(c): return .typed(c)
        default: return nil
        }
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        [KeyHint("Enter", "Approve"), KeyHint("Esc", "Cancel")]
    }

    /// Drawn over the bottom of the screen that asked: what needs approving, the PIN as dots.
    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        guard area.height >= 4 else { return }
        let top = area.height - 4
        for row in top..<area.height { frame.fill(ScreenDrawing.row(area, row), with: " ") }
        ScreenDrawing.text(tr("{0} needs a manager's approval.", capitalised(StaffWords.action(state.action))), into: &frame,
                           in: ScreenDrawing.row(area, top), role: .warning, attributes: .bold)
        let prompt = tr("Manager's PIN: {0}", String(repeating: "•", count: state.pin.count))
        let row = ScreenDrawing.row(area, top + 1)
        ScreenDrawing.text(prompt + "▏", into: &frame, in: row, role: .focus, attributes: .bold)
        frame.focus = Point(x: row.x + prompt.count, y: row.y)
        if state.isChecking {
            ScreenDrawing.text(tr("One moment…"), into: &frame, in: ScreenDrawing.row(area, top + 2), role: .muted)
        } else if state.isWrong {
            ScreenDrawing.text(tr("This PIN is not a manager's."), into: &frame, in: ScreenDrawing.row(area, top + 2), role: .error)
        }
    }

    private static func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}

/// How a manager's PIN approves one action: the manager, or nil (a wrong PIN, a cashier's, the
/// staff unreadable). A closure, so a test can stand in for it.
public struct ManagerApprovalClient {
    public var approve: (_ action: StaffAction, _ pin: String) -> StaffPerson?

    public init(approve: @escaping (StaffAction, String) -> StaffPerson?) {
        self.approve = approve
    }

    public static var refusing: ManagerApprovalClient { ManagerApprovalClient { _, _ in nil } }
}

extension BackOfficeClient {
    /// The approval prompt's part of the back office's client.
    var approval: ManagerApprovalClient { ManagerApprovalClient(approve: approve) }
}

extension TillClient {
    /// The approval prompt's part of the till's client.
    var approval: ManagerApprovalClient { ManagerApprovalClient(approve: approve) }
}

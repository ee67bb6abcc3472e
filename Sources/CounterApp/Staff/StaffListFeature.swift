import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// The back office's staff screen, for a manager (issue 36): everyone on the staff, active
/// first; `a` adds a person (name, role, PIN, badge), `d` disables the selected one (y/n). A
/// person is never deleted: their name stays on what they did. The core refuses it all unless
/// `serving` may manage staff (or the shop has nobody yet: its first person).
public enum StaffListFeature {
    public struct State: Equatable, Sendable {
        public var serving: StaffMember?
        public var members: [StaffMember] = []
        public var list = ListSelection()
        public var form: Form?
        public var confirmingDisable = false
        public var message: Notice?
        public init(serving: StaffMember? = nil) { self.serving = serving }
    }

    /// Adding a person: the field with the cursor, and what was typed in each.
    public struct Form: Equatable, Sendable {
        public enum Field: Int, CaseIterable, Sendable { case name, role, pin, badge }
        public var field: Field = .name
        public var name = ""
        public var role: StaffRole = .cashier
        public var pin = ""
        public var badge = ""
        public var problem: StaffError?
    }

    public enum Notice: Equatable, Sendable {
        case added(String)
        case disabled(String)
        case refused(StaffError)
    }

    public enum Action: Equatable, Sendable {
        case onAppear
        case loaded(Result<[StaffMember], StaffError>)
        case moveUp, moveDown
        case askAdd
        case typed(Character)
        case erase
        case nextField
        case submit
        case cancel
        case added(Result<StaffMember, StaffError>)
        case askDisable
        case confirmDisable(Bool)
        case disabled(Result<StaffMember, StaffError>)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StaffClient> {
        switch action {
        case .onAppear:
            return .run { client, send in send(.loaded(client.list())) }
        case .loaded(.success(let members)):
            state.members = members
            state.list.clamp(count: members.count)
        case .loaded(.failure(let error)):
            state.message = .refused(error)
        case .moveUp: state.list.moveUp(count: state.members.count)
        case .moveDown: state.list.moveDown(count: state.members.count)
        case .askAdd:
            state.form = Form()
            state.message = nil
        case .typed(let c):
            guard var form = state.form else { return .none }
            switch form.field {
            case .name: if form.name.count < 30, !c.isNewline { form.name.append(c) }
            case .role: if c == " " || c == "r" { form.role = form.role == .cashier ? .manager : .cashier }
            case .pin: if c.isASCII, c.isNumber, form.pin.count < 12 { form.pin.append(c) }
            case .badge: if c.isASCII, c.isLetter || c.isNumber, form.badge.count < 32 { form.badge.append(c) }
            }
            form.problem = nil
            state.form = form
        case .erase:
            guard var form = state.form else { return .none }
            switch form.field {
            case .name: form.name = String(form.name.dropLast())
            case .role: break
            case .pin: form.pin = String(form.pin.dropLast())
            case .badge: form.badge = String(form.badge.dropLast())
            }
            state.form = form
        case .nextField:
            guard var form = state.form else { return .none }
            form.field = Form.Field(rawValue: (form.field.rawValue + 1) % Form.Field.allCases.count) ?? .name
            state.form = form
        case .submit:
            guard var form = state.form else { return .none }
            guard form.field == .badge else {
                form.field = Form.Field(rawValue: form.field.rawValue + 1) ?? .badge
                state.form = form
                return .none
            }
            let (name, role, pin, badge, signature) = (form.name, form.role, form.pin, form.badge.isEmpty ? nil : form.badge, signature(state))
            return .run { client, send in send(.added(client.add(name, role, pin, badge, signature))) }
        case .cancel:
            state.form = nil
            state.confirmingDisable = false
        case .added(.success(let member)):
            state.form = nil
            state.message = .added(member.name)
            return .send(.onAppear)
        case .added(.failure(let error)):
            state.form?.problem = error
            // The cursor goes to the field to correct.
            switch error {
            case .nameMissing, .nameTaken: state.form?.field = .name
            case .pinNotDigits, .pinTaken: state.form?.field = .pin
            case .badgeNotValid, .badgeTaken: state.form?.field = .badge
            default: break
            }
        case .askDisable:
            guard state.members.indices.contains(state.list.index), state.members[state.list.index].isActive else { return .none }
            state.confirmingDisable = true
            state.message = nil
        case .confirmDisable(let yes):
            state.confirmingDisable = false
            guard yes, state.members.indices.contains(state.list.index) else { return .none }
            let (id, signature) = (state.members[state.list.index].id, signature(state))
            return .run { client, send in send(.disabled(client.disable(id, signature))) }
        case .disabled(.success(let member)):
            state.message = .disabled(member.name)
            return .send(.onAppear)
        case .disabled(.failure(let error)):
            state.message = .refused(error)
        }
        return .none
    }

    static func signature(_ state: State) -> StaffSignature? { state.serving.map { StaffSignature(doneBy: $0.person) } }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        if state.confirmingDisable { return key == .escape ? .cancel : .confirmDisable(key == .character("y") || key == .character("Y")) }
        if state.form != nil {
            switch key {
            case .escape: return .cancel
            case .enter: return .submit
            case .tab, .down: return .nextField
            case .backspace: return .erase
            case let .character(c): return .typed(c)
            default: return nil
            }
        }
        switch key {
        case .up: return .moveUp
        case .down: return .moveDown
        case .character("a"): return .askAdd
        case .character("d"): return .askDisable
        default: return nil
        }
    }

    public static func hasTextFocus(_ state: State) -> Bool { state.form != nil }

    public static func keyHints(_ state: State) -> [KeyHint] {
        if state.confirmingDisable { return [KeyHint("y", "Disable"), KeyHint("n", "Keep")] }
        if state.form != nil { return [KeyHint("Tab", "Field"), KeyHint("Enter", "Next/Add"), KeyHint("Esc", "Cancel")] }
        let disable = state.members.indices.contains(state.list.index) && state.members[state.list.index].isActive ? [KeyHint("d", "Disable")] : []
        return KeyHint.move(state.members.count) + [KeyHint("a", "Add")] + disable + [KeyHint("Esc", "Back")]
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Staff"), into: &frame, in: area)
        var row = 2
        for (index, member) in state.members.enumerated() where row < area.height - 5 {
            let status = member.isActive ? StaffWords.role(member.role) : tr("disabled")
            ScreenDrawing.selectableRow(member.name, detail: status + " ", selected: index == state.list.index && state.form == nil,
                                        into: &frame, in: ScreenDrawing.row(area, row))
            row += 1
        }
        if state.members.isEmpty {
            ScreenDrawing.text(tr("No staff yet: the counters ask nobody to sign in."), into: &frame, in: ScreenDrawing.row(area, row), role: .muted)
        }
        let bottom = ScreenDrawing.row(area, area.height - 1)
        if let form = state.form {
            drawForm(form, into: &frame, in: area)
        } else if state.confirmingDisable, state.members.indices.contains(state.list.index) {
            ScreenDrawing.text(tr("Disable {0}? They sign in no more. y = yes, any other key = no", state.members[state.list.index].name),
                               into: &frame, in: bottom, role: .warning, attributes: .bold)
        } else if let message = state.message {
            let good: Bool = if case .refused = message { false } else { true }
            ScreenDrawing.text(words(message), into: &frame, in: bottom, role: good ? .success : .error)
        }
    }

    private static func drawForm(_ form: Form, into frame: inout Frame, in area: Rect) {
        let lines: [(Form.Field, String)] = [
            (.name, tr("Name: {0}", form.name)),
            (.role, tr("Role: {0} (space changes it)", StaffWords.role(form.role))),
            (.pin, tr("PIN: {0}", String(repeating: "•", count: form.pin.count))),
            (.badge, tr("Badge (may stay empty): {0}", form.badge)),
        ]
        for (offset, line) in lines.enumerated() {
            let row = ScreenDrawing.row(area, area.height - 5 + offset)
            let focused = line.0 == form.field
            ScreenDrawing.text(line.1 + (focused ? "▏" : ""), into: &frame, in: row, role: focused ? .focus : .text, attributes: focused ? .bold : [])
            if focused { frame.focus = Point(x: row.x + line.1.count, y: row.y) }
        }
        if let problem = form.problem {
            ScreenDrawing.text(StaffWords.refusal(problem), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: .error)
        }
    }

    static func words(_ notice: Notice) -> String {
        switch notice {
        case .added(let name): tr("{0} is on the staff.", name)
        case .disabled(let name): tr("{0} is disabled.", name)
        case .refused(let error): StaffWords.refusal(error)
        }
    }
}

import CheckoutKit
import Foundation

/// Permissions at the till (issue 36): paying in and out, a no-sale and closing the till need a
/// manager. A cashier's key for one asks a manager's approval first (`ManagerApprovalFeature`);
/// once given, the form opens and its one action is signed by both. The core checks it again.
extension TillFeature {
    /// What a key asks, as the staff's permissions name it.
    static func staffAction(_ action: Action) -> StaffAction? {
        switch action {
        case .askPayIn: .payIn
        case .askPayOut: .payOut
        case .askNoSale: .noSale
        case .askClose: .closeTill
        default: nil
        }
    }

    /// Whether the form `action` asks for may open now; if not, the approval prompt is shown.
    static func mayAsk(_ state: inout State, _ action: Action) -> Bool {
        guard let serving = state.serving, let asked = staffAction(action), !serving.may(asked), state.approver == nil else { return true }
        state.approval = ManagerApprovalFeature.State(action: asked)
        state.awaitingApproval = action
        state.message = nil
        return false
    }

    /// Who the till's action is signed by: the person at the till, with the manager who approved it.
    static func signature(_ state: State) -> StaffSignature? {
        state.serving.map { StaffSignature(doneBy: $0.person, approvedBy: state.approver) }
    }

    static func approval(_ state: inout State, _ action: ManagerApprovalFeature.Action) -> Effect<Action, TillClient> {
        switch action {
        case let .delegate(.approved(_, manager)):
            state.approval = nil
            state.approver = manager
            guard let awaiting = state.awaitingApproval else { return .none }
            state.awaitingApproval = nil
            return reduce(&state, awaiting)
        case .delegate(.cancelled):
            state.approval = nil
            state.awaitingApproval = nil
            return .none
        default:
            guard var approval = state.approval else { return .none }
            let effect = ManagerApprovalFeature.reduce(&approval, action)
            state.approval = approval
            return effect.map(Action.approval, environment: \.approval)
        }
    }
}

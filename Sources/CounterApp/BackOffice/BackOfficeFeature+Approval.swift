import CheckoutKit
import Foundation

/// Permissions in the back office (issue 36): a refund, a void, closing the day and changing the
/// catalogue need a manager. The person at the back office does them signed as themself when they may; a cashier
/// is asked for a manager's approval (`ManagerApprovalFeature`) and the action goes on, signed
/// by both, once a manager's PIN is typed. The core checks the same again where it writes.
extension BackOfficeFeature.State {
    /// The staff screen is a staffed counter's manager's (`s`); in a shop without staff, the
    /// operator's, who adds its first person. A kiosk's back office has none (`checkout staff`).
    var managesStaff: Bool { hasTill && (serving?.may(.manageStaff) ?? true) }
}

extension BackOfficeFeature {
    /// The action waiting for a manager's approval.
    public enum AwaitingApproval: Equatable, Sendable {
        case refund(BackOfficeOrder, BackOfficeRefundRequest, asked: Money)
        case void
        case closeDay
        case openCatalogue
    }

    /// Who signs an action, boxed so that "no staff" (nil inside) differs from "not yet" (nil).
    struct Signing {
        let signature: StaffSignature?
    }

    /// The signature `action` goes out with; nil when it must wait for a manager's approval
    /// (the prompt is then shown, and `awaiting` done once it is given).
    static func sign(_ state: inout State, _ action: StaffAction, approvedBy manager: StaffPerson?,
                     awaiting: AwaitingApproval) -> Signing? {
        guard let serving = state.serving else { return Signing(signature: nil) }
        if let manager { return Signing(signature: StaffSignature(doneBy: serving.person, approvedBy: manager)) }
        if serving.may(action) { return Signing(signature: StaffSignature(doneBy: serving.person)) }
        state.approval = ManagerApprovalFeature.State(action: action)
        state.awaitingApproval = awaiting
        state.message = nil
        return nil
    }

    static func closeDay(_ state: inout State, approvedBy manager: StaffPerson?) -> Effect<Action, BackOfficeClient> {
        guard let signing = sign(&state, .closeDay, approvedBy: manager, awaiting: .closeDay) else { return .none }
        state.isBusy = true
        return .run { client, send in send(.dayReport(client.report(true, signing.signature))) }
    }

    static func approval(_ state: inout State, _ action: ManagerApprovalFeature.Action) -> Effect<Action, BackOfficeClient> {
        switch action {
        case let .delegate(.approved(_, manager)):
            state.approval = nil
            guard let awaiting = state.awaitingApproval else { return .none }
            state.awaitingApproval = nil
            switch awaiting {
            case let .refund(order, request, asked): return refund(&state, order, request, asked: asked, approvedBy: manager)
            case .void: return void(&state, approvedBy: manager)
            case .closeDay: return closeDay(&state, approvedBy: manager)
            case .openCatalogue: return .send(.openCatalogue(approvedBy: manager))
            }
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

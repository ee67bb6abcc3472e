import CheckoutKit
import Foundation
import TerminalUI

/// The holds view (`v` in the list): auction bids' money authorised on a card and not captured.
/// Enter asks y/n, then voids the selected hold through the core under a key made from its bid,
/// so a second press voids once; the void prints its own receipt.
extension BackOfficeFeature {
    /// The idempotency key of a hold's void: one void per hold, however often it is asked.
    static func voidKey(_ hold: BackOfficeHold) -> String { "backoffice-void-\(hold.id)" }

    static func holdsAction(_ state: inout State, _ action: Action) -> Effect<Action, BackOfficeClient> {
        switch action {
        case .showHolds:
            state.isBusy = true
            state.message = nil
            state.printout = nil
            return .run { client, send in send(.holdsFound(client.holds())) }
        case .holdsFound(let result):
            state.isBusy = false
            switch result {
            case .success(let holds):
                state.holds = holds
                state.holdList = ListSelection(min(state.holdList.index, max(0, holds.count - 1)))
                if holds.isEmpty, state.message == nil { state.message = .noHolds }
            case .failure(let refusal):
                state.message = .refused(refusal)
            }
        case .closeHolds:
            state.holds = nil
            state.entry = nil
            state.message = nil
            state.printout = nil
        case .askVoid:
            guard let holds = state.holds, holds.indices.contains(state.holdList.index) else { return .none }
            guard !holds[state.holdList.index].voidInFlight else { state.message = .refused(.holdInFlight); return .none }
            state.entry = .confirmVoid
            state.message = nil
        case .voided(let result):
            state.isBusy = false
            let refresh: Effect<Action, BackOfficeClient> = .run { client, send in send(.holdsFound(client.holds())) }
            switch result {
            case .success(let void):
                state.message = .voided(void.hold.amount, flight: void.hold.flight)
                let receipt = ReceiptDocument(void: void, copy: false)
                return .merge(print(.voidReceipt, receipt, once: OwedDocument.voidKey(void.id)), refresh)
            case .failure(let refusal):
                state.message = .refused(refusal)
                return refresh
            }
        default:
            break
        }
        return .none
    }

    static func void(_ state: inout State, approvedBy manager: StaffPerson? = nil) -> Effect<Action, BackOfficeClient> {
        guard let holds = state.holds, holds.indices.contains(state.holdList.index), !state.isBusy else { return .none }
        let hold = holds[state.holdList.index]
        guard let signature = sign(&state, .void, approvedBy: manager, awaiting: .void) else { return .none }
        state.isBusy = true
        state.message = nil
        state.printout = nil
        let key = voidKey(hold)
        return .run { client, send in client.void(hold, key, signature.signature) { send(.voided($0)) } }
    }

    /// Prints a back-office document; `once`: at most once under that key.
    static func print(_ what: PrintedDocument, _ document: ReceiptDocument, once: String?) -> Effect<Action, BackOfficeClient> {
        .run { client, send in send(.printed(what, client.print(document, once))) }
    }
}

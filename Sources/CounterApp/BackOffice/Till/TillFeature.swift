import CheckoutKit
import Foundation
import TerminalUI

/// The counter's till, from the back office (a staffed counter only: a kiosk has no drawer):
/// open it with the counted float (the last close's cash left in is suggested), pay cash in and
/// out with a reason, open the drawer for no sale with a reason, and close it with a count by coin
/// and note beside the expected cash; a difference above the shop's limit asks the operator's PIN.
/// Each movement and the close print a slip; a paid in, a paid out and a no-sale kick the drawer
/// open as they print. Nothing else here opens the drawer.
public enum TillFeature {
    public struct State: Equatable, Sendable {
        /// The till as last read; nil until the first read answers.
        public var status: TillStatus?
        /// The till's currency: amounts are typed in it.
        public var currency: Currency = .eur
        public var entry: Entry?
        public var message: Notice?
        /// How the last slip went (and with it, the drawer).
        public var printout: Printout?
        public var isBusy = false
        /// Who is at the till (issue 36); nil in a shop without staff.
        public var serving: StaffMember?
        /// A manager's approval asked before a form a cashier may not fill alone, the key that
        /// asked it, and the manager who approved the form now open (for its one action).
        public var approval: ManagerApprovalFeature.State?
        public var awaitingApproval: Action?
        public var approver: StaffPerson?
        public init(serving: StaffMember? = nil) { self.serving = serving }
    }

    public enum Entry: Equatable, Sendable {
        /// The float counted into the drawer, as typed (empty: take the suggestion).
        case opening(amount: String, problem: Problem?)
        /// A paid in or out (amount, then reason) or a no-sale (reason only).
        case moving(Movement)
        /// The closing count, line by line.
        case counting(TillCount)
        /// The count is off by more than the limit: the operator's PIN lets it through.
        case approving(TillCount, pin: String, wrong: Bool)
    }

    public struct Movement: Equatable, Sendable {
        public var kind: CashMovementKind
        public var amount = ""
        public var reason = ""
        /// The reason field has the cursor (a no-sale has only that one).
        public var onReason: Bool
        public var problem: Problem?

        public init(kind: CashMovementKind) {
            self.kind = kind
            onReason = kind == .noSale
        }
    }

    /// What is wrong with what was typed, said under it.
    public enum Problem: Equatable, Sendable {
        case amount(MoneyParseError)
        case refused(TillError)
    }

    public enum Notice: Equatable, Sendable {
        case opened(Money)
        case moved(CashMovementKind, Money)
        /// Closed; the difference (counted less expected).
        case closed(difference: Money)
        case refused(TillError)
    }

    /// How a slip went; the drawer opened with it when it kicks the drawer.
    public enum Printout: Equatable, Sendable {
        case printed(destination: String, drawer: Bool)
        case notPrinted(ReceiptPrinter.Failure, drawer: Bool)
    }

    public enum Action: Equatable, Sendable {
        case onAppear
        case loaded(Result<TillStatus, TillError>, currency: Currency)
        case askOpen, askPayIn, askPayOut, askNoSale, askClose
        case typed(Character)
        case erase
        /// Ctrl+U: the field being typed emptied, as every text field of the counter does.
        case clearField
        /// Tab or ↓: the next field or count line; ↑ the one before.
        case nextField, previousField
        case submit
        case cancel
        case opened(Result<TillSession, TillError>)
        case moved(Result<CashMovement, TillError>)
        case closed(Result<TillSession, TillError>, TillCount)
        case pinChecked(Bool)
        case printed(drawer: Bool, Result<String, ReceiptPrinter.Failure>?)
        /// The manager's approval prompt (issue 36).
        case approval(ManagerApprovalFeature.Action)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, TillClient> {
        switch action {
        case .onAppear:
            return load()
        case let .loaded(result, currency):
            state.isBusy = false
            state.currency = currency
            switch result {
            case .success(let status): state.status = status
            case .failure(let error): state.message = .refused(error)
            }
        case .askOpen:
            guard case .closed = state.status, state.entry == nil else { return .none }
            state.entry = .opening(amount: "", problem: nil)
            state.message = nil
        case .askPayIn, .askPayOut, .askNoSale:
            guard case .open = state.status, state.entry == nil else { return .none }
            guard mayAsk(&state, action) else { return .none }
            state.entry = .moving(Movement(kind: action == .askPayIn ? .paidIn : action == .askPayOut ? .paidOut : .noSale))
            state.message = nil
        case .askClose:
            guard case let .open(session, _) = state.status, state.entry == nil else { return .none }
            guard mayAsk(&state, action) else { return .none }
            state.entry = .counting(TillCount(session: session, currency: state.currency))
            state.message = nil
        case .typed(let character):
            type(&state, character)
        case .erase:
            erase(&state)
        case .clearField:
            erase(&state, all: true)
        case .nextField, .previousField:
            if case var .moving(movement) = state.entry, movement.kind != .noSale {
                movement.onReason.toggle()
                state.entry = .moving(movement)
            }
            if case var .counting(count) = state.entry {
                count.move(by: action == .nextField ? 1 : -1)
                state.entry = .counting(count)
            }
        case .submit:
            return submit(&state)
        case .cancel:
            state.entry = nil
            state.approver = nil
        case .approval(let action):
            return approval(&state, action)
        case .opened(let result):
            state.isBusy = false
            switch result {
            case .success(let session):
                state.entry = nil
                state.approver = nil
                state.message = session.money(session.figures.float).map(Notice.opened)
                return .merge(load(), print(drawer: false, TillSlip.opened(session), once: "till-opened-\(session.id)"))
            case .failure(let error):
                if case let .opening(amount, _) = state.entry { state.entry = .opening(amount: amount, problem: .refused(error)) }
                else { state.message = .refused(error) }
            }
        case .moved(let result):
            state.isBusy = false
            switch result {
            case .success(let movement):
                state.entry = nil
                state.approver = nil
                state.message = .moved(movement.kind, Money(minorUnits: abs(movement.amount.minorUnits), currency: movement.amount.currency))
                // Cash moves (or the drawer opens for nothing): the slip kicks the drawer open.
                return .merge(load(), print(drawer: true, TillSlip.movement(movement), once: "till-\(movement.id)"))
            case .failure(let error):
                if case var .moving(movement) = state.entry {
                    movement.problem = .refused(error)
                    state.entry = .moving(movement)
                } else { state.message = .refused(error) }
            }
        case let .closed(result, count):
            state.isBusy = false
            switch result {
            case .success(let session):
                state.entry = nil
                state.approver = nil
                state.message = session.difference.flatMap(session.money).map { Notice.closed(difference: $0) }
                return .merge(load(), print(drawer: false, TillSlip.closed(session), once: "till-closed-\(session.id)"))
            case .failure(.approvalNeeded):
                state.entry = .approving(count, pin: "", wrong: false)
            case .failure(let error):
                var refused = count
                refused.problem = .refused(error)
                state.entry = .counting(refused)
            }
        case .pinChecked(let passed):
            guard case let .approving(count, _, _) = state.entry else { return .none }
            guard passed else {
                state.isBusy = false
                state.entry = .approving(count, pin: "", wrong: true)
                return .none
            }
            return close(&state, count, approval: .operatorPIN)
        case let .printed(drawer, result):
            switch result {
            case .success(let destination)?: state.printout = .printed(destination: destination, drawer: drawer)
            case .failure(let failure)?: state.printout = .notPrinted(failure, drawer: drawer)
            case nil: break
            }
        }
        return .none
    }

    static func load() -> Effect<Action, TillClient> {
        .run { client, send in send(.loaded(client.status(), currency: client.currency)) }
    }

    private static func print(drawer: Bool, _ document: ReceiptDocument, once: String) -> Effect<Action, TillClient> {
        var document = document
        document.opensDrawer = drawer
        return .run { client, send in send(.printed(drawer: drawer, client.print(document, once))) }
    }

    private static func type(_ state: inout State, _ character: Character) {
        let isAmount = character.isASCII && (character.isNumber || character == "." || character == ",")
        switch state.entry {
        case let .opening(amount, _):
            if isAmount, amount.count < 12 { state.entry = .opening(amount: amount + String(character), problem: nil) }
        case var .moving(movement):
            if movement.onReason {
                if movement.reason.count < 40, !character.isNewline { movement.reason.append(character) }
            } else if isAmount, movement.amount.count < 12 {
                movement.amount.append(character)
            }
            movement.problem = nil
            state.entry = .moving(movement)
        case var .counting(count):
            count.type(character)
            state.entry = .counting(count)
        case let .approving(count, pin, _):
            if character.isASCII, character.isNumber, pin.count < 12 { state.entry = .approving(count, pin: pin + String(character), wrong: false) }
        case nil:
            break
        }
    }

    private static func erase(_ state: inout State, all: Bool = false) {
        func cut(_ text: String) -> String { all ? "" : String(text.dropLast()) }
        switch state.entry {
        case let .opening(amount, _): state.entry = .opening(amount: cut(amount), problem: nil)
        case var .moving(movement):
            if movement.onReason { movement.reason = cut(movement.reason) } else { movement.amount = cut(movement.amount) }
            movement.problem = nil
            state.entry = .moving(movement)
        case var .counting(count):
            count.erase(all: all)
            state.entry = .counting(count)
        case let .approving(count, pin, _): state.entry = .approving(count, pin: cut(pin), wrong: false)
        case nil: break
        }
    }

    private static func submit(_ state: inout State) -> Effect<Action, TillClient> {
        guard !state.isBusy else { return .none }
        switch state.entry {
        case let .opening(amount, _):
            let float: Money
            if amount.isEmpty, case let .closed(suggested?) = state.status {
                float = suggested
            } else {
                do throws(MoneyParseError) { float = try Money.parse(amount, currency: state.currency) } catch {
                    state.entry = .opening(amount: amount, problem: .amount(error))
                    return .none
                }
            }
            state.isBusy = true
            let signature = signature(state)
            return .run { client, send in send(.opened(client.open(float, signature))) }
        case var .moving(movement):
            if movement.kind == .noSale {
                state.isBusy = true
                let (reason, signature) = (movement.reason, signature(state))
                return .run { client, send in send(.moved(client.noSale(reason, signature))) }
            }
            let amount: Money
            do throws(MoneyParseError) { amount = try Money.parse(movement.amount, currency: state.currency) } catch {
                movement.problem = .amount(error)
                movement.onReason = false
                state.entry = .moving(movement)
                return .none
            }
            // Enter in the amount goes on to the reason.
            guard movement.onReason else {
                movement.onReason = true
                state.entry = .moving(movement)
                return .none
            }
            state.isBusy = true
            let (kind, reason, signature) = (movement.kind, movement.reason, signature(state))
            return .run { client, send in
                send(.moved(kind == .paidIn ? client.payIn(amount, reason, signature) : client.payOut(amount, reason, signature)))
            }
        case var .counting(count):
            let leftIn: Money
            do throws(MoneyParseError) { leftIn = try Money.parse(count.leftIn, currency: state.currency) } catch {
                count.problem = .amount(error)
                count.selection = count.leftInRow
                state.entry = .counting(count)
                return .none
            }
            count.leftInAmount = leftIn
            return close(&state, count, approval: nil)
        case let .approving(_, pin, _):
            state.isBusy = true
            return .run { client, send in send(.pinChecked(client.verifyPIN(pin))) }
        case nil:
            return .none
        }
    }

    private static func close(_ state: inout State, _ count: TillCount, approval: TillApproval?) -> Effect<Action, TillClient> {
        guard let leftIn = count.leftInAmount else { return .none }
        state.isBusy = true
        let (pieces, note, signature) = (count.counted, count.note, signature(state))
        return .run { client, send in send(.closed(client.close(pieces, note, leftIn, approval, signature), count)) }
    }
}

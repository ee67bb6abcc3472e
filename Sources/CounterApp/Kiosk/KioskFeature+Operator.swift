import Foundation
import Localization
import TerminalUI

/// The operator's side of the kiosk: F10, the PIN (with a lockout after wrong ones), the menu.
extension KioskFeature {
    /// The menu's entries, in the order shown. The first is where the menu opens, so it is the
    /// one that changes nothing (an Enter too many must not end the counter); Exit is last.
    public enum OperatorChoice: Int, CaseIterable, Equatable, Sendable {
        case close, printLastReceipt, reprint, printWaiting, changeTheme, backOffice, exit

        var title: String {
            switch self {
            case .close: tr("Back to the counter")
            case .printLastReceipt: tr("Print last receipt")
            case .reprint: tr("Reprint a receipt…")
            case .printWaiting: tr("Print waiting receipts")
            case .changeTheme: tr("Change theme")
            case .backOffice: tr("Back office: orders and refunds")
            case .exit: tr("Exit the counter")
            }
        }

        /// The menu as this counter shows it. A staffed counter has its own `q` and F2, so its
        /// menu has no Exit and no theme: only what needs the operator.
        static func menu(isKiosk: Bool) -> [OperatorChoice] {
            isKiosk ? allCases : allCases.filter { $0 != .exit && $0 != .changeTheme }
        }
    }

    /// The operator's menu, on `choice`, with `message` under it.
    static func operatorMenu(_ state: State, on choice: OperatorChoice, message: OperatorMessage? = nil) -> Overlay {
        .operatorMenu(selection: OperatorChoice.menu(isKiosk: state.configuration.isKiosk).firstIndex(of: choice) ?? 0, message: message)
    }

    /// Wrong PINs allowed in a row before F10 is refused for `operatorLockout`.
    public static let maxPINAttempts = 3
    public static let operatorLockout: Duration = .seconds(60)

    static func reduceOperator(_ state: inout State, _ action: Action) -> Effect<Action, Environment> {
        switch action {
        case .openOperator:
            if !state.configuration.hasOperatorPIN {
                // A prompt no PIN can pass would only count wrong guesses: say how to set one.
                state.notice = .noOperatorPIN
                return .none
            }
            if let until = state.operatorLockedUntil, state.now < until {
                state.notice = .operatorLocked(until: until)
                return .none
            }
            let wasAttracting = state.isAttracting
            state.isAttracting = false
            state.notice = nil
            state.overlay = .operatorPIN(entry: "", message: nil)
            state.lastInput = state.now
            return wasAttracting ? .run { environment, _ in environment.stopDemo() } : .none
        case let .operatorKey(key):
            state.lastInput = state.now
            return operatorKey(&state, key)
        case let .pinChecked(isRight):
            if isRight {
                state.wrongPINs = 0
                state.overlay = .operatorMenu(selection: 0, message: nil)
                // The menu's top line says how the paper is, as the printer says it now.
                return askPaper(state)
            } else {
                state.wrongPINs += 1
                if state.wrongPINs >= maxPINAttempts {
                    // Guessing at a public counter is slowed down, not just refused; the operator
                    // is told when to come back.
                    state.wrongPINs = 0
                    state.overlay = nil
                    let until = state.now.addingTimeInterval(operatorLockout.timeInterval)
                    state.operatorLockedUntil = until
                    state.notice = .operatorLocked(until: until)
                } else {
                    state.overlay = .operatorPIN(entry: "", message: .wrongPIN)
                }
            }
            return .none
        case let .reprinted(order, choice, result):
            return reprinted(&state, orderNumber: order, from: choice, result)
        case let .lastReceiptFound(order):
            // The last one printed at this counter, also before a restart: it is in the ledger.
            guard let order else {
                state.overlay = operatorMenu(state, on: .printLastReceipt, message: .noReceiptPrintedYet)
                return .none
            }
            return reprint(orderNumber: order, from: .printLastReceipt)
        case let .themeChangedFromMenu(name):
            state.themeName = name
            // The menu says which theme it is now; no older theme notice is left to contradict it.
            state.notice = nil
            state.overlay = operatorMenu(state, on: .changeTheme, message: .theme(name: name))
            return .none
        case let .waitingReceiptsPrinted(owed, printed, failure, reports, documents, documentsLeft):
            let message = waitingPrinted(&state, owed: owed, printed: printed, failure: failure, reports: reports, documents: documents,
                                         documentsLeft: documentsLeft)
            state.overlay = operatorMenu(state, on: .printWaiting, message: message)
            return .none
        default:
            return .none
        }
    }

    private static func operatorKey(_ state: inout State, _ key: Key) -> Effect<Action, Environment> {
        switch state.overlay {
        case let .operatorPIN(entry, _):
            switch key {
            case .escape:
                state.overlay = nil
            case .backspace:
                state.overlay = .operatorPIN(entry: String(entry.dropLast()), message: nil)
            case .enter:
                let pin = entry
                return .run { environment, send in send(.pinChecked(environment.verifyPIN(pin))) }
            case let .character(c) where c.isNumber && entry.count < 12:
                state.overlay = .operatorPIN(entry: entry + String(c), message: nil)
            default:
                break
            }
            return .none
        case let .operatorMenu(selection, _):
            let menu = OperatorChoice.menu(isKiosk: state.configuration.isKiosk)
            let count = menu.count
            switch key {
            case .escape:
                state.overlay = nil
            case .up, .backTab, .down, .tab:
                // The toolkit's wrap-around selection; the menu keeps only its index.
                var list = ListSelection(selection)
                if key == .up || key == .backTab { list.moveUp(count: count) } else { list.moveDown(count: count) }
                state.overlay = .operatorMenu(selection: list.index, message: nil)
            case let .character(c) where (c.wholeNumberValue ?? 0) >= 1 && (c.wholeNumberValue ?? 0) <= count:
                guard let digit = c.wholeNumberValue else { break }
                return choose(&state, menu[digit - 1])
            case .enter, .character(" "):
                guard menu.indices.contains(selection) else { break }
                return choose(&state, menu[selection])
            default:
                break
            }
            return .none
        case let .operatorReprint(digits, _):
            switch key {
            case .escape:
                state.overlay = operatorMenu(state, on: .reprint)
            case .backspace:
                state.overlay = .operatorReprint(digits: String(digits.dropLast()), message: nil)
            case let .character(c) where c.isASCII && c.isNumber && digits.count < 6:
                state.overlay = .operatorReprint(digits: digits + String(c), message: nil)
            case .enter:
                guard !digits.isEmpty else { return .none }
                return reprint(orderNumber: orderNumber(digits), from: .reprint)
            default:
                break
            }
            return .none
        case .stillThere, .startingOver, nil:
            return .none
        }
    }

    /// "42" -> "HS-000042": the operator types the digits of the number on the receipt.
    static func orderNumber(_ digits: String) -> String {
        "HS-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// A paid order's receipt again, as a copy (the printing is the effect's).
    private static func reprint(orderNumber: String, from choice: OperatorChoice) -> Effect<Action, Environment> {
        .run { environment, send in send(.reprinted(order: orderNumber, from: choice, environment.printReceipt(orderNumber, true))) }
    }

    /// The menu says how a reprint went. An order that was never paid is said on the number's
    /// prompt, to type another.
    private static func reprinted(_ state: inout State, orderNumber: String, from choice: OperatorChoice,
                                  _ result: Result<String, ReceiptPrinter.Failure>) -> Effect<Action, Environment> {
        let message: OperatorMessage
        let report: ReceiptReport
        switch result {
        case let .success(destination):
            message = .printed(order: orderNumber, destination: destination)
            report = .printed(order: orderNumber, destination: destination, copy: true)
        case let .failure(.noSuchReceipt(order)) where choice == .reprint:
            state.overlay = .operatorReprint(digits: "", message: .noPaidOrder(order))
            return .none
        case let .failure(failure):
            message = .printerUnavailable(failure)
            report = .failed(order: orderNumber, reason: failure.description)
        }
        state.overlay = operatorMenu(state, on: choice, message: message)
        return .run { environment, _ in environment.report(report) }
    }

    private static func choose(_ state: inout State, _ choice: OperatorChoice) -> Effect<Action, Environment> {
        switch choice {
        case .exit:
            state.exitStatus = 0
            return .none
        case .changeTheme:
            return .run { environment, send in send(.themeChangedFromMenu(environment.nextTheme())) }
        case .printLastReceipt:
            return .run { environment, send in send(.lastReceiptFound(environment.lastReceipt())) }
        case .reprint:
            state.overlay = .operatorReprint(digits: "", message: nil)
            return .none
        case .printWaiting:
            return printWaiting()
        case .close:
            state.overlay = nil
            return .none
        case .backOffice:
            state.overlay = nil
            return .run { environment, _ in environment.openBackOffice() }
        }
    }
}

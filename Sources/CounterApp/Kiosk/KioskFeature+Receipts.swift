import Foundation
import Localization

/// The kiosk's receipts: each owed one printed once by itself, the shopper told about theirs,
/// the operator about the printer; what the printer could not take waits.
extension KioskFeature {
    static func reduceReceipts(_ state: inout State, _ action: Action, _ environment: Environment) -> Effect<Action> {
        switch action {
        case let .receiptsOwed(owed):
            // Those that failed wait for the operator (or the next start): a printer out of paper
            // is not tried again every second.
            let due = owed.filter { !state.printedOrders.contains($0.orderNumber) && !state.waitingReceipts.contains($0.orderNumber) }
            var effects: [Effect<Action>] = []
            for receipt in due {
                state.printedOrders.append(receipt.orderNumber)
                let forShopper = receipt.placedAt >= state.sessionStartedAt
                effects.append(.run { send in
                    send(.printed(order: receipt.orderNumber, forShopper: forShopper, environment.printReceipt(receipt.orderNumber, false)))
                })
            }
            return Effect(operations: effects.flatMap(\.operations))
        case let .printed(order, forShopper, result):
            switch result {
            case let .success(destination):
                state.printerProblem = nil
                if forShopper { state.notice = tr("Receipt for order {0} printed.", order) }
                return .run { _ in environment.report(.printed(order: order, destination: destination, copy: false)) }
            case .failure(.notConfigured):
                state.printedOrders.removeAll { $0 == order }
                return .none
            case let .failure(failure):
                state.printedOrders.removeAll { $0 == order }
                if !state.waitingReceipts.contains(order) { state.waitingReceipts.append(order) }
                state.printerProblem = failure.description
                // The order is in the database already; the shopper leaves with its number, and
                // the operator's menu says what is wrong and prints it when the printer is back.
                if forShopper { state.notice = tr("Your order number is {0}. The receipt printer is unavailable.", order) }
                let reason = failure.description
                return .run { _ in environment.report(.failed(order: order, reason: reason)) }
            }
        default:
            return .none
        }
    }

    /// The operator's "Print waiting receipts": every owed receipt, now; answers the menu's line.
    static func printWaiting(_ state: inout State, _ environment: Environment) -> (String, Effect<Action>) {
        let owed = environment.owedReceipts().map(\.orderNumber)
        guard !owed.isEmpty else {
            state.waitingReceipts = []
            return (tr("No receipt is waiting."), .none)
        }
        var printed: [String] = []
        var reports: [ReceiptReport] = []
        for order in owed {
            switch environment.printReceipt(order, false) {
            case let .success(destination):
                printed.append(order)
                reports.append(.printed(order: order, destination: destination, copy: false))
            case let .failure(failure):
                state.printerProblem = failure.description
                reports.append(.failed(order: order, reason: failure.description))
                let effect = Effect<Action>.run { _ in reports.forEach(environment.report) }
                state.printedOrders += printed
                state.waitingReceipts = owed.filter { !printed.contains($0) }
                return (tr("Printer unavailable ({0}).", failure.description) + "\n"
                        + trn("{0} receipt waiting.", "{0} receipts waiting.", count: owed.count - printed.count, owed.count - printed.count), effect)
            }
        }
        state.printerProblem = nil
        state.printedOrders += printed
        state.waitingReceipts = []
        return (trn("Printed {0} waiting receipt.", "Printed {0} waiting receipts.", count: printed.count, printed.count),
                .run { _ in reports.forEach(environment.report) })
    }

    /// The printer's state, on top of the operator's menu while something is wrong.
    static func printerStatus(_ state: State) -> String? {
        guard let problem = state.printerProblem else { return nil }
        let waiting = state.waitingReceipts.count
        return tr("Printer: {0}.", problem) + "\n" + trn("{0} receipt waiting.", "{0} receipts waiting.", count: waiting, waiting)
    }
}

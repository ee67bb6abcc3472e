import Foundation
import Localization

/// The kiosk's receipts: each owed one printed once by itself, the shopper told about theirs,
/// the operator about the printer; what the printer could not take waits.
extension KioskFeature {
    static func reduceReceipts(_ state: inout State, _ action: Action) -> Effect<Action, Environment> {
        switch action {
        case let .receiptsOwed(owed):
            // Those that failed wait for the operator (or the next start): a printer out of paper
            // is not tried again every second.
            let due = owed.filter { !state.printedOrders.contains($0.orderNumber) && !state.waitingReceipts.contains($0.orderNumber) }
            var effects: [Effect<Action, Environment>] = []
            for receipt in due {
                state.printedOrders.append(receipt.orderNumber)
                let forShopper = receipt.placedAt >= state.sessionStartedAt
                effects.append(.run { environment, send in
                    send(.printed(order: receipt.orderNumber, forShopper: forShopper, environment.printReceipt(receipt.orderNumber, false)))
                })
            }
            return .merge(effects)
        case let .printed(order, forShopper, result):
            switch result {
            case let .success(destination):
                state.printerProblem = nil
                if forShopper { state.notice = .receiptPrinted(order: order) }
                return .merge(.run { environment, _ in environment.report(.printed(order: order, destination: destination, copy: false)) },
                              askPaper(state))
            case .failure(.notConfigured):
                state.printedOrders.removeAll { $0 == order }
                return .none
            case let .failure(failure):
                state.printedOrders.removeAll { $0 == order }
                if !state.waitingReceipts.contains(order) { state.waitingReceipts.append(order) }
                state.printerProblem = failure
                // The order is in the database already; the shopper leaves with its number, and
                // the operator's menu says what is wrong and prints it when the printer is back.
                if forShopper { state.notice = .receiptNotPrinted(order: order) }
                let reason = failure.description
                return .run { environment, _ in environment.report(.failed(order: order, reason: reason)) }
            }
        default:
            return .none
        }
    }

    /// The refunds' and voids' receipts owed (`ReceiptDesk.printOwedDocuments`), printed; a
    /// printer that fails is said and not tried again by itself.
    static func printOwedDocuments() -> Effect<Action, Environment> {
        .run { environment, send in
            let (printed, failure) = environment.printOwedDocuments()
            if printed > 0 { environment.report(.refundReceiptsPrinted(count: printed)) }
            if let failure, failure != .notConfigured {
                environment.report(.unavailable(reason: failure.description))
                send(.printerUnavailable(failure))
                send(.documentsWaiting(environment.owedDocumentCount()))
            }
        }
    }

    /// The operator's "Print waiting receipts": every owed receipt, now, until the printer fails.
    /// The printing is the effect's; the answer says what became of each.
    static func printWaiting() -> Effect<Action, Environment> {
        .run { environment, send in
            let owed = environment.owedReceipts().map(\.orderNumber)
            var printed: [String] = []
            var failure: ReceiptPrinter.Failure?
            for order in owed where failure == nil {
                switch environment.printReceipt(order, false) {
                case let .success(destination):
                    printed.append(order)
                    environment.report(.printed(order: order, destination: destination, copy: false))
                case let .failure(problem):
                    failure = problem
                    environment.report(.failed(order: order, reason: problem.description))
                }
            }
            // Then the refunds' and voids' receipts, counted with the receipts, and the Z reports
            // the printer owes (the back office made them while it was down).
            var documents = 0, reports = 0
            if failure == nil { (documents, failure) = environment.printOwedDocuments() }
            if documents > 0 { environment.report(.refundReceiptsPrinted(count: documents)) }
            if failure == nil { (reports, failure) = environment.printWaitingReports() }
            // Those the printer did not take stay owed in the ledger; the menu counts them.
            let documentsLeft = failure == nil ? 0 : environment.owedDocumentCount()
            send(.waitingReceiptsPrinted(owed: owed, printed: printed, failure: failure, reports: reports, documents: documents,
                                         documentsLeft: documentsLeft))
        }
    }

    /// What "Print waiting receipts" did, in the books and on the menu's line.
    static func waitingPrinted(_ state: inout State, owed: [String], printed: [String], failure: ReceiptPrinter.Failure?,
                               reports: Int = 0, documents: Int = 0, documentsLeft: Int = 0) -> OperatorMessage {
        state.waitingDocuments = documentsLeft
        guard !owed.isEmpty || reports > 0 || documents > 0 || failure != nil else {
            state.waitingReceipts = []
            return .noReceiptWaiting
        }
        state.printedOrders += printed
        if let failure {
            state.printerProblem = failure
            state.waitingReceipts = owed.filter { !printed.contains($0) }
            return .waitingNotPrinted(failure, waiting: owed.count - printed.count + documentsLeft)
        }
        state.printerProblem = nil
        state.waitingReceipts = []
        let receipts = printed.count + documents
        return reports > 0 ? .printedWaitingWithReports(count: receipts, reports: reports) : .printedWaiting(count: receipts)
    }
}

import Foundation
import Localization

/// What the kiosk tells the shopper and the operator, as values: the state keeps these and the
/// view words them when it draws, in the language of the moment.
extension KioskFeature {
    /// The notice row under the title.
    public enum Notice: Equatable, Sendable {
        /// Too many wrong PINs: F10 is refused until then.
        case operatorLocked(until: Date)
        /// F2 picked this theme (its name as configured).
        case theme(name: String)
        case receiptPrinted(order: String)
        /// The order is paid; its receipt waits for the printer.
        case receiptNotPrinted(order: String)
        /// F10 or "Operator" with no operator PIN set: how to set one.
        case noOperatorPIN
    }

    /// The line under an operator dialog's prompt.
    public enum OperatorMessage: Equatable, Sendable {
        case wrongPIN
        case noReceiptPrintedYet
        case theme(name: String)
        case printed(order: String, destination: String)
        /// Typed on the reprint prompt: no paid order has that number.
        case noPaidOrder(String)
        case printerUnavailable(ReceiptPrinter.Failure)
        case noReceiptWaiting
        /// "Print waiting receipts" stopped at a failure with `waiting` left.
        case waitingNotPrinted(ReceiptPrinter.Failure, waiting: Int)
        case printedWaiting(count: Int)
        /// Waiting receipts and waiting Z reports printed.
        case printedWaitingWithReports(count: Int, reports: Int)
    }

    static func words(_ notice: Notice) -> String {
        switch notice {
        case let .operatorLocked(until):
            tr("Operator menu locked after {0} wrong PINs; try again at {1}.", maxPINAttempts, DateText.timeWithSeconds(until))
        case let .theme(name): tr("Theme: {0} (F2: next theme)", ThemeCycle.displayName(of: name))
        case let .receiptPrinted(order): tr("Receipt for order {0} printed.", order)
        case let .receiptNotPrinted(order): tr("Your order number is {0}. The receipt printer is unavailable.", order)
        case .noOperatorPIN: tr("No operator PIN is set. Set one with: checkout kiosk --set-operator-pin")
        }
    }

    static func words(_ message: OperatorMessage) -> String {
        switch message {
        case .wrongPIN: tr("Wrong PIN.")
        case .noReceiptPrintedYet: tr("No receipt has been printed yet.")
        case let .theme(name): tr("Theme: {0}", ThemeCycle.displayName(of: name))
        case let .printed(order, destination): tr("Order {0} printed to {1}.", order, destination)
        case let .noPaidOrder(order): tr("No paid order {0}.", order)
        case let .printerUnavailable(failure): tr("Printer unavailable ({0}).", failure.description)
        case .noReceiptWaiting: tr("No receipt is waiting.")
        case let .waitingNotPrinted(failure, waiting):
            tr("Printer unavailable ({0}).", failure.description) + "\n"
                + trn("{0} receipt waiting.", "{0} receipts waiting.", count: waiting, waiting)
        case let .printedWaiting(count): trn("Printed {0} waiting receipt.", "Printed {0} waiting receipts.", count: count, count)
        case let .printedWaitingWithReports(count, reports):
            trn("Printed {0} waiting receipt.", "Printed {0} waiting receipts.", count: count, count) + " "
                + trn("Printed {0} waiting Z report.", "Printed {0} waiting Z reports.", count: reports, reports)
        }
    }

    /// The printer's state, on top of the operator's menu while something is wrong.
    static func printerStatus(_ state: State) -> String? {
        guard let problem = state.printerProblem else {
            switch state.printerPaper {
            case .low: return tr("Printer: paper low; change the roll soon.")
            case .out: return tr("Printer: out of paper.")
            case .present, nil: return nil
            }
        }
        let waiting = state.waitingReceipts.count + state.waitingDocuments
        return tr("Printer: {0}.", problem.description) + "\n" + trn("{0} receipt waiting.", "{0} receipts waiting.", count: waiting, waiting)
    }
}

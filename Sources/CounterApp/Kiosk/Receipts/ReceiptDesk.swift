import CheckoutKit
import Foundation

/// A receipt the ledger says is owed: its order, and when the order was placed (an order placed
/// since the last shopper left is the one at the counter now).
public struct OwedReceipt: Equatable, Sendable {
    public var orderNumber: String
    public var placedAt: Date

    public init(orderNumber: String, placedAt: Date) {
        self.orderNumber = orderNumber
        self.placedAt = placedAt
    }
}

/// What the operator is told about the printer, through the operator's log.
public enum ReceiptReport: Equatable, Sendable {
    case printed(order: String, destination: String, copy: Bool)
    case failed(order: String, reason: String)
    /// Found at start: the printer cannot be written (nothing is lost yet).
    case unavailable(reason: String)
    /// The printer says its roll is nearly out (said once, until it has paper again).
    case paperLow
    /// Z reports that waited for the printer came out (at the start).
    case reportsPrinted(count: Int)
    /// Refunds' and voids' receipts the back office had not printed came out.
    case refundReceiptsPrinted(count: Int)
    /// Z reports still wait for the printer (the operator prints them with the waiting receipts).
    case reportsNotPrinted(reason: String)
}

/// The kiosk's receipts: the ledger's (which are owed, which were printed) and the printer's
/// (the document, its bytes, the device). Every paid order of this counter is printed once by
/// itself; the operator reprints any as a copy.
public final class ReceiptDesk {
    public let printer: ReceiptPrinter
    private let ledger: ReceiptBook
    /// What an owed refund's or void's receipt prints (the back office reads it); nil: not now.
    private let owedReceipt: (OwedDocument) -> OwedBackOfficeReceipt?

    /// Registers this counter as one that prints, before it takes any payment.
    public init(printer: ReceiptPrinter, ledger: ReceiptBook, owedReceipt: @escaping (OwedDocument) -> OwedBackOfficeReceipt? = { _ in nil }) throws {
        self.printer = printer
        self.ledger = ledger
        self.owedReceipt = owedReceipt
        try ledger.registerPrinter()
    }

    /// Owed receipts, oldest first; none when the ledger cannot be read (asked again next tick).
    public func owed() -> [OwedReceipt] {
        ((try? ledger.owed()) ?? []).map { OwedReceipt(orderNumber: $0.order.number, placedAt: $0.order.createdAt) }
    }

    /// Prints the receipt of a paid order (a `copy` is marked so) and notes it printed.
    public func print(_ orderNumber: String, copy: Bool) -> Result<String, ReceiptPrinter.Failure> {
        guard let receipt = try? ledger.receipt(orderNumber: orderNumber) else { return .failure(.noSuchReceipt(orderNumber)) }
        let result = printer.print(ReceiptDocument(receipt, copy: copy))
        if case .success = result {
            // Should this write fail, the receipt is not printed again by this counter (it
            // remembers what it printed); the next start would print it once more.
            try? ledger.markPrinted(orderNumber: orderNumber, copy: copy)
        }
        return result
    }

    /// Prints a back-office document (a refund's or a void's receipt, a report). With `once`, at
    /// most once under that key: nil when it came out before (a double press, an answer replayed).
    public func print(_ document: ReceiptDocument, once key: String?) -> Result<String, ReceiptPrinter.Failure>? {
        if let key, (try? ledger.documentPrinted(key: key)) == true { return nil }
        let result = printer.print(document)
        if case .success = result, let key {
            // As for receipts: should this write fail, a replayed answer prints it once more.
            try? ledger.markDocumentPrinted(key: key)
        }
        return result
    }

    /// Prints each waiting Z report once, oldest first, until the printer fails.
    public func printWaitingReports() -> (printed: Int, failure: ReceiptPrinter.Failure?) {
        printOnce(waitingReports().map { (ReceiptDocument(report: $0, copy: false), $0.printKey) })
    }

    /// Prints each refund's and void's receipt the back office did not print (the settler
    /// finished it after a stop, or after the screen stopped waiting), oldest first, until the
    /// printer fails.
    public func printOwedDocuments() -> (printed: Int, failure: ReceiptPrinter.Failure?) {
        printOnce(((try? ledger.owedDocuments()) ?? []).compactMap { document in
            owedReceipt(document).map { (ReceiptDocument(owed: $0), document.printKey) }
        })
    }

    /// How many refunds' and voids' receipts are owed (the ledger leaves out those printed), as
    /// `printOwedDocuments` would print them; 0 when unreadable.
    public func owedDocumentCount() -> Int {
        ((try? ledger.owedDocuments()) ?? []).filter { owedReceipt($0) != nil }.count
    }

    private func printOnce(_ documents: [(ReceiptDocument, String?)]) -> (printed: Int, failure: ReceiptPrinter.Failure?) {
        var printed = 0
        for (document, key) in documents {
            switch print(document, once: key) {
            case .success?: printed += 1
            case .failure(let failure)?: return (printed, failure)
            case nil: continue
            }
        }
        return (printed, nil)
    }

    /// Z reports whose printout waits for the printer, oldest first; none when unreadable.
    public func waitingReports() -> [DayReport] {
        (try? ledger.reportsAwaitingPrint()) ?? []
    }

    /// The order whose receipt this host's printers printed last, also from before a restart.
    public func lastPrinted() -> String? {
        (try? ledger.lastPrinted())?.order.number
    }
}

import PaymentsCore

/// The receipts this counter owes and has printed, as the kiosk's printer desk asks for them:
/// paid orders' receipts as values, the printing noted once it happened. Over the core's
/// `ReceiptLedger`, which the screens do not hold.
public final class ReceiptBook {
    private let ledger: ReceiptLedger

    init(ledger: ReceiptLedger) {
        self.ledger = ledger
    }

    /// Registers this counter as one that prints, before it takes any payment.
    public func registerPrinter() throws {
        try ledger.registerPrinter()
    }

    /// Receipts owed, oldest first.
    public func owed() throws -> [PaidOrderReceipt] {
        try ledger.owed()
    }

    /// A paid order's receipt; nil for no such paid order.
    public func receipt(orderNumber: String) throws -> PaidOrderReceipt? {
        try ledger.receipt(orderNumber: orderNumber)
    }

    /// The receipt of the order the store's cart paid last, for this shopper or guest.
    public func latestPaid(sessionKey: String) throws -> PaidOrderReceipt? {
        try ledger.latestPaid(sessionKey: sessionKey)
    }

    /// The receipt this host's printers printed last, also from before a restart.
    public func lastPrinted() throws -> PaidOrderReceipt? {
        try ledger.lastPrinted()
    }

    /// Whether the back office's document printed once under `key` has come out.
    public func documentPrinted(key: String) throws -> Bool {
        try ledger.documentPrinted(key: key)
    }

    public func markDocumentPrinted(key: String) throws {
        try ledger.markDocumentPrinted(key: key)
    }

    /// Refunds' and voids' receipts owed by this host's printing counters, oldest first.
    public func owedDocuments() throws -> [OwedDocument] {
        try ledger.owedDocuments()
    }

    /// Z reports whose printout has not come out yet, oldest first.
    public func reportsAwaitingPrint() throws -> [DayReport] {
        try ledger.reportsAwaitingPrint()
    }

    /// Notes that the receipt was printed (a `copy` at the operator's asking).
    public func markPrinted(orderNumber: String, copy: Bool) throws {
        try ledger.markPrinted(orderNumber: orderNumber, copy: copy)
    }
}

import PaymentsCore

extension CheckoutServices {
    /// The receipts this counter owes and has printed, on the core's database and clock, as
    /// this counter instance. Opening it migrates the ledger's two tables once.
    public func receiptBook() throws -> ReceiptBook {
        try ReceiptBook(ledger: ReceiptLedger(store: core.store, clock: core.clock, instanceId: commerce.instance.id,
                                                  counter: commerce.counterName))
    }
}

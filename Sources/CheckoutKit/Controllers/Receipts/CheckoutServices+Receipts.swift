import PaymentsCore

extension CheckoutServices {
    /// The receipts this counter owes and has printed (`ReceiptLedger`), on the core's database
    /// and clock, as this counter instance. Opening it migrates its two tables once.
    public func receiptLedger() throws -> ReceiptLedger {
        try ReceiptLedger(database: core.database, clock: core.clock, instanceId: commerce.instance.id)
    }
}

import Foundation

/// The order a subscription's period is paid by: one line (the plan and the period), no jars, in
/// the customer's order history. Placed paid, with its ledger entry, in the transaction that
/// records the period's payment (`Subscriptions`), so money taken for a period is never without
/// its order, its receipt and its place in the reports and the export.
extension Orders {
    /// Books the payment `reference` took for a period (`periodIndex` 0 for the first period) under
    /// `paymentKey`. Booking the same payment again answers the order it booked. `signature`: who
    /// served the shopper who subscribed at the counter (a renewal is nobody's).
    @discardableResult
    func bookSubscriptionPeriod(_ tx: any CoreTransaction, customerId: String, plan: Plan, periodIndex: Int, paymentKey: String,
                                reference: String, signedBy signature: StaffSignature? = nil) throws -> Order {
        if let booked = try tx.fetchOne(OrderRecord.self, "SELECT * FROM orders o WHERE o.payment_kind = ? AND o.charge_id = ? LIMIT 1",
                                        ExternalPaymentKind.subscription, reference) {
            return try booked.order(tx)
        }
        let id = ids.next("ord")
        let record = OrderRecord(id: id, number: try OrderNumbers.next(in: tx), sessionKey: Customer.cartKey(customerId: customerId),
                                 state: .pendingPayment, totalMinor: plan.price.minorUnits, currency: plan.price.currency.code,
                                 createdAt: clock.now, updatedAt: clock.now, paymentKind: .subscription, paymentReference: reference,
                                 owner: owner, paymentKey: paymentKey, counter: counterName)
        try tx.insert(record)
        try tx.insert(OrderLineRecord(orderId: id, position: 0, productId: plan.id, name: Self.periodLine(plan: plan, periodIndex: periodIndex),
                                      unitMinor: plan.price.minorUnits, quantity: 1,
                                      taxRateBp: tax.rate(forCategory: TaxTable.Category.subscription).basisPoints))
        try events.record(tx, type: "order.placed", subject: id, data: ["total": "\(plan.price.minorUnits)", "currency": plan.price.currency.code,
                                                                           "subscription_payment": paymentKey])
        try setState(tx, id, .paid, failure: nil, chargeId: reference)
        try MoneyLedger.bookPayment(tx, order: record, reference: reference, at: clock.now, counter: counterName)
        guard let paid = try Order.load(tx, id: id) else { throw OrderError.unknownOrder(id) }
        try Self.sign(tx, paid, placedBy: signature)
        return paid
    }

    /// "Monthly jar, period 3": periods are counted from 1 for the shopper.
    static func periodLine(plan: Plan, periodIndex: Int) -> String { "\(plan.name), period \(periodIndex + 1)" }
}

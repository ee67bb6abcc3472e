import Foundation

/// Paying a cart in cash at a staffed counter. Nobody outside is asked: the cashier has the notes
/// in hand, so the order is placed (or the cart's open order taken), its cash rounding added as a
/// line of its own, the shelf checked, the cash and its change recorded, the order paid, the
/// stock lowered, the cart emptied and the books written, all in one transaction. Nothing of it is
/// on disk if any of it fails: the cashier gives the notes back and nothing was taken.
extension Orders {
    public func payInCash(sessionKey: String, tendered: Money, rounding: CashRounding = .unrounded,
                          signedBy signature: StaffSignature? = nil) throws(OrderError) -> CashSale {
        try writing { tx in
            let placed = try orderToPay(tx, sessionKey: sessionKey, placedBy: signature)
            // Locked on a server: a card attempt of the same order begun at another counter waits.
            guard let record = try OrderRecord.stored(tx, id: placed.id, locking: true) else { throw OrderError.unknownOrder(placed.id) }
            guard try !Self.hasReservation(tx, placed.id) else { throw OrderError.paymentInProgress(number: placed.number) }
            // The last part of a split pays what its parts left (issue 35); rounding rounds that.
            let paidBefore = try MoneyLedger.balance(tx, orderId: record.id)
            let order = try addCashRounding(tx, to: try record.order(tx), due: record.totalMinor - paidBefore, rounding)
            let due = Money(minorUnits: order.total.minorUnits - paidBefore, currency: order.total.currency)
            guard tendered.currency == due.currency else { throw OrderError.storage("cash in \(tendered.currency.code) for an order in \(due.currency.code)") }
            guard tendered.minorUnits >= due.minorUnits else { throw OrderError.cashShort(due: due) }
            try reserveStock(tx, order: order)
            let cash = CashPaymentRecord(id: ids.next("cash"), orderId: order.id, amountMinor: due.minorUnits,
                                         tenderedMinor: tendered.minorUnits, changeMinor: tendered.minorUnits - due.minorUnits,
                                         currency: due.currency.code, at: clock.now, counter: counterName)
            try tx.insert(cash)
            if paidBefore > 0 {
                // A split keeps the card checkout's kind: each part's own row says its tender.
                try tx.execute("UPDATE orders SET owner = ?, counter = ?, updated_at = ? WHERE id = ?", owner, counterName, clock.now.milliseconds, order.id)
            } else {
                try tx.execute("""
                    UPDATE orders SET payment_kind = ?, payment_reference = ?, owner = ?, counter = ?, updated_at = ? WHERE id = ?
                    """, ExternalPaymentKind.cash, cash.id, owner, counterName, clock.now.milliseconds, order.id)
            }
            try events.record(tx, type: "order.payment_started", subject: order.id, data: ["instrument": ExternalPaymentKind.cash.rawValue])
            // The shelf was checked under the reservation just made: `recordPaid` finds it whole.
            guard let paid = try recordPaid(tx, order, chargeId: cash.id) else { throw Self.shortShelf(order) }
            return CashSale(order: paid, cash: try cash.tendered())
        }
    }

    /// The order with its cash rounding line, when the till rounds its total (never for the
    /// other tenders): the line is what rounding adds or takes, and the order's total follows.
    private func addCashRounding(_ tx: any CoreTransaction, to order: Order, due: Int64, _ rounding: CashRounding) throws -> Order {
        let adjustment = rounding.adjustment(due)
        guard adjustment != 0 else { return order }
        try tx.insert(OrderLineRecord(orderId: order.id, position: order.lines.count, productId: OrderLineKind.rounding.rawValue,
                                      name: OrderExtra.cashRoundingName, unitMinor: adjustment, quantity: 1, kind: .rounding,
                                      taxRateBp: TaxTable.outsideVAT.basisPoints))
        try tx.execute("UPDATE orders SET total_minor = total_minor + ?, updated_at = ? WHERE id = ?", adjustment, clock.now.milliseconds, order.id)
        try events.record(tx, type: "order.cash_rounded", subject: order.id, data: ["adjustment": String(adjustment)])
        guard let rounded = try Order.load(tx, id: order.id) else { throw OrderError.unknownOrder(order.id) }
        return rounded
    }

    /// A shelf found short when a sale is paid (only if stock was lowered behind the reservations'
    /// back): the order's first jar is named, and the whole sale rolls back.
    static func shortShelf(_ order: Order) -> OrderError {
        order.goods.first.map { OrderError.outOfStock(productId: $0.productId, name: $0.name) } ?? .emptyCart
    }

    /// The cash an order was paid with (what was tendered, the change); nil for another tender.
    public func cashTendered(orderId: String) throws(OrderError) -> CashTendered? {
        try reading { tx in
            try tx.fetchOne(CashPaymentRecord.self, "SELECT * FROM cash_payments WHERE order_id = ? ORDER BY at DESC LIMIT 1", orderId)?.tendered()
        }
    }
}

/// A cash sale as the till sees it: the paid order and the cash that paid it.
public struct CashSale: Hashable, Sendable {
    public let order: Order
    public let cash: CashTendered
}

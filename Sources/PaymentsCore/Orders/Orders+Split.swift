import Foundation

/// Split tender (issue 35): an order paid in parts, each part one payment (a card charge for an
/// amount up to what is left, or cash) booked as its own ledger entry in the transaction that
/// records its answer. The order is paid (stock down, cart emptied) only when its books cover its
/// total; until then it is pending and "part paid": what is left is its total less what is booked.
///
/// The rules a part keeps:
/// - A card part is an attempt like any other (`startAttempt`: jars reserved, the shelf checked,
///   the key on disk before the acquirer is asked) whose charge is for the part; its answer, by
///   the shopper's payment or by the settler, books it through `recordPaid`, which releases the
///   jars of a part that does not cover the order. Every rule of the settler holds as it is.
/// - A cash part checks the shelf and is booked in one transaction; change comes only from cash,
///   and only from the last part (`payInCash` over what is left).
/// - Jars are not held between parts (a held jar is an attempt in flight, for the settler and
///   the audit); the last part's intent reserves them again before its money moves, so the shelf
///   is checked before the order is paid, never after.
/// - The cart of a part-paid order cannot become another order (`OrderError.partPaid`); a
///   part-paid order is never failed or closed as abandoned while it holds money.
extension Orders {
    /// What a session's open order has been paid so far and what is left; nil when its cart has
    /// no open order or nothing is paid on it yet.
    public func paidSoFar(sessionKey: String) throws(OrderError) -> PaidSoFar? {
        try reading { tx in
            guard let open = try openCardOrder(tx, sessionKey) else { return nil }
            return try Self.paidSoFar(tx, open)
        }
    }

    /// What an order has been paid so far, part by part; nil when nothing is paid on it yet or
    /// it is no longer awaiting payment.
    public func paidSoFar(orderId: String) throws(OrderError) -> PaidSoFar? {
        try reading { tx in
            guard let order = try Order.load(tx, id: orderId), order.state == .pendingPayment else { return nil }
            return try Self.paidSoFar(tx, order)
        }
    }

    static func paidSoFar(_ tx: any CoreTransaction, _ order: Order) throws -> PaidSoFar? {
        let parts = try MoneyLedger.entries(tx, orderId: order.id)
        let paid = parts.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
        guard paid > 0 else { return nil }
        return PaidSoFar(order: order, parts: parts.filter { $0.movement != .refund },
                         paid: Money(minorUnits: paid, currency: order.total.currency),
                         left: Money(minorUnits: order.total.minorUnits - paid, currency: order.total.currency))
    }

    /// The payments that paid an order, oldest first: more than one for an order paid in parts.
    public func payments(orderId: String) throws(OrderError) -> [LedgerEntry] {
        try reading { tx in try MoneyLedger.entries(tx, orderId: orderId).filter { $0.movement != .refund } }
    }

    /// What is left to pay of an order awaiting payment: its total less what its parts booked.
    static func due(_ tx: any CoreTransaction, _ order: Order) throws -> Money {
        Money(minorUnits: order.total.minorUnits - (try MoneyLedger.balance(tx, orderId: order.id)), currency: order.total.currency)
    }

    /// Whether the books hold money for the order: a part-paid order, never failed while it does.
    static func holdsMoney(_ tx: any CoreTransaction, _ orderId: String) throws -> Bool {
        try MoneyLedger.balance(tx, orderId: orderId) > 0
    }

    /// Orders `o` with money booked: part paid, when still awaiting payment.
    static let partPaid = "EXISTS (SELECT 1 FROM ledger_entries e WHERE e.order_id = o.id)"

    /// Books `reference` as a part of the order when it leaves some of the total unpaid: the part's
    /// entry, the jars released (held again by the next part's intent), the order awaiting payment
    /// (a failed one revived by late money too). True when the payment is a part (or was booked
    /// already): `recordPaid` then has nothing more to do; false when it pays what is left.
    func bookedAsPart(_ tx: any CoreTransaction, _ record: OrderRecord, reference: String) throws -> Bool {
        let booked = try LedgerEntryRecord.of(tx, orderId: record.id)
        // Booked already: the shopper's answer and the settler both recording the same part.
        if booked.contains(where: { $0.answerId == reference && $0.movement != .refund }) { return true }
        let paidBefore = booked.reduce(Int64(0)) { $0 + $1.amountMinor }
        let taken = try PaymentTaken.read(tx, order: record, reference: reference)
        guard paidBefore + taken.amountMinor < record.totalMinor else { return false }
        try MoneyLedger.bookPayment(tx, order: record, reference: reference, at: clock.now, counter: record.counter ?? counterName)
        try tx.execute("DELETE FROM stock_reservations WHERE order_id = ?", record.id)
        try tx.execute("UPDATE orders SET state = ?, failure = NULL, updated_at = ? WHERE id = ?",
                       OrderState.pendingPayment, clock.now.milliseconds, record.id)
        try events.record(tx, type: "order.part_paid", subject: record.id, data: [
            "payment": reference, "amount": String(taken.amountMinor), "left": String(record.totalMinor - paidBefore - taken.amountMinor),
        ])
        return true
    }

    /// Takes `amount` in cash as one part of the session's order, below what is left (the last
    /// part, with its change, is `payInCash`): the order placed (or the cart's open order taken),
    /// the shelf checked, the cash recorded and booked, the order left awaiting the rest, all in
    /// one transaction. No change is given from a part.
    public func payPartInCash(sessionKey: String, amount: Money) throws(OrderError) -> CashSale {
        try writing { tx in
            let placed = try orderToPay(tx, sessionKey: sessionKey)
            guard let record = try OrderRecord.stored(tx, id: placed.id, locking: true) else { throw OrderError.unknownOrder(placed.id) }
            guard try !Self.hasReservation(tx, placed.id) else { throw OrderError.paymentInProgress(number: placed.number) }
            let order = try record.order(tx)
            let left = try Self.due(tx, order)
            guard amount.currency == left.currency, amount.minorUnits > 0, amount.minorUnits < left.minorUnits else {
                throw OrderError.partTooLarge(left: left)
            }
            // The jars must be there before money is taken for them; `recordPaid` lets them go.
            try reserveStock(tx, order: order)
            let cash = CashPaymentRecord(id: ids.next("cash"), orderId: order.id, amountMinor: amount.minorUnits, tenderedMinor: amount.minorUnits,
                                         changeMinor: 0, currency: amount.currency.code, at: clock.now, counter: counterName)
            try tx.insert(cash)
            try tx.execute("UPDATE orders SET owner = ?, counter = ?, updated_at = ? WHERE id = ?", owner, counterName, clock.now.milliseconds, order.id)
            try events.record(tx, type: "order.payment_started", subject: order.id, data: ["instrument": ExternalPaymentKind.cash.rawValue, "part": "true"])
            guard let current = try recordPaid(tx, order, chargeId: cash.id) else { throw Self.shortShelf(order) }
            return CashSale(order: current, cash: try cash.tendered())
        }
    }
}

/// A part-paid order as the counter shows it: "Paid so far … · left …", with each part.
public struct PaidSoFar: Hashable, Sendable {
    public let order: Order
    /// The payments booked for it, oldest first (each card by brand and last four, cash).
    public let parts: [LedgerEntry]
    public let paid: Money
    public let left: Money

    public init(order: Order, parts: [LedgerEntry], paid: Money, left: Money) {
        self.order = order
        self.parts = parts
        self.paid = paid
        self.left = left
    }
}

extension CartPayment {
    /// This payment for `amount` only, one part of a split: nil unless it is more than nothing and
    /// no more than what is left.
    public func part(_ amount: Money) -> CartPayment? {
        guard amount.currency == due.currency, amount.minorUnits > 0, amount.minorUnits <= due.minorUnits else { return nil }
        var part = self
        part.amount = amount
        return part
    }
}

import Foundation

/// The books: every movement of money is one `ledger_entries` row, written by the operation that
/// moves it, in the transaction that changes its order. Booking the same payment or refund again
/// (a retry, the settler, another counter) changes nothing: each outside record is booked once.
///
/// | operation | entry |
/// | --- | --- |
/// | card order paid (`Orders.recordPaid`), by the shopper's answer or the settler | payment, card, the charge's captured amount |
/// | express order paid | payment, card, the express charge (goods, shipping and surcharge) |
/// | bank order paid | payment, bank, the bank payment's amount |
/// | wallet order paid | payment, wallet, the source's amount |
/// | checkout's order paid by a mandate draw | payment, mandate, the draw's amount |
/// | subscription period paid (`Orders.bookSubscriptionPeriod`) | payment, card or mandate, the charge or draw |
/// | won bid's hold captured (`Orders.markWonBidPaid`) | capture, card |
/// | a refund's money back (`Orders.commitRefund`) | refund, the tender that paid, negative |
///
/// Each entry is journaled as it is booked, in the same transaction (`Journal.recordBooked`: a
/// receipt for money in, a refund for money out), but when a migration books a database's
/// earlier payments (`journaled: false`: no counter's key signed them when they happened).
enum MoneyLedger {
    /// Books the payment `reference` took for `order`, read from the payment itself (a charge, a
    /// bank payment or a wallet source, by the order's payment kind), so the books hold what was
    /// taken, not what the order expected: the audit compares the two.
    static func bookPayment(_ tx: any CoreTransaction, order: OrderRecord, reference: String, movement: LedgerMovement = .payment,
                            at: Date, counter: String?, journaled: Bool = true) throws {
        let taken = try PaymentTaken.read(tx, order: order, reference: reference)
        try book(tx, LedgerEntryRecord(id: entryId(taken.answer), orderId: order.id, movement: movement, tender: taken.tender,
                                       cardBrand: taken.card?.brand, cardLastFour: taken.card?.lastFour, amountMinor: taken.amountMinor,
                                       currency: taken.currency, at: at, counter: counter, answerKind: taken.answer.kind, answerId: taken.answer.id),
                 journaled: journaled)
    }

    /// Books money given back for `orderId`: through the tender that paid it (the order's payment
    /// entry says which; for a split order's leg, the entry of the part `paidBy` names), negative.
    static func bookRefund(_ tx: any CoreTransaction, orderId: String, refundId: String, amountMinor: Int64, currency: String,
                           at: Date, counter: String?, paidBy: String? = nil, journaled: Bool = true) throws {
        let paid = try paidBy.map { paidBy in
            try tx.fetchOne(LedgerEntryRecord.self, "SELECT * FROM ledger_entries WHERE order_id = ? AND movement <> ? AND answer_id = ?",
                            orderId, LedgerMovement.refund, paidBy)
        } ?? tx.fetchOne(LedgerEntryRecord.self, """
            SELECT * FROM ledger_entries WHERE order_id = ? AND movement <> ? ORDER BY at, \(tx.engine.bytewise("id")) LIMIT 1
            """, orderId, LedgerMovement.refund)
        let tender = paid?.tender ?? .card
        let answer = LedgerAnswer(kind: refundKind(of: tender), id: refundId)
        try book(tx, LedgerEntryRecord(id: entryId(answer), orderId: orderId, movement: .refund, tender: tender,
                                       cardBrand: paid?.cardBrand, cardLastFour: paid?.cardLastFour, amountMinor: -amountMinor,
                                       currency: currency, at: at, counter: counter, answerKind: answer.kind, answerId: answer.id),
                 journaled: journaled)
    }

    /// An order's entries, oldest first.
    static func entries(_ tx: any CoreTransaction, orderId: String) throws -> [LedgerEntry] {
        try LedgerEntryRecord.of(tx, orderId: orderId).map { try $0.entry() }
    }

    /// What the books hold paid for an order: money in less money out.
    static func balance(_ tx: any CoreTransaction, orderId: String) throws -> Int64 {
        try tx.fetchValue(Int64.self, "SELECT COALESCE(SUM(amount_minor), 0) FROM ledger_entries WHERE order_id = ?", orderId) ?? 0
    }

    static func refundKind(of tender: Tender) -> LedgerAnswer.Kind {
        switch tender {
        case .card: .chargeRefund
        // A mandate draw is a bank payment: it goes back as a bank refund.
        case .bank, .mandate: .bankRefund
        case .wallet: .walletRefund
        case .cash: .cashRefund
        }
    }

    /// An entry's id is what it answers to: booking twice is seen, never written twice.
    static func entryId(_ answer: LedgerAnswer) -> String { "\(answer.kind.rawValue):\(answer.id)" }

    private static func book(_ tx: any CoreTransaction, _ record: LedgerEntryRecord, journaled: Bool) throws {
        guard try LedgerEntryRecord.answering(tx, LedgerAnswer(kind: record.answerKind, id: record.answerId)) == nil else { return }
        try tx.insert(record)
        if journaled { try Journal.recordBooked(tx, record) }
    }
}

/// What a payment took, read from the payment's own row.
struct PaymentTaken {
    let tender: Tender
    let card: CardOnReceipt?
    let amountMinor: Int64
    let currency: String
    let answer: LedgerAnswer

    static func read(_ tx: any CoreTransaction, order: OrderRecord, reference: String) throws -> PaymentTaken {
        // A split's cash part, on an order whose other parts are card charges (issue 35).
        if order.paymentKind == nil, let cash = try CashPaymentRecord.stored(tx, id: reference) {
            return PaymentTaken(tender: .cash, card: nil, amountMinor: cash.amountMinor, currency: cash.currency,
                                answer: LedgerAnswer(kind: .cashPayment, id: reference))
        }
        switch order.paymentKind {
        case .bank:
            return try bankPayment(tx, order: order, reference: reference)
        case .subscription:
            // A period is drawn on a mandate or charged to a saved card: the payment's own row says which.
            if try tx.exists("SELECT 1 FROM bank_resources WHERE id = ?", reference) { return try bankPayment(tx, order: order, reference: reference) }
            return try charge(tx, order: order, reference: reference)
        case .wallet:
            let row = try tx.rows("SELECT amount_minor, currency FROM sources WHERE id = ?", reference).first
            return PaymentTaken(tender: .wallet, card: nil, amountMinor: try row?.value(Int64.self, "amount_minor") ?? order.totalMinor,
                                currency: try row?.value(String.self, "currency") ?? order.currency,
                                answer: LedgerAnswer(kind: .walletSource, id: reference))
        case .express, .auction, nil:
            return try charge(tx, order: order, reference: reference)
        case .cash:
            let cash = try CashPaymentRecord.stored(tx, id: reference)
            return PaymentTaken(tender: .cash, card: nil, amountMinor: cash?.amountMinor ?? order.totalMinor, currency: cash?.currency ?? order.currency,
                                answer: LedgerAnswer(kind: .cashPayment, id: reference))
        }
    }

    /// A bank payment, or a draw on a mandate (a bank payment the mandate made: tender `mandate`).
    private static func bankPayment(_ tx: any CoreTransaction, order: OrderRecord, reference: String) throws -> PaymentTaken {
        let row = try tx.rows("SELECT amount_minor, currency, mandate_id FROM bank_resources WHERE id = ?", reference).first
        let drawnOnMandate = try row?.value(String?.self, "mandate_id") != nil
        return PaymentTaken(tender: drawnOnMandate ? .mandate : .bank, card: nil,
                            amountMinor: try row?.value(Int64?.self, "amount_minor") ?? order.totalMinor,
                            currency: try row?.value(String.self, "currency") ?? order.currency,
                            answer: LedgerAnswer(kind: .bankPayment, id: reference))
    }

    private static func charge(_ tx: any CoreTransaction, order: OrderRecord, reference: String) throws -> PaymentTaken {
        let row = try tx.rows("SELECT amount_captured, currency, brand, last_four FROM charges WHERE id = ?", reference).first
        let card = try row.map { CardOnReceipt(brand: try $0.value(String.self, "brand"), lastFour: try $0.value(String.self, "last_four")) }
        return PaymentTaken(tender: .card, card: card, amountMinor: try row?.value(Int64.self, "amount_captured") ?? order.totalMinor,
                            currency: try row?.value(String.self, "currency") ?? order.currency,
                            answer: LedgerAnswer(kind: .charge, id: reference))
    }
}

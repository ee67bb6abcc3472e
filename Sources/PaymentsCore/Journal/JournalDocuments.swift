import Foundation

/// The documents the core journals itself, each built from the rows it records (never worded
/// anew): a ledger entry and its order, a hold's void, a Z report.
extension Journal {
    /// A receipt (money in: a payment, a capture) or a refund (money out), one entry per ledger
    /// entry, as `MoneyLedger` books it. The order's lines are on the receipt; every entry names
    /// its order, the tender, the amount and what it answers to (a charge, a bank payment...).
    static func recordBooked(_ tx: any CoreTransaction, _ entry: LedgerEntryRecord) throws {
        let order = try OrderRecord.stored(tx, id: entry.orderId)
        let isRefund = entry.movement == .refund
        var orderFields: [String: JournalValue?] = [
            "id": .text(entry.orderId),
            "number": .optional(order?.number),
            "total_minor": order.map { .integer($0.totalMinor) },
            "currency": .optional(order?.currency),
            "ships_to": .optional(order?.shipsTo),
        ]
        if !isRefund, let order {
            let lines = try tx.fetchAll(OrderLineRecord.self, "SELECT * FROM order_lines WHERE order_id = ? ORDER BY position", order.id)
            orderFields["lines"] = .list(lines.map { line in
                // A line's discounts only when it has them: receipts without any read as before.
                .fields(["position": .integer(Int64(line.position)), "product": .text(line.productId), "name": .text(line.name),
                         "kind": .text(line.kind.rawValue), "unit_minor": .integer(line.unitMinor), "quantity": .integer(Int64(line.quantity))]
                        .merging(line.discountMinor == 0 ? [:] : ["discount_minor": .integer(line.discountMinor)]) { $1 }
                        .merging(line.orderDiscountMinor == 0 ? [:] : ["order_discount_minor": .integer(line.orderDiscountMinor)]) { $1 })
            })
        }
        let body = JournalBody([
            "entry": .text(entry.id),
            "movement": .text(entry.movement.rawValue),
            "tender": .text(entry.tender.rawValue),
            "card": entry.cardBrand.flatMap { brand in entry.cardLastFour.map { .fields(["brand": .text(brand), "last_four": .text($0)]) } },
            "amount_minor": .integer(entry.amountMinor),
            "currency": .text(entry.currency),
            "answers": .fields(["kind": .text(entry.answerKind.rawValue), "id": .text(entry.answerId)]),
            "booked_by": .optional(entry.counter),
            "staff": try bookedSignature(tx, entry, order: order).journalValue,
            "order": .fields(orderFields.compactMapValues { $0 }),
        ])
        try append(tx, kind: isRefund ? .refund : .receipt, subject: order?.number ?? entry.orderId, body: body, at: entry.at)
    }

    /// Who a booked entry's money moved for: a refund's giver, a payment's order's placer.
    private static func bookedSignature(_ tx: any CoreTransaction, _ entry: LedgerEntryRecord, order: OrderRecord?) throws -> StaffSignature? {
        guard entry.movement == .refund else { return order?.signature }
        return try tx.fetchOne(OrderRefundRecord.self, "SELECT * FROM order_refunds WHERE charge_refund_id = ?", entry.answerId)?.signature
    }

    /// A hold the operator voided: the money held on a card, let go.
    static func recordVoid(_ tx: any CoreTransaction, _ void: HoldVoidRecord, auctionId: String, at: Date) throws {
        try append(tx, kind: .void, subject: void.id, body: JournalBody([
            "void": .text(void.id), "bid": .text(void.bidId), "auction": .text(auctionId), "hold": .text(void.holdId),
            "amount_minor": .integer(void.amountMinor), "currency": .text(void.currency),
            "requested_at": .time(void.createdAt), "requested_by": .optional(void.requestedBy), "staff": void.signature.journalValue,
        ]), at: at)
    }

    /// A till opened with its counted float (and what was suggested).
    static func recordTillOpened(_ tx: any CoreTransaction, _ session: TillSessionRecord) throws {
        try append(tx, kind: .tillOpened, subject: session.id, body: JournalBody([
            "till": .text(session.id), "counter": .text(session.counter), "currency": .text(session.currency),
            "float_minor": .integer(session.floatMinor), "suggested_minor": session.suggestedMinor.map(JournalValue.integer),
            "opened_at": .time(session.openedAt),
            "staff": session.openedBy.map { StaffSignature(doneBy: $0).journalValue },
        ]), at: session.openedAt)
    }

    /// Cash paid in or out of the till with its reason, or the drawer opened with no sale
    /// (`noSale`, amount zero).
    static func recordCashMovement(_ tx: any CoreTransaction, _ movement: CashMovementRecord) throws {
        try append(tx, kind: movement.kind == .noSale ? .noSale : .cashMovement, subject: movement.id, body: JournalBody([
            "movement": .text(movement.id), "till": .text(movement.sessionId), "counter": .text(movement.counter),
            "kind": .text(movement.kind.rawValue), "amount_minor": .integer(movement.amountMinor), "currency": .text(movement.currency),
            "reason": .text(movement.reason),
            "staff": movement.signature.journalValue,
        ]), at: movement.at)
    }

    /// A till closed: its expected cash beside the counted, the difference, its note and who
    /// approved a difference above the shop's limit.
    static func recordTillClosed(_ tx: any CoreTransaction, _ session: TillSessionRecord) throws {
        let at = session.closedAt ?? session.openedAt
        try append(tx, kind: .tillClosed, subject: session.id, body: JournalBody([
            "till": .text(session.id), "counter": .text(session.counter), "currency": .text(session.currency),
            "float_minor": .integer(session.floatMinor),
            "cash_sales_minor": session.cashSalesMinor.map(JournalValue.integer),
            "cash_refunds_minor": session.cashRefundsMinor.map(JournalValue.integer),
            "paid_in_minor": session.paidInMinor.map(JournalValue.integer),
            "paid_out_minor": session.paidOutMinor.map(JournalValue.integer),
            "expected_minor": session.expectedMinor.map(JournalValue.integer),
            "counted_minor": session.countedMinor.map(JournalValue.integer),
            "difference_minor": session.differenceMinor.map(JournalValue.integer),
            "left_in_minor": session.leftInMinor.map(JournalValue.integer),
            "note": .optional(session.note), "approval": .optional(session.approval?.rawValue),
            "closed_at": .time(at),
            "staff": session.signature.journalValue,
        ]), at: at)
    }

    /// A Z report saved: its span and every figure, as summed from the books, and the key that
    /// signs this counter's journal (the fingerprint printed with it).
    static func recordZReport(_ tx: any CoreTransaction, _ report: DayReport, subject: String, at: Date) throws {
        func totals(_ list: [DayReport.Total]) -> JournalValue {
            .list(list.map { total in
                .fields(["method": .text(total.method), "currency": .text(total.currency), "minor_units": .integer(total.minorUnits),
                         "count": .integer(Int64(total.count))])
            })
        }
        try append(tx, kind: .zReport, subject: subject, body: JournalBody([
            "number": .integer(Int64(report.number ?? 0)),
            "from": report.from.map(JournalValue.time),
            "to": .time(report.to),
            "sales": totals(report.sales),
            "refunds": totals(report.refunds),
            "voids": totals(report.voids),
            "captures": totals(report.captures),
            "net": totals(report.net),
            "grand_total": totals(report.grandTotal),
            "unsettled": .list(report.unsettled.map(JournalValue.text)),
            "counter": .optional(report.counter),
            "key_fingerprint": .optional(tx.journal?.fingerprint),
            // Sales left parked at the close (issue 36); absent when none, as before there were any.
            "parked": report.parked.isEmpty ? nil : .list(report.parked.map { parked in
                .fields(["name": .text(parked.name), "total_minor": .integer(parked.totalMinor), "currency": .text(parked.currency),
                         "items": .integer(Int64(parked.items)), "parked_at": .time(parked.parkedAt)])
            }),
            "staff": report.closedBy.journalValue,
            // The discounts the day's sales were given, when there were any (issue 36).
            "discounts": report.discounts.flatMap { $0.isEmpty ? nil : $0.journalValue },
        ]), at: at)
    }
}

extension DiscountFigures {
    /// In a Z report's journal entry: the sums in total, by reason, by who gave and by who approved.
    var journalValue: JournalValue {
        func sums(_ list: [Sum]) -> JournalValue {
            .list(list.map { .fields(["key": .text($0.key), "currency": .text($0.currency), "minor_units": .integer($0.minorUnits),
                                      "count": .integer(Int64($0.count))]) })
        }
        return .fields(["total": sums(total), "by_reason": sums(byReason), "by_person": sums(byPerson), "by_approver": sums(byApprover)])
    }
}

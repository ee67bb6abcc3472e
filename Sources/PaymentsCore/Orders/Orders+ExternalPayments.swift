import Foundation
import GRDB

/// Orders paid by another method (express sheet, wallet source, bank payment): the order waits
/// with its reference until that method says paid or failed.
extension Orders {
    /// Starts paying the order by another method: reserves its jars exactly as a card payment
    /// does (`outOfStock` before any money moves) and notes the method, so `reconcilePayments`
    /// leaves the order to that method's own status. The method then runs with `order.total` and
    /// `order.number`, and settles the order with `markPaid(orderId:reference:)` or
    /// `markFailed(orderId:reason:)`.
    @discardableResult
    public func startExternalPayment(orderId: String, kind: ExternalPaymentKind, paymentKey: String? = nil) throws(OrderError) -> Order {
        do throws(OrderError) {
            return try write { db -> Order in
                guard let order = try Order.load(db, id: orderId) else { throw OrderError.unknownOrder(orderId) }
                guard order.state == .pendingPayment else { throw OrderError.notPayable(order.state) }
                guard try !Self.hasReservation(db, orderId) else { throw OrderError.paymentInProgress(number: order.number) }
                try reserveStock(SQLiteTransaction(db), order: order)
                // An express payment is a card charge under `paymentKey`: the settler asks about it as
                // about a card order's attempt.
                try OrderRecord.filter(key: orderId).updateAll(db, [
                    OrderRecord.Columns.paymentKind.set(to: kind), OrderRecord.Columns.paymentKey.set(to: paymentKey),
                    OrderRecord.Columns.owner.set(to: owner), OrderRecord.Columns.updatedAt.set(to: clock.now.milliseconds),
                ])
                try events.record(db, type: "order.payment_started", subject: orderId, data: ["instrument": kind.rawValue])
                return order
            }
        } catch {
            if case .outOfStock(let productId, _) = error {
                _ = try? database.write { db in
                    try events.record(db, type: "order.out_of_stock", subject: orderId, data: ["product": productId])
                }
            }
            throw error
        }
    }

    /// The other method took the money: the order is paid, its stock goes down and the cart is
    /// emptied in one transaction. Settling twice changes nothing (answers the order as it is).
    /// nil when the shelf is short (only if stock was lowered behind the reservations' back).
    @discardableResult
    public func markPaid(orderId: String, reference: String) throws(OrderError) -> Order? {
        guard let order = try read({ db in try Order.load(db, id: orderId) }) else { throw .unknownOrder(orderId) }
        return try markPaid(order, chargeId: reference)
    }

    /// The other method failed or was cancelled: the reservation goes, the cart stays.
    @discardableResult
    public func markFailed(orderId: String, reason: String) throws(OrderError) -> Order {
        try markFailed(orderId, reason: reason)
        guard let order = try read({ db in try Order.load(db, id: orderId) }) else { throw .unknownOrder(orderId) }
        return order
    }

    /// Notes what the other method's status is asked about later (the wallet source, the bank
    /// payment and its token), for an order whose outcome is not known yet.
    public func noteExternalReference(orderId: String, reference: ExternalReference) throws(OrderError) {
        try write { db in
            try OrderRecord.filter(key: orderId).updateAll(db, [
                OrderRecord.Columns.paymentReference.set(to: reference.identifier), OrderRecord.Columns.paymentToken.set(to: reference.token),
            ])
        }
    }

    /// The reference noted with `noteExternalReference`, if any.
    public func externalReference(orderId: String) throws(OrderError) -> ExternalReference? {
        try read { db in
            try OrderRecord.fetchOne(db, key: orderId).flatMap(ExternalReference.init(noted:))
        }
    }

    /// Settles the orders of this method still waiting on their payment (a wallet's possible
    /// success, a bank's `wait`): `status` is asked about each order's noted reference. Paid marks
    /// the order paid (stock down, cart emptied, once), failed releases the jars, pending keeps
    /// them. Returns the orders it changed.
    @discardableResult
    public func reconcileExternalPayments(kind: ExternalPaymentKind, status: (ExternalReference) -> ExternalPaymentStatus) throws(OrderError) -> [Order] {
        let waiting = try read { db in
            try OrderRecord.all().paidBy(kind).awaitingPayment().filter(OrderRecord.Columns.paymentReference != nil).reserved()
                .order(OrderRecord.Columns.createdAt, OrderRecord.Columns.id).fetchAll(db)
                .compactMap { record in ExternalReference(noted: record).map { (id: record.id, reference: $0) } }
        }
        var changed: [Order] = []
        for order in waiting {
            switch status(order.reference) {
            case .pending: continue
            case .paid(let reference): if let paid = try markPaid(orderId: order.id, reference: reference) { changed.append(paid) }
            case .failed(let reason): changed.append(try markFailed(orderId: order.id, reason: reason))
            }
        }
        return changed
    }

    /// Bank payments and wallet sources made out to an order that has not noted them (its
    /// counter died, or its write failed, between making the payment and noting it): noted now,
    /// whoever owns the order, so that the settler asks about them like any other. The money
    /// may have moved already: a wallet can be consumed before its order hears of it.
    @discardableResult
    public func noteFoundExternalPayments() throws(OrderError) -> [String] {
        let found = try read { db in
            try OrderRecord.all().awaitingPayment().filter(Self.paidAtBankOrByWallet && OrderRecord.Columns.paymentReference == nil).reserved()
                .order(OrderRecord.Columns.id).fetchAll(db)
                .compactMap { record -> (id: String, reference: ExternalReference)? in
                    try Self.paymentMadeOut(db, for: record).map { (record.id, $0) }
                }
        }
        for entry in found { try noteExternalReference(orderId: entry.id, reference: entry.reference) }
        return found.map(\.id)
    }

    /// Orders paid by bank, wallet or express that noted nothing to ask about and made no
    /// payment at all, whose counter died or that have waited `age` (the flow was given up
    /// before its payment was made): released and ended. An order with a payment made out to
    /// its number is never one of them, noted or not (`noteFoundExternalPayments` notes it).
    @discardableResult
    public func releaseUnreferencedExternalPayments(isAlive: (String?) -> Bool, olderThan age: TimeInterval = 30 * 60) throws(OrderError) -> [Order] {
        let cutoff = clock.now.addingTimeInterval(-age).milliseconds
        let orphans = try read { db in
            let nothingNoted = (Self.paidAtBankOrByWallet && OrderRecord.Columns.paymentReference == nil)
                || (OrderRecord.Columns.paymentKind == ExternalPaymentKind.express && OrderRecord.Columns.paymentKey == nil)
            return try OrderRecord.all().awaitingPayment().filter(nothingNoted).reserved().order(OrderRecord.Columns.id).fetchAll(db)
                .filter { record in try Self.paymentMadeOut(db, for: record) == nil }
        }
        var changed: [Order] = []
        for orphan in orphans where !isAlive(orphan.owner) || orphan.updatedAt.milliseconds <= cutoff {
            changed.append(try markFailed(orderId: orphan.id, reason: "not_started"))
        }
        return changed
    }

    /// The newest bank payment or wallet source made out to an order's number (a bank payment's
    /// reference is the number; a source is described as the order), if any.
    static func paymentMadeOut(_ db: Database, for order: OrderRecord) throws -> ExternalReference? {
        switch order.paymentKind {
        case .bank:
            try BankResourceRecord
                .filter(BankResourceRecord.Columns.kind == BankPayments.Kind.payment && BankResourceRecord.Columns.reference == order.number)
                .order(BankResourceRecord.Columns.createdAt.desc).fetchOne(db)
                .map { ExternalReference(identifier: $0.id, token: $0.token) }
        case .wallet:
            try SourceRecord.filter(SourceRecord.Columns.description == Order.paymentDescription(number: order.number))
                .order(SourceRecord.Columns.createdAt.desc).fetchOne(db).map { ExternalReference(identifier: $0.id) }
        case .express, .auction, nil:
            nil
        }
    }

    /// Orders of this method whose payment is still open (jars reserved), oldest first: what the
    /// app's due-work timer asks the method's status about.
    public func pendingExternalPayments(kind: ExternalPaymentKind) throws(OrderError) -> [Order] {
        try read { db in
            try OrderRecord.all().paidBy(kind).awaitingPayment().reserved().order(OrderRecord.Columns.createdAt, OrderRecord.Columns.id)
                .fetchAll(db).map { try $0.order(db) }
        }
    }
}

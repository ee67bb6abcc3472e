import Foundation

/// Refunds of bank payments, as a merchant backend asks its bank for them: submitted under the
/// caller's refund id (asked again, it answers that refund and gives back nothing more), then
/// executed by the bank after its ordinary answer time. Like a payment, a refund is brought up
/// to date with the clock whenever it is read, so its status is right after a restart, and the
/// status is the source of truth.
///
/// The simulated bank executes every refund it accepts. It refuses, before any money moves, a
/// refund of a payment that took no money (not authorised, failed, a mandate), one in another
/// currency, and one that would give back more than the payment took less its other refunds.
extension BankPayments {
    /// Gives back `amount` of the payment `paymentId` as the refund `refundId`. The completion
    /// runs once, on the loop, when the bank has answered.
    public func refund(paymentId: String, amount: Money, refundId: String, completion: @escaping (BankRefundAnswer) -> Void) {
        let submitted: BankRefundRecord
        do throws(BankError) {
            submitted = try bankWrite { tx in try self.submitRefund(tx, paymentId: paymentId, amount: amount, refundId: refundId) }
        } catch {
            // Not submitted (refused, or its row not written): nothing moved.
            return scheduler.answer(completion, with: .refused(error))
        }
        let wait = max(0, submitted.decidesAt.timeIntervalSince(clock.now))
        scheduler.schedule(after: .milliseconds(Int64((wait * 1000).rounded()))) { [self] in
            // Submitted: the money goes back. A status that cannot be read now says nothing.
            let status = try? refundStatus(refundId: refundId)
            completion(status == .executed ? .executed : .notKnown)
            onChange()
        }
    }

    /// Where the refund `refundId` stands, brought up to date with the clock; nil when the bank
    /// never had it (the caller's intent is on disk, its request never reached the bank).
    public func refundStatus(refundId: String) throws(BankError) -> BankRefundStatus? {
        try bankWrite { tx in try self.refreshRefund(tx, refundId)?.status }
    }

    /// What the payment took, less what its refunds gave back or are giving back.
    public func refundable(paymentId: String) throws(BankError) -> Money {
        try bankWrite { tx in
            guard let payment = try BankResourceRecord.stored(tx, id: paymentId) else { throw BankError.paymentNotFound }
            return try Self.refundable(tx, payment)
        }
    }

    // MARK: Internals

    private func submitRefund(_ tx: any CoreTransaction, paymentId: String, amount: Money, refundId: String) throws -> BankRefundRecord {
        // The payment's row is locked first: two refunds of one payment asked at once take turns,
        // and the second reads what the first left to give back.
        guard let payment = try BankResourceRecord.stored(tx, id: paymentId, locking: true), payment.kind == .payment else {
            throw BankError.paymentNotFound
        }
        if let asked = try refreshRefund(tx, refundId) {
            guard asked.paymentId == paymentId else { throw BankError.generic(reason: BankError.refundOfAnotherPayment) }
            return asked
        }
        switch payment.status {
        case .authorized, .executed, .settled: break
        case .authorizationRequired, .authorizing, .failed, .revoked: throw BankError.generic(reason: BankError.nothingToRefund)
        }
        guard amount.currency.code == payment.currency, amount.isPositive else { throw BankError.generic(reason: BankError.refundNotValid) }
        guard amount <= (try Self.refundable(tx, payment)) else { throw BankError.generic(reason: BankError.refundExceedsPayment) }
        let now = clock.now
        let refund = BankRefundRecord(id: refundId, paymentId: paymentId, amountMinor: amount.minorUnits, currency: amount.currency.code,
                                      status: .submitted, decidesAt: now.addingTimeInterval(timings.bankAnswer.timeInterval),
                                      createdAt: now, updatedAt: now)
        try tx.insert(refund)
        try events.record(tx, type: "bank.refund.submitted", subject: refundId, data: [
            "payment": paymentId, "amount": String(amount.minorUnits), "currency": amount.currency.code,
        ])
        return refund
    }

    /// The refund as the clock has it: a submitted refund whose answer is due is executed.
    /// Locked first, so that two counters reading it at once apply the step once.
    private func refreshRefund(_ tx: any CoreTransaction, _ refundId: String) throws -> BankRefundRecord? {
        guard var refund = try BankRefundRecord.stored(tx, id: refundId, locking: true) else { return nil }
        if refund.status == .submitted, refund.decidesAt.milliseconds <= clock.now.milliseconds {
            refund.status = .executed
            refund.updatedAt = clock.now
            try tx.update(refund)
            try events.record(tx, type: "bank.refund.executed", subject: refundId, data: ["payment": refund.paymentId])
        }
        return refund
    }

    private static func refundable(_ tx: any CoreTransaction, _ payment: BankResourceRecord) throws -> Money {
        let currency = try Currency.stored(payment.currency, in: BankResourceRecord.databaseTableName)
        let given = try tx.fetchValue(Int64.self, "SELECT COALESCE(SUM(amount_minor), 0) FROM bank_refunds WHERE payment_id = ?", payment.id) ?? 0
        return Money(minorUnits: max(0, (payment.amountMinor ?? 0) - given), currency: currency)
    }

    private func bankWrite<T>(_ body: (any CoreTransaction) throws -> T) throws(BankError) -> T {
        do {
            return try store.write(body)
        } catch let error as BankError {
            throw error
        } catch {
            throw .generic(reason: String(describing: error))
        }
    }
}

/// What the bank answers to a refund.
public enum BankRefundAnswer: Hashable, Sendable {
    /// The money went back to the shopper's account.
    case executed
    /// Refused when it was submitted: nothing moved.
    case refused(BankError)
    /// Submitted, its answer not read: ask `refundStatus` later.
    case notKnown
}

extension BankError {
    /// Why the bank refused a refund, in English as the database keeps them.
    public static let nothingToRefund = "the payment took no money"
    public static let refundNotValid = "a refund is a positive amount in the payment's currency"
    public static let refundExceedsPayment = "the refund exceeds what the payment took"
    public static let refundOfAnotherPayment = "this refund id belongs to another payment"
}

import Foundation

/// Refunds of consumed sources: a card source goes back through its charge, a wallet source
/// through the wallet, at once. Either way under the caller's refund id: asked again, it answers
/// that refund and gives back nothing more.
extension PaymentSources {
    /// Gives back `amount` of the consumed source `sourceId` as the refund `refundId`. The
    /// completion runs once, on the loop. A refusal moved nothing.
    public func refund(sourceId: String, amount: Money, refundId: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
        let source: Source
        do throws(SourceError) {
            source = try self.source(id: sourceId)
        } catch {
            return scheduler.answer(completion, with: .failure(Self.refusal(String(describing: error))))
        }
        guard source.status == .consumed else { return scheduler.answer(completion, with: .failure(Self.refusal("source_not_consumed"))) }
        if let chargeId = source.chargeId {
            return charges.refund(chargeId: chargeId, amount: amount, refundId: refundId, completion: completion)
        }
        let answer: Result<Void, PaymentDecline>
        do throws(SourceError) {
            answer = try write { tx in try self.refundWallet(tx, source, amount: amount, refundId: refundId) }
        } catch {
            // Its row not written: nothing went back.
            answer = .failure(PaymentDecline(code: "storage", cause: .unrecorded(String(describing: error))))
        }
        scheduler.answer(completion, with: answer)
    }

    private func refundWallet(_ tx: any CoreTransaction, _ source: Source, amount: Money, refundId: String) throws -> Result<Void, PaymentDecline> {
        // The source's row is locked first (on a server): two refunds of one source take turns.
        _ = try tx.fetchOne(SourceRecord.self, "SELECT * FROM sources WHERE id = ?\(tx.engine.forUpdate)", source.id)
        if let made = try tx.fetchOne(SourceRefundRecord.self, "SELECT * FROM source_refunds WHERE id = ?", refundId) {
            return made.sourceId == source.id ? .success(()) : .failure(Self.refusal("refund_of_another_source"))
        }
        guard amount.currency == source.params.amount.currency, amount.isPositive else { return .failure(Self.refusal("invalid_refund_amount")) }
        let given = try tx.fetchValue(Int64.self, "SELECT COALESCE(SUM(amount_minor), 0) FROM source_refunds WHERE source_id = ?", source.id) ?? 0
        guard amount.minorUnits <= source.params.amount.minorUnits - given else { return .failure(Self.refusal("refund_exceeds_source")) }
        try tx.insert(SourceRefundRecord(id: refundId, sourceId: source.id, amountMinor: amount.minorUnits, currency: amount.currency.code,
                                         createdAt: clock.now))
        try events.record(tx, type: "source.refunded", subject: source.id, data: [
            "refund": refundId, "amount": String(amount.minorUnits), "currency": amount.currency.code,
        ])
        return .success(())
    }

    /// The wallet refused before anything moved.
    private static func refusal(_ code: String) -> PaymentDecline {
        PaymentDecline(code: code, cause: .refused(.notRefundable))
    }
}

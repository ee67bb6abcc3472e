import GRDB

/// What a caller writes in a charge's own two transactions, so that a payment costs two durable
/// commits instead of one for each side of it (issue 18):
///
/// - `intent` runs in the transaction that records the charge pending, before the acquirer is
///   asked. Throwing rolls the charge back with it: nothing is recorded and nothing is asked.
/// - `answer` runs in the transaction that records the acquirer's answer, when that answer is
///   final (succeeded, or failed with a reason). Throwing rolls the answer back with it: the
///   charge stays pending, and whoever waits hears "not known" (the settler learns it later).
///   A charge cancelled instead (a challenge abandoned) never runs it: the caller hears
///   `canceled` and writes what that means itself.
///
/// Only for a charge whose rows live in the caller's database: the core's `ChargeService`.
public struct ChargeCompanion {
    public let intent: (any CoreTransaction) throws -> Void
    public let answer: (any CoreTransaction, Result<ChargeReceipt, PaymentDecline>) throws -> Void

    public init(intent: @escaping (any CoreTransaction) throws -> Void,
                answer: @escaping (any CoreTransaction, Result<ChargeReceipt, PaymentDecline>) throws -> Void) {
        self.intent = intent
        self.answer = answer
    }

    /// `answer` for a charge that has just been given `status`; nil when the status is not an
    /// answer the companion hears.
    func answering(_ charge: Charge) -> ((any CoreTransaction) throws -> Void)? {
        switch charge.status {
        case .succeeded: { tx in try answer(tx, .success(ChargeReceipt(chargeId: charge.id, amount: charge.amount))) }
        case .failed(let reason): { tx in try answer(tx, .failure(PaymentDecline(reason))) }
        case .pending, .requiresAction, .authorized, .canceled: nil
        }
    }
}

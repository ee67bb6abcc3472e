import Clocks
import Foundation

/// TakeMe Pay-style sources (seed 000): create a source from params, authorise it (a card
/// through the charge gateway, or a wallet the shopper confirms on a separate step), then the
/// merchant consumes it. The orchestrator polls `sourceStatus` (or uses `poll`).
///
/// Consumption follows authorisation after `consumptionDelay` (a slow wallet, chosen by
/// `SourceParams.slowWalletMetadata`, after `slowConsumptionDelay`, longer than a poll timeout).
/// A wallet's payment code that the shopper has not confirmed within `walletCodeLifetime`
/// expires (the source fails), as real wallet codes do: then nobody can confirm it later, and an
/// order waiting on it is known not paid.
///
/// Like the bank, a source is brought up to date with the clock whenever it is read, with its
/// row locked: two counters reading or answering for one source at once take turns, so each
/// step (a charge's answer, the consumption) is applied once.
public final class PaymentSources {
    public let availableMethods: [PaymentMethodType] = PaymentMethodType.allCases
    public var consumptionDelay: Duration = .seconds(2)
    public var slowConsumptionDelay: Duration = .seconds(120)
    public static let walletCodeLifetime: Duration = .minutes(10)

    let store: any CoreStore
    let scheduler: Scheduler
    let charges: ChargeGateway
    let ids: IDGenerator
    let events: EventRecording
    var clock: Clock { scheduler.clock }
    /// Told when a source is consumed on the wallet's own time, as a real wallet's webhook
    /// would: the settler looks at once rather than at its next quiet pass.
    public var onChange: () -> Void = {}

    public init(store: any CoreStore, scheduler: Scheduler, charges: ChargeGateway, ids: IDGenerator, events: EventRecording) {
        self.store = store
        self.scheduler = scheduler
        self.charges = charges
        self.ids = ids
        self.events = events
    }

    public func create(_ params: SourceParams) throws(SourceError) -> Source {
        let (type, flow) = try SourceValidation.validate(params)
        return try write { tx in
            let id = ids.next("src")
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let metadata = String(decoding: try encoder.encode(params.metadata), as: UTF8.self)
            try tx.insert(SourceRecord(id: id, amountMinor: params.amount.minorUnits, currency: params.amount.currency.code,
                                       description: params.description, type: type, flow: flow, metadata: metadata, status: .pending,
                                       createdAt: clock.now, updatedAt: clock.now))
            try events.record(tx, type: "source.pending", subject: id, data: ["type": type.rawValue, "amount": "\(params.amount.minorUnits)"])
            return try load(tx, id)
        }
    }

    public func source(id: String) throws(SourceError) -> Source {
        try write { tx in try load(tx, id) }
    }

    /// The source of truth; also settles a "possible success" after a poll timeout.
    public func sourceStatus(id: String) throws(SourceError) -> SourceStatus {
        try source(id: id).status
    }

    /// Card sources: charges the card; on success the source is `authorized`, then consumed.
    public func authorizeCard(sourceId: String, instrument: PaymentInstrument, completion: @escaping (Result<Source, SourceError>) -> Void) {
        let source: Source
        do throws(SourceError) {
            source = try write { tx in
                let source = try load(tx, sourceId)
                guard source.params.type == .card, source.status == .pending else { throw SourceError.invalidState(.cardAuthorisation) }
                return source
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        let request = CardPaymentRequest(amount: source.params.amount, instrument: instrument, idempotencyKey: "source-\(source.id)", description: source.params.description)
        charges.charge(request) { [self] result in
            let answer = answerUnderKey(result, key: request.idempotencyKey)
            completion(Result { () throws(SourceError) in
                // The failure is committed first, then reported: a throw inside the write would roll it back.
                // The charge's answer is applied once: a source whose charge is already noted had
                // it applied (by another counter that charged it under the same key, or a retry).
                let (updated, consumption) = try write { tx -> (Source, Duration?) in
                    let current = try load(tx, sourceId)
                    guard current.chargeId == nil else { return (current, nil) }
                    var consumption: Duration?
                    switch answer {
                    case .paid(let receipt):
                        try tx.execute("UPDATE sources SET charge_id = ? WHERE id = ?", receipt.chargeId, sourceId)
                        consumption = try markAuthorized(tx, source)
                    case .declined(let decline):
                        if current.status == .pending { try setStatus(tx, sourceId, .failed, failure: decline.code) }
                    case .unknown:
                        // Not known: the source stays pending; its charge is settled by the settler.
                        break
                    }
                    return (try load(tx, sourceId), consumption)
                }
                consumption.map { scheduleConsumption(sourceId, after: $0) }
                switch answer {
                case .declined(let decline): throw SourceError.paymentDeclined(decline)
                case .unknown: throw SourceError.paymentDeclined(PaymentDecline(code: "outcome_unknown", cause: .outcomeUnknown))
                case .paid: break
                }
                return updated
            })
        }
    }

    private enum CardAnswer {
        case paid(ChargeReceipt)
        case declined(PaymentDecline)
        case unknown
    }

    /// A refusal may be this counter's alone: another counter charging the same source at the
    /// same moment took its key first, and this counter's charge was refused before any money
    /// moved. The charge under the key is the source's answer then: paid, or not known yet.
    private func answerUnderKey(_ result: Result<ChargeReceipt, CardPaymentFailure>, key: String) -> CardAnswer {
        switch result {
        case .success(let receipt): return .paid(receipt)
        case .failure(.outcomeUnknown): return .unknown
        case .failure(.declined(let decline)):
            switch charges.lookUp(idempotencyKey: key) {
            case .succeeded(let receipt)?: return .paid(receipt)
            case .pending?, .awaitingChallenge?, .notKnown?: return .unknown
            case .failed?, nil: return .declined(decline)
            }
        }
    }

    /// Wallet sources: shows the payment code the shopper scans/confirms in the wallet app.
    public func startWalletAuthorization(sourceId: String) throws(SourceError) -> String {
        try write { tx in
            let source = try load(tx, sourceId)
            guard let type = source.params.type, type.isWallet, source.status == .pending else { throw SourceError.invalidState(.walletAuthorisation) }
            let code = "\(type.rawValue.lowercased())://pay/\(sourceId)"
            try tx.execute("UPDATE sources SET payment_code = ? WHERE id = ?", code, sourceId)
            try setStatus(tx, sourceId, .awaitingConfirmation, failure: nil)
            return code
        }
    }

    /// The shopper confirmed in the wallet: authorised; the merchant consumes it later.
    public func confirmWallet(sourceId: String) throws(SourceError) {
        let consumption = try write { tx in
            let source = try load(tx, sourceId)
            guard case .awaitingConfirmation = source.status else { throw SourceError.invalidState(.confirmation) }
            return try markAuthorized(tx, source)
        }
        scheduleConsumption(sourceId, after: consumption)
    }

    /// The shopper declined (or closed) the wallet prompt: the source fails.
    public func declineWallet(sourceId: String) throws(SourceError) {
        try withdraw(sourceId, reason: "declined by the shopper")
    }

    /// The counter no longer shows the payment code (the shopper went back, the kiosk reset):
    /// the source fails, so that nobody can confirm it later for an order already given up.
    /// Throws `invalidState` once the shopper has confirmed: that source may still be paid.
    public func cancelWallet(sourceId: String) throws(SourceError) {
        try withdraw(sourceId, reason: "canceled")
    }

    private func withdraw(_ sourceId: String, reason: String) throws(SourceError) {
        try write { tx in
            let source = try load(tx, sourceId)
            switch source.status {
            case .pending, .awaitingConfirmation: try setStatus(tx, sourceId, .failed, failure: reason)
            default: throw SourceError.invalidState(.decline)
            }
        }
    }

    /// Polls every `interval` until the source is final or `timeout` passes. The completion
    /// runs exactly once. A timeout while `authorized`, or with the status never read, is
    /// possible success.
    public func poll(sourceId: String, every interval: Duration = .seconds(1), timeout: Duration = .seconds(30),
                     completion: @escaping (SourcePollOutcome) -> Void) {
        let deadline = clock.now.addingTimeInterval(timeout.timeInterval)
        func check() {
            // A read that fails says nothing about the payment: asked again until the timeout.
            let status = try? sourceStatus(id: sourceId)
            switch status {
            case .consumed?: return completion(.consumed)
            case .failed(let reason)?: return completion(.failed(reason: reason))
            default: break
            }
            guard clock.now < deadline else { return completion(status.map { .timedOut(lastStatus: $0) } ?? .notKnown) }
            let wait = min(interval.timeInterval, deadline.timeIntervalSince(clock.now))
            scheduler.schedule(after: .milliseconds(Int64((wait * 1000).rounded()))) { check() }
        }
        scheduler.schedule(after: .zero) { check() }
    }

    /// Marks the source authorised; returns when it is consumed, for `scheduleConsumption` once
    /// the transaction has committed (a transaction may run again whole: no timer inside it).
    private func markAuthorized(_ tx: any CoreTransaction, _ source: Source) throws -> Duration {
        let delay = source.params.metadata == SourceParams.slowWalletMetadata || source.params.metadata["test_wallet"] == "slow"
            ? slowConsumptionDelay : consumptionDelay
        let consumesAt = clock.now.addingTimeInterval(delay.timeInterval)
        try tx.execute("UPDATE sources SET consumes_at = ? WHERE id = ?", consumesAt.milliseconds, source.id)
        try setStatus(tx, source.id, .authorized, failure: nil)
        return delay
    }

    /// Records the consumption on time even if nobody is polling.
    private func scheduleConsumption(_ sourceId: String, after delay: Duration) {
        scheduler.schedule(after: delay) { [self] in
            _ = try? self.source(id: sourceId)
            onChange()
        }
    }

    /// The source, brought up to date with the clock first: an authorised source whose
    /// consumption is due is consumed, a wallet code nobody confirmed in time has expired.
    /// The row is locked first (on a server) and stays locked until the transaction ends.
    private func load(_ tx: any CoreTransaction, _ id: String) throws -> Source {
        guard var source = try tx.fetchOne(SourceRecord.self, "SELECT * FROM sources WHERE id = ?\(tx.engine.forUpdate)", id) else {
            throw SourceError.unknownSource(id)
        }
        let now = clock.now.milliseconds
        if source.status == .authorized, let consumesAt = source.consumesAt, consumesAt.milliseconds <= now {
            try setStatus(tx, id, .consumed, failure: nil)
            source = try Self.reload(tx, id)
        } else if source.status == .pending || source.status == .awaitingConfirmation, source.type.isWallet,
                  source.updatedAt.milliseconds + Self.walletCodeLifetime.milliseconds <= now {
            try setStatus(tx, id, .failed, failure: "expired")
            source = try Self.reload(tx, id)
        }
        return try Source(source)
    }

    private static func reload(_ tx: any CoreTransaction, _ id: String) throws -> SourceRecord {
        guard let source = try tx.fetchOne(SourceRecord.self, "SELECT * FROM sources WHERE id = ?", id) else { throw SourceError.unknownSource(id) }
        return source
    }

    private func setStatus(_ tx: any CoreTransaction, _ id: String, _ status: SourceRecord.Status, failure: String?) throws {
        try tx.execute("UPDATE sources SET status = ?, failure = ?, updated_at = ? WHERE id = ?", status, failure, clock.now.milliseconds, id)
        try events.record(tx, type: "source.\(status.rawValue)", subject: id, data: failure.map { ["reason": $0] } ?? [:])
    }

    func write<T>(_ body: (any CoreTransaction) throws -> T) throws(SourceError) -> T {
        do {
            return try store.write(body)
        } catch let error as SourceError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }
}

import Clocks
import Foundation
import GRDB

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
/// Like the bank, a source is brought up to date with the clock whenever it is read.
public final class PaymentSources {
    public let availableMethods: [PaymentMethodType] = PaymentMethodType.allCases
    public var consumptionDelay: Duration = .seconds(2)
    public var slowConsumptionDelay: Duration = .seconds(120)
    public static let walletCodeLifetime: Duration = .minutes(10)

    private let database: any DatabaseWriter
    private let scheduler: Scheduler
    private let charges: ChargeGateway
    private let ids: IDGenerator
    private let events: EventRecording
    private var clock: Clock { scheduler.clock }
    /// Told when a source is consumed on the wallet's own time, as a real wallet's webhook
    /// would: the settler looks at once rather than at its next quiet pass.
    public var onChange: () -> Void = {}

    public init(database: any DatabaseWriter, scheduler: Scheduler, charges: ChargeGateway, ids: IDGenerator, events: EventRecording) {
        self.database = database
        self.scheduler = scheduler
        self.charges = charges
        self.ids = ids
        self.events = events
    }

    public func create(_ params: SourceParams) throws(SourceError) -> Source {
        let (type, flow) = try SourceValidation.validate(params)
        return try write { db in
            let id = ids.next("src")
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let metadata = String(decoding: try encoder.encode(params.metadata), as: UTF8.self)
            try SourceRecord(id: id, amountMinor: params.amount.minorUnits, currency: params.amount.currency.code, description: params.description,
                             type: type, flow: flow, metadata: metadata, status: .pending, createdAt: clock.now, updatedAt: clock.now)
                .insert(db)
            try events.record(db, type: "source.pending", subject: id, data: ["type": type.rawValue, "amount": "\(params.amount.minorUnits)"])
            return try load(db, id)
        }
    }

    public func source(id: String) throws(SourceError) -> Source {
        try write { db in try load(db, id) }
    }

    /// The source of truth; also settles a "possible success" after a poll timeout.
    public func sourceStatus(id: String) throws(SourceError) -> SourceStatus {
        try source(id: id).status
    }

    /// Card sources: charges the card; on success the source is `authorized`, then consumed.
    public func authorizeCard(sourceId: String, instrument: PaymentInstrument, completion: @escaping (Result<Source, SourceError>) -> Void) {
        let source: Source
        do throws(SourceError) {
            source = try write { db in
                let source = try load(db, sourceId)
                guard source.params.type == .card, source.status == .pending else { throw SourceError.invalidState(.cardAuthorisation) }
                return source
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        let request = CardPaymentRequest(amount: source.params.amount, instrument: instrument, idempotencyKey: "source-\(source.id)", description: source.params.description)
        charges.charge(request) { [self] result in
            completion(Result { () throws(SourceError) in
                // The failure is committed first, then reported: a throw inside the write would roll it back.
                let updated = try write { db in
                    switch result {
                    case .success(let receipt):
                        try SourceRecord.filter(key: sourceId).updateAll(db, SourceRecord.Columns.chargeId.set(to: receipt.chargeId))
                        try markAuthorized(db, source)
                    case .failure(.declined(let decline)):
                        try setStatus(db, sourceId, .failed, failure: decline.code)
                    case .failure(.outcomeUnknown):
                        // Not known: the source stays pending; its charge is settled by the settler.
                        break
                    }
                    return try load(db, sourceId)
                }
                switch result {
                case .failure(.declined(let decline)): throw SourceError.paymentDeclined(decline)
                case .failure(.outcomeUnknown): throw SourceError.paymentDeclined(PaymentDecline(code: "outcome_unknown", cause: .outcomeUnknown))
                case .success: break
                }
                return updated
            })
        }
    }

    /// Wallet sources: shows the payment code the shopper scans/confirms in the wallet app.
    public func startWalletAuthorization(sourceId: String) throws(SourceError) -> String {
        try write { db in
            let source = try load(db, sourceId)
            guard let type = source.params.type, type.isWallet, source.status == .pending else { throw SourceError.invalidState(.walletAuthorisation) }
            let code = "\(type.rawValue.lowercased())://pay/\(sourceId)"
            try SourceRecord.filter(key: sourceId).updateAll(db, SourceRecord.Columns.paymentCode.set(to: code))
            try setStatus(db, sourceId, .awaitingConfirmation, failure: nil)
            return code
        }
    }

    /// The shopper confirmed in the wallet: authorised; the merchant consumes it later.
    public func confirmWallet(sourceId: String) throws(SourceError) {
        try write { db in
            let source = try load(db, sourceId)
            guard case .awaitingConfirmation = source.status else { throw SourceError.invalidState(.confirmation) }
            try markAuthorized(db, source)
        }
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
        try write { db in
            let source = try load(db, sourceId)
            switch source.status {
            case .pending, .awaitingConfirmation: try setStatus(db, sourceId, .failed, failure: reason)
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

    private func markAuthorized(_ db: Database, _ source: Source) throws {
        let delay = source.params.metadata == SourceParams.slowWalletMetadata || source.params.metadata["test_wallet"] == "slow"
            ? slowConsumptionDelay : consumptionDelay
        let consumesAt = clock.now.addingTimeInterval(delay.timeInterval)
        try SourceRecord.filter(key: source.id).updateAll(db, SourceRecord.Columns.consumesAt.set(to: consumesAt.milliseconds))
        try setStatus(db, source.id, .authorized, failure: nil)
        // Records the consumption on time even if nobody is polling.
        let sourceId = source.id
        scheduler.schedule(after: delay) { [self] in
            _ = try? self.source(id: sourceId)
            onChange()
        }
    }

    /// The source, brought up to date with the clock first: an authorised source whose
    /// consumption is due is consumed, a wallet code nobody confirmed in time has expired.
    private func load(_ db: Database, _ id: String) throws -> Source {
        guard var source = try SourceRecord.fetchOne(db, key: id) else { throw SourceError.unknownSource(id) }
        let now = clock.now.milliseconds
        if source.status == .authorized, let consumesAt = source.consumesAt, consumesAt.milliseconds <= now {
            try setStatus(db, id, .consumed, failure: nil)
            source = try Self.reload(db, id)
        } else if source.status == .pending || source.status == .awaitingConfirmation, source.type.isWallet,
                  source.updatedAt.milliseconds + Self.walletCodeLifetime.milliseconds <= now {
            try setStatus(db, id, .failed, failure: "expired")
            source = try Self.reload(db, id)
        }
        return try Source(source)
    }

    private static func reload(_ db: Database, _ id: String) throws -> SourceRecord {
        guard let source = try SourceRecord.fetchOne(db, key: id) else { throw SourceError.unknownSource(id) }
        return source
    }

    private func setStatus(_ db: Database, _ id: String, _ status: SourceRecord.Status, failure: String?) throws {
        try SourceRecord.filter(key: id).updateAll(db, [
            SourceRecord.Columns.status.set(to: status), SourceRecord.Columns.failure.set(to: failure),
            SourceRecord.Columns.updatedAt.set(to: clock.now.milliseconds),
        ])
        try events.record(db, type: "source.\(status.rawValue)", subject: id, data: failure.map { ["reason": $0] } ?? [:])
    }

    private func write<T>(_ body: (Database) throws -> T) throws(SourceError) -> T {
        do {
            return try database.write(body)
        } catch let error as SourceError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }
}

import Clocks
import Foundation

/// Charges, 3-D Secure challenges, holds, refunds and reconciliation.
///
/// Durability rule: every state is committed to the database (with its event) before anyone is
/// told about it, and a charge is recorded `pending` before the acquirer is asked, so a charge
/// whose answer was lost (a crash, the never-answering card) can be settled by `reconcilePending`.
///
/// Results come back on the loop: `completion` runs from a scheduler timer, never re-entrantly
/// inside the call, and exactly once, except for a charge whose acquirer never answers: that
/// completion stays waiting until `reconcilePending` settles the charge (the caller's own poll
/// timeout reports "possible success" meanwhile).
public final class ChargeService {
    public typealias Completion = (Result<Charge, ChargeError>) -> Void
    /// How long an idempotency key is remembered.
    public static let idempotencyKeyLifetime: Duration = .hours(24)

    private let repository: ChargeRepository
    private let customers: CustomerService
    private let paymentMethods: PaymentMethodService
    private let vault: Vault
    private let acquirer: SimulatedAcquirer
    private let scheduler: Scheduler
    private let clock: Clock
    private let ids: IDGenerator
    private let log: CoreLog
    /// Callers waiting for a charge's next answer (the first caller and any replays meanwhile).
    private var waiters: [String: [Completion]] = [:]
    /// What the charge's creator writes with its final answer (see `ChargeCompanion`), until then.
    private var companions: [String: ChargeCompanion] = [:]

    public init(repository: ChargeRepository, customers: CustomerService, paymentMethods: PaymentMethodService, vault: Vault,
                acquirer: SimulatedAcquirer, scheduler: Scheduler, clock: Clock, ids: IDGenerator, log: CoreLog) {
        self.repository = repository; self.customers = customers; self.paymentMethods = paymentMethods; self.vault = vault
        self.acquirer = acquirer; self.scheduler = scheduler; self.clock = clock; self.ids = ids; self.log = log
    }

    // MARK: - Charging

    /// Charges (or, with `capture: false`, places a hold). The completion receives the charge in
    /// its answered state: `succeeded`, `authorized` (a hold), `requiresAction` (call
    /// `confirmChallenge`) or `failed(reason)`; or an error if nothing could be attempted.
    ///
    /// With a `companion`, the caller's own rows are written in the charge's two transactions.
    /// A replay (a key already used) writes nothing: its charge's transactions are long past.
    public func create(_ request: ChargeRequest, alongside companion: ChargeCompanion? = nil, completion: @escaping Completion) {
        do {
            switch try begin(request, alongside: companion) {
            case let .replay(charge):
                if waiters[charge.id] != nil { waiters[charge.id]?.append(completion) }
                else { deliver(.success(charge), to: [completion]) }
            case let .started(record, number, authenticatedBefore):
                waiters[record.charge.id] = [completion]
                companions[record.charge.id] = companion
                ask(record.charge, number, cardAuthenticatedBefore: authenticatedBefore, challengePassed: false)
            }
        } catch {
            deliver(.failure(Self.chargeError(error)), to: [completion])
        }
    }

    /// Answers a 3-D Secure challenge. The right code (`SimulatedAcquirer.challengeCode`) sends
    /// the charge back to the acquirer; a wrong one fails it with `.authenticationFailed`.
    public func confirmChallenge(_ chargeID: String, code: String, completion: @escaping Completion) {
        do {
            var record = try record(chargeID)
            guard record.charge.status == .requiresAction else { throw ChargeError.notAwaitingChallenge }
            guard acquirer.verifyChallenge(code: code) else {
                guard let charge = try settle(&record, status: .failed(.authenticationFailed), event: "charge.failed") else {
                    throw ChargeError.notAwaitingChallenge
                }
                deliver(.success(charge), to: [completion])
                return
            }
            let number = try sealedNumber(of: record)
            record.authenticated = true
            record.charge.status = .pending
            record.charge.updatedAt = clock.now
            // Not if the settler cancelled the challenge meanwhile (its counter taken for gone).
            guard try storage({ try repository.update(record, from: .requiresAction, event: NewEvent("charge.challenge_passed", subject: chargeID),
                                                      alongside: nil) }) else { throw ChargeError.notAwaitingChallenge }
            if let methodID = record.charge.paymentMethodID, let customerID = record.charge.customerID {
                paymentMethods.markAuthenticated(methodID, customerID: customerID)
            }
            waiters[chargeID, default: []].append(completion)
            ask(record.charge, number, cardAuthenticatedBefore: true, challengePassed: true)
        } catch {
            deliver(.failure(Self.chargeError(error)), to: [completion])
        }
    }

    // MARK: - Holds

    /// Captures an authorised hold, in full or in part (never more than authorised).
    @discardableResult
    public func capture(_ chargeID: String, amount: Money? = nil) throws -> Charge {
        var record = try record(chargeID)
        guard record.charge.status == .authorized else { throw ChargeError.notAHold }
        let captured = amount ?? record.charge.amount
        guard captured.currency == record.charge.amount.currency, captured.isPositive else { throw ChargeError.invalidAmount }
        guard captured <= record.charge.amount else { throw ChargeError.captureExceedsAuthorized(authorized: record.charge.amount) }
        record.charge.amountCaptured = captured
        guard let charge = try settle(&record, status: .succeeded, event: "charge.captured", ["amount": String(captured.minorUnits)]) else {
            throw ChargeError.notAHold
        }
        return charge
    }

    /// Releases a hold, or abandons a charge waiting for its 3-D Secure challenge.
    @discardableResult
    public func cancel(_ chargeID: String) throws -> Charge {
        var record = try record(chargeID)
        guard record.charge.status == .authorized || record.charge.status == .requiresAction else { throw ChargeError.notAHold }
        guard let charge = try settle(&record, status: .canceled, event: "charge.canceled") else { throw ChargeError.notAHold }
        notify(chargeID, .success(charge))
        return charge
    }

    // MARK: - Refunds

    /// Refunds a succeeded charge, all that is left (`amount` nil) or part of it; the refunds of
    /// a charge never add up to more than was captured. With `id` (chosen by the caller before
    /// asking, with its intent), asking again answers the refund already made under it.
    @discardableResult
    public func refund(_ chargeID: String, amount: Money? = nil, reason: String = "requested_by_customer", id: String? = nil) throws -> Refund {
        if let id, let made = try refunds(of: chargeID).first(where: { $0.id == id }) { return made }
        var record = try record(chargeID)
        guard record.charge.status == .succeeded else { throw ChargeError.notRefundable }
        let available = record.charge.amountRefundable
        if let amount, amount.currency != available.currency || !amount.isPositive { throw ChargeError.invalidRefundAmount }
        let requested = amount ?? available
        guard requested.isPositive, requested <= available else { throw ChargeError.refundExceedsCaptured(available: available) }
        let refund = Refund(id: id ?? ids.next("re"), chargeID: chargeID, amount: requested, reason: reason, createdAt: clock.now)
        record.charge.amountRefunded = Money(minorUnits: record.charge.amountRefunded.minorUnits + requested.minorUnits,
                                             currency: requested.currency)
        record.charge.updatedAt = clock.now
        try storage {
            try repository.insert(refund, updating: record, event: NewEvent("charge.refunded", subject: chargeID,
                ["refund_id": refund.id, "amount": String(requested.minorUnits), "currency": requested.currency.code]))
        }
        log.info("charge \(chargeID) refunded \(requested)")
        return refund
    }

    public func refunds(of chargeID: String) throws -> [Refund] {
        try storage { try repository.refunds(chargeID: chargeID) }
    }

    // MARK: - Reading and reconciling

    public func charge(_ id: String) throws -> Charge {
        try record(id).charge
    }

    /// Whether the shopper answered the bank's 3-D Secure question on this charge: a card saved
    /// after it is not asked again at its first charge.
    func passedChallenge(_ chargeID: String) -> Bool {
        (try? record(chargeID))?.authenticated ?? false
    }

    public func charges(for customerID: String) throws -> [Charge] {
        try storage { try repository.charges(customerID: customerID).map(\.charge) }
    }

    /// Settles every charge still `pending` (its acquirer answer lost to a crash, or never
    /// given) by asking the acquirer for its decision now. Returns the charges it settled, in
    /// their new states; callers still waiting on them are told too.
    @discardableResult
    public func reconcilePending() throws -> [Charge] {
        try reconcilePending(olderThan: 0)
    }

    /// `reconcilePending` for the charges pending at least `age` seconds of clock time: the
    /// settler leaves a charge whose answer is simply on its way to the acquirer's own timer.
    @discardableResult
    public func reconcilePending(olderThan age: TimeInterval) throws -> [Charge] {
        var settled: [Charge] = []
        let cutoff = clock.now.addingTimeInterval(-age)
        for var record in try storage({ try repository.charges(status: .pending) }) where record.charge.updatedAt <= cutoff {
            let id = record.charge.id
            guard let number = try? sealedNumber(of: record) else {
                // Nothing left to ask about: the number is gone. Never report success on a guess.
                guard let charge = (try? settle(&record, status: .failed(.processingError), event: "charge.failed", ["reconciled": "true"])) ?? nil else {
                    continue
                }
                settled.append(charge)
                notify(id, .success(charge))
                continue
            }
            let before = methodAuthenticated(record)
            let decision = acquirer.decide(number, cardAuthenticatedBefore: before, challengePassed: record.authenticated)
            // One charge's failed write leaves that charge for the next pass, not the ones after it.
            if let charge = try? apply(decision, to: id, reconciled: true) {
                settled.append(charge)
            }
        }
        return settled
    }

    /// Cancels every 3-D Secure challenge of a charge made `age` seconds ago or more: an issuer's
    /// challenge expires, and one nobody answers must not hold anything for ever (whoever still
    /// waits hears `canceled`). Counted from the charge, not from when the challenge was asked: a
    /// challenge learnt late (a settler asking hours later) is shown to nobody. Returns the
    /// charges it cancelled.
    @discardableResult
    public func expireChallenges(olderThan age: TimeInterval) -> [Charge] {
        let cutoff = clock.now.addingTimeInterval(-age)
        let open = (try? storage { try repository.charges(status: .requiresAction) }) ?? []
        return open.filter { $0.charge.createdAt <= cutoff }.compactMap { try? cancel($0.charge.id) }
    }

    // MARK: - Internals

    private enum Beginning {
        case replay(Charge)
        case started(ChargeRecord, CardNumber, authenticatedBefore: Bool)
    }

    private func begin(_ unsafeRequest: ChargeRequest, alongside companion: ChargeCompanion?) throws -> Beginning {
        // Free text is stored and hashed only redacted: a card number typed into a description
        // or metadata value must not reach the disk.
        var request = unsafeRequest
        request.description = Redaction.redact(request.description)
        request.metadata = request.metadata.mapValues(Redaction.redact)
        guard request.amount.isPositive else { throw ChargeError.invalidAmount }
        let key = request.idempotencyKey.trimmingWhitespace()
        guard !key.isEmpty else { throw ChargeError.missingIdempotencyKey }
        let hash = request.parameterHash
        if let remembered = try storage({ try repository.idempotencyKey(key) }) {
            let expires = remembered.createdAt.addingTimeInterval(Self.idempotencyKeyLifetime.timeInterval)
            if clock.now < expires {
                guard remembered.requestHash == hash else { throw ChargeError.idempotencyKeyReused }
                return .replay(try record(remembered.chargeID).charge)
            }
            try storage { try repository.forgetIdempotencyKey(key) }
        }
        if let customerID = request.customerID {
            guard (try? customers.customer(id: customerID)) != nil else { throw ChargeError.customerNotFound }
            if !request.unattended, customers.isPaymentsLocked(customerID) { throw ChargeError.paymentsLocked }
        }

        let number: CardNumber
        var paymentMethodID: String?
        var authenticatedBefore = false
        switch request.source {
        case let .token(tokenID):
            // Read, not spent yet: a charge whose intent is refused (nothing written, nothing
            // asked) leaves the shopper's card to pay with again.
            do { number = try vault.card(tokenID).number } catch { throw ChargeError.token(error) }
        case let .paymentMethod(methodID):
            guard let customerID = request.customerID else { throw ChargeError.customerRequired }
            let found: (PaymentMethodRecord, CardNumber?)
            do { found = try paymentMethods.chargeableNumber(methodID, customerID: customerID) } catch { throw ChargeError.paymentMethodNotFound }
            guard let stored = found.1 else { throw ChargeError.paymentMethodNotChargeable }
            number = stored
            paymentMethodID = methodID
            authenticatedBefore = found.0.authenticated
        }

        let now = clock.now
        let charge = Charge(id: ids.next("ch"), customerID: request.customerID, paymentMethodID: paymentMethodID,
                            amount: request.amount, description: request.description, metadata: request.metadata,
                            capture: request.capture, status: .pending, amountCaptured: .zero(request.amount.currency),
                            amountRefunded: .zero(request.amount.currency), brand: number.brand, lastFour: number.lastFour,
                            idempotencyKey: key, createdAt: now, updatedAt: now)
        // The number is kept sealed on the charge only until it is settled (see `settle`).
        let record = ChargeRecord(charge: charge, sealedNumber: try vault.keys.seal(number), authenticated: false)
        do {
            try storage {
                try repository.insert(record, key: IdempotencyRecord(key: key, requestHash: hash, chargeID: charge.id, createdAt: now),
                                      event: NewEvent("charge.created", subject: charge.id,
                                                      ["amount": String(charge.amount.minorUnits), "currency": charge.amount.currency.code,
                                                       "card": "\(number.brand.rawValue) \(number.lastFour)", "capture": String(request.capture)]),
                                      alongside: companion?.intent)
            }
        } catch {
            // Another counter of the fleet took the key between the look above and this insert
            // (nothing of this one was written): its charge is the answer to this request too,
            // as a replay, never a refusal the caller would take for "not paid".
            if let taken = try? repository.idempotencyKey(key) {
                guard taken.requestHash == hash else { throw ChargeError.idempotencyKeyReused }
                return .replay(try self.record(taken.chargeID).charge)
            }
            throw error
        }
        if case let .token(tokenID) = request.source { _ = try? vault.redeem(tokenID) }
        log.info("charge \(charge.id) pending: \(charge.amount) on \(number.description)")
        return .started(record, number, authenticatedBefore: authenticatedBefore)
    }

    private func ask(_ charge: Charge, _ number: CardNumber, cardAuthenticatedBefore: Bool, challengePassed: Bool) {
        let chargeID = charge.id
        acquirer.authorize(number, amount: charge.amount, cardAuthenticatedBefore: cardAuthenticatedBefore, challengePassed: challengePassed) { [weak self] decision in
            guard let self else { return }
            do { _ = try self.apply(decision, to: chargeID, reconciled: false) } catch {
                // The acquirer has decided, but the decision is not on disk: the charge stays
                // `pending` for the settler, and whoever waits hears "not known", never "failed".
                self.log.info("charge \(chargeID): answer not recorded (\(error)); left to the settler")
                self.notify(chargeID, .failure(.outcomeUnknown(chargeID: chargeID)))
            }
        }
    }

    /// Records the acquirer's decision on a pending charge, then tells whoever waits. Returns
    /// nil when the charge had already been settled (a late answer after a reconcile).
    private func apply(_ decision: AcquirerDecision, to chargeID: String, reconciled: Bool) throws -> Charge? {
        var record = try record(chargeID)
        guard record.charge.status == .pending else { return settledMeanwhile(record) }
        let extra = reconciled ? ["reconciled": "true"] : [:]
        let charge: Charge?
        switch decision {
        case .approved where record.charge.capture:
            record.charge.amountCaptured = record.charge.amount
            charge = try settle(&record, status: .succeeded, event: "charge.succeeded", extra)
        case .approved:
            charge = try settle(&record, status: .authorized, event: "charge.authorized", extra)
        case let .declined(reason):
            charge = try settle(&record, status: .failed(reason), event: "charge.failed", extra.merging(["reason": reason.rawValue]) { $1 })
        case .challengeRequired:
            charge = try settle(&record, status: .requiresAction, event: "charge.requires_action", extra)
        }
        guard let charge else { return settledMeanwhile(try self.record(chargeID)) }
        notify(chargeID, .success(charge))
        return charge
    }

    /// Settled meanwhile (by the settler, here or on another counter): whoever still waits hears
    /// the settled state, so no caller is left hanging.
    private func settledMeanwhile(_ record: ChargeRecord) -> Charge? {
        if record.charge.status.isSettled { companions[record.charge.id] = nil }
        notify(record.charge.id, .success(record.charge))
        return nil
    }

    /// Moves a charge to `status` and commits it with its event, and with what its creator writes
    /// for that answer. The sealed number is dropped as soon as no further acquirer request can
    /// need it.
    ///
    /// The status read is compared with the stored one in the same transaction: a charge another
    /// counter moved on meanwhile is left as that counter wrote it (nil), never written twice.
    private func settle(_ record: inout ChargeRecord, status: ChargeStatus, event: String, _ payload: [String: String] = [:]) throws -> Charge? {
        let before = record.charge.status
        record.charge.status = status
        record.charge.updatedAt = clock.now
        if status.isSettled { record.sealedNumber = nil }
        let id = record.charge.id
        let alongside = companions[id]?.answering(record.charge)
        let written = try storage { [record] in
            try repository.update(record, from: before, event: NewEvent(event, subject: id, payload), alongside: alongside)
        }
        guard written else { return nil }
        if status.isSettled { companions[id] = nil }
        log.info("charge \(id) \(status.storedName)")
        return record.charge
    }

    private func notify(_ chargeID: String, _ result: Result<Charge, ChargeError>) {
        guard let waiting = waiters.removeValue(forKey: chargeID) else { return }
        // Already on the loop (an acquirer timer) and already committed: answer now.
        for completion in waiting { completion(result) }
    }

    private func deliver(_ result: Result<Charge, ChargeError>, to completions: [Completion]) {
        scheduler.schedule(after: .zero) { for completion in completions { completion(result) } }
    }

    private func sealedNumber(of record: ChargeRecord) throws -> CardNumber {
        if let sealed = record.sealedNumber { return try vault.keys.unseal(sealed) }
        if let methodID = record.charge.paymentMethodID, let customerID = record.charge.customerID,
           let number = try paymentMethods.chargeableNumber(methodID, customerID: customerID).1 {
            return number
        }
        throw ChargeError.paymentMethodNotChargeable
    }

    private func methodAuthenticated(_ record: ChargeRecord) -> Bool {
        guard let methodID = record.charge.paymentMethodID, let customerID = record.charge.customerID,
              let method = try? paymentMethods.chargeableNumber(methodID, customerID: customerID).0 else { return false }
        return method.authenticated
    }

    private func record(_ id: String) throws -> ChargeRecord {
        guard let record = try storage({ try repository.charge(id: id) }) else { throw ChargeError.chargeNotFound }
        return record
    }

    private func storage<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ChargeError { throw error } catch {
            throw ChargeError.storage(String(describing: error))
        }
    }

    private static func chargeError(_ error: Error) -> ChargeError {
        (error as? ChargeError) ?? .storage(String(describing: error))
    }
}

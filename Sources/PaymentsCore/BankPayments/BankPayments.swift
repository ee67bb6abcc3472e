import Clocks
import Foundation

/// Single payments and mandates with simulated banks (seed 004).
///
/// A resource's life is a function of its bank's behaviour and the clock: every read first
/// brings it up to date (`refresh`), and timers on the scheduler only make that happen on time
/// and deliver the flow's answer. So `paymentStatus`/`mandateStatus` are right even after a
/// restart or a long `Sleep`, and they are the source of truth.
///
/// Several counters may read the same resource at once (a fleet on one server): each step is
/// taken with the resource's row locked, so the bank's answer is applied once, and the counter
/// that waited reads it applied.
public final class BankPayments {
    enum Kind: String { case payment, mandate }

    let store: any CoreStore
    let scheduler: Scheduler
    let ids: IDGenerator
    let events: EventRecording
    /// Told when a payment or mandate changes on the bank's own time (its decision, execution,
    /// settlement), as a real bank's webhook would: the settler looks at once rather than at its
    /// next quiet pass.
    public var onChange: () -> Void = {}
    let timings: BankTimings
    var clock: Clock { scheduler.clock }

    public init(store: any CoreStore, scheduler: Scheduler, ids: IDGenerator, events: EventRecording, timings: BankTimings = BankTimings()) {
        self.store = store
        self.scheduler = scheduler
        self.ids = ids
        self.events = events
        self.timings = timings
    }

    // MARK: Creating (what a merchant backend does)

    public func createPayment(amount: Money, reference: String) throws -> BankResourceHandle {
        try create(.payment, amount: amount, reference: reference)
    }

    /// A mandate for recurring payments of up to `maximumAmount` each.
    public func createMandate(maximumAmount: Money, reference: String) throws -> BankResourceHandle {
        try create(.mandate, amount: maximumAmount, reference: reference)
    }

    // MARK: Processing (what the SDK does)

    /// Authorises the payment with the chosen bank. The completion runs once, on the loop.
    public func processSinglePayment(identifier: String, token: String, providerId: String, completion: @escaping (Result<BankFlowState, BankError>) -> Void) {
        process(.payment, identifier: identifier, token: token, providerId: providerId, completion: completion)
    }

    public func processMandate(identifier: String, token: String, providerId: String, completion: @escaping (Result<BankFlowState, BankError>) -> Void) {
        process(.mandate, identifier: identifier, token: token, providerId: providerId, completion: completion)
    }

    /// The user backs out before the bank answered: the resource fails with `userCanceled`.
    public func cancel(identifier: String, token: String) throws(BankError) {
        try mutate(identifier: identifier, token: token) { tx, resource in
            switch resource.status {
            case .authorizationRequired, .authorizing:
                try fail(tx, resource, .userCanceled)
            default:
                throw BankError.unexpectedBehaviour
            }
        }
    }

    // MARK: Status (the source of truth)

    public func paymentStatus(identifier: String, token: String) throws(BankError) -> BankStatusReport<BankPaymentStatus> {
        let payment = try current(identifier: identifier, token: token, expected: .payment)
        let status: BankPaymentStatus = switch payment.status {
        case .authorizationRequired: .authorizationRequired
        case .authorizing: .authorizing
        case .authorized: .authorized
        case .executed: .executed
        case .settled: .settled
        // A payment is never revoked; a row that says so has failed.
        case .failed, .revoked: .failed
        }
        return BankStatusReport(status: status, failure: status == .failed ? Self.failure(of: payment) : nil)
    }

    public func mandateStatus(identifier: String, token: String) throws(BankError) -> BankStatusReport<MandateStatus> {
        let mandate = try current(identifier: identifier, token: token, expected: .mandate)
        let status: MandateStatus = switch mandate.status {
        case .authorizationRequired: .authorizationRequired
        case .authorizing: .authorizing
        case .authorized: .authorized
        case .revoked: .revoked
        // A mandate moves no money itself; a row that says executed or settled has failed.
        case .failed, .executed, .settled: .failed
        }
        return BankStatusReport(status: status, failure: status == .failed ? Self.failure(of: mandate) : nil)
    }

    public func revokeMandate(identifier: String, token: String) throws(BankError) {
        try mutate(identifier: identifier, token: token, expected: .mandate) { tx, mandate in
            guard mandate.kind == .mandate else { throw BankError.mandateNotFound }
            guard mandate.status == .authorized else { throw BankError.unexpectedBehaviour }
            try setStatus(tx, mandate, .revoked)
        }
    }

    /// A payment drawn on an authorised mandate (a subscription renewal): it needs no user,
    /// so it starts `authorized` and executes and settles on the clock.
    ///
    /// One payment a reference: asked again under a reference already paid (two counters
    /// renewing one subscription at once, or a renewal whose answer was lost), it answers the
    /// payment already taken. The mandate's row is locked while this is decided, so two
    /// counters asking at once take turns and the second finds the first's payment.
    public func payFromMandate(identifier: String, token: String, amount: Money, reference: String) throws(BankError) -> BankResourceHandle {
        let (handle, isNew): (BankResourceHandle, Bool) = try mutate(identifier: identifier, token: token, expected: .mandate) { tx, mandate in
            guard mandate.kind == .mandate else { throw BankError.mandateNotFound }
            if let earlier = try Self.paymentFromMandate(tx, identifier: identifier, reference: reference) {
                return (BankResourceHandle(identifier: earlier.id, resourceToken: earlier.token), false)
            }
            switch mandate.status {
            case .authorized: break
            case .revoked: throw BankError.mandateRejected
            case .authorizationRequired, .authorizing, .executed, .settled, .failed: throw BankError.unexpectedBehaviour
            }
            guard amount.currency.code == mandate.currency, amount.minorUnits <= (mandate.amountMinor ?? 0) else {
                throw BankError.generic(reason: BankError.exceedsMandate)
            }
            var payment = try insert(tx, .payment, amount: amount, reference: reference, mandateId: identifier)
            payment.status = .authorized
            payment.authorizedAt = clock.now
            payment.providerId = mandate.providerId
            payment.behaviour = .approves
            try tx.update(payment)
            let handle = BankResourceHandle(identifier: payment.id, resourceToken: payment.token)
            try events.record(tx, type: "bank.payment.authorized", subject: handle.identifier, data: ["mandate": identifier])
            return (handle, true)
        }
        if isNew { scheduleLifecycleTimers(handle.identifier) }
        return handle
    }

    /// The payment already taken from this mandate under `reference`, if any (a renewal whose
    /// answer was not recorded looks here before it takes the money again).
    public func paymentFromMandate(identifier: String, reference: String) -> String? {
        try? store.read { tx in try Self.paymentFromMandate(tx, identifier: identifier, reference: reference)?.id }
    }

    private static func paymentFromMandate(_ tx: any CoreTransaction, identifier: String, reference: String) throws -> BankResourceRecord? {
        try tx.fetchOne(BankResourceRecord.self, """
            SELECT * FROM bank_resources WHERE kind = ? AND mandate_id = ? AND reference = ? AND status IN (?, ?, ?)
            ORDER BY created_at, \(tx.engine.bytewise("id")) LIMIT 1
            """, Kind.payment, identifier, reference, StoredBankStatus.authorized, StoredBankStatus.executed, StoredBankStatus.settled)
    }

    // MARK: Internals

    private func create(_ kind: Kind, amount: Money, reference: String) throws -> BankResourceHandle {
        let resource = try store.write { tx in try insert(tx, kind, amount: amount, reference: reference, mandateId: nil) }
        let handle = BankResourceHandle(identifier: resource.id, resourceToken: resource.token)
        scheduler.schedule(after: timings.authorizationWindow) { [self] in refreshQuietly(handle.identifier) }
        return handle
    }

    private func insert(_ tx: any CoreTransaction, _ kind: Kind, amount: Money, reference: String, mandateId: String?) throws -> BankResourceRecord {
        let id = ids.next(kind == .payment ? "bpay" : "mandate")
        // The resource token a backend would mint: random in production, sequential under tapes.
        let token = ids.next("rt")
        let now = clock.now
        let resource = BankResourceRecord(
            id: id, kind: kind, token: token, amountMinor: amount.minorUnits, currency: amount.currency.code, reference: reference,
            providerId: nil, status: .authorizationRequired, failure: nil, mandateId: mandateId, behaviour: nil, decidesAt: nil,
            authorizedAt: nil, createdAt: now, expiresAt: now.addingTimeInterval(timings.authorizationWindow.timeInterval), updatedAt: now)
        try tx.insert(resource)
        try events.record(tx, type: "bank.\(kind.rawValue).created", subject: id, data: ["reference": reference])
        return resource
    }

    private func process(_ expected: Kind, identifier: String, token: String, providerId: String, completion: @escaping (Result<BankFlowState, BankError>) -> Void) {
        let provider: SimulatedBank
        let expiresAt: Date
        do throws(BankError) {
            (provider, expiresAt) = try mutate(identifier: identifier, token: token, expected: expected) { tx, resource in
                guard resource.kind == expected else { throw notFound(expected) }
                // A failed resource answers with why it failed (expired, canceled...); any other
                // state already went through the flow.
                if resource.status == .failed { throw Self.failure(of: resource) }
                guard resource.status == .authorizationRequired else { throw BankError.unexpectedBehaviour }
                guard let provider = try BankProviders.provider(tx, id: providerId) else {
                    throw BankError.generic(reason: BankError.unknownBankPrefix + providerId)
                }
                switch provider.behaviour {
                case .offline: throw BankError.connectionIssues
                case .serverError: throw BankError.serverError
                default: break
                }
                var chosen = resource
                chosen.providerId = provider.id
                chosen.behaviour = provider.behaviour
                chosen.decidesAt = decisionDelay(provider.behaviour).map { clock.now.addingTimeInterval($0.timeInterval) }
                try tx.update(chosen)
                try setStatus(tx, chosen, .authorizing)
                return (provider, resource.expiresAt)
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        if let decision = decisionDelay(provider.behaviour) {
            scheduler.schedule(after: decision) { [self] in
                refreshQuietly(identifier)
                scheduleLifecycleTimers(identifier)
                onChange()
            }
        }
        // The flow's answer, always from a timer (never inside this call): a redirect at once,
        // a slow bank's silence when the payment expires, any other bank when it has answered.
        switch provider.behaviour {
        case .redirects:
            scheduler.schedule(after: .zero) { completion(.success(.redirect)) }
        case .slow:
            let untilExpiry = max(0, expiresAt.timeIntervalSince(clock.now))
            scheduler.schedule(after: .milliseconds(Int64((untilExpiry * 1000).rounded()))) { [self] in
                completion(flowAnswer(identifier, expected))
            }
        default:
            scheduler.schedule(after: timings.bankAnswer) { [self] in completion(flowAnswer(identifier, expected)) }
        }
    }

    /// When the bank decides; `nil` when it never does (the payment expires).
    private func decisionDelay(_ behaviour: BankBehaviour) -> Duration? {
        switch behaviour {
        case .approves, .rejects, .failsAuthorization: timings.bankAnswer
        case .redirects: timings.redirectAnswer
        case .decoupled: timings.decoupledAnswer
        case .slow, .offline, .serverError: nil
        }
    }

    private func flowAnswer(_ identifier: String, _ kind: Kind) -> Result<BankFlowState, BankError> {
        guard let resource = try? store.write({ tx in try refresh(tx, identifier) }) else { return .failure(notFound(kind)) }
        switch resource.status {
        // Still with the user or the bank (decoupled): a payment waits, a mandate has only `redirect`.
        case .authorizing: return .success(kind == .payment ? .wait : .redirect)
        case .authorized: return .success(.authorized)
        case .executed: return .success(.executed)
        case .settled: return .success(.settled)
        case .authorizationRequired, .failed, .revoked: return .failure(Self.failure(of: resource))
        }
    }

    private func scheduleLifecycleTimers(_ identifier: String) {
        scheduler.schedule(after: timings.execution) { [self] in refreshQuietly(identifier); onChange() }
        scheduler.schedule(after: timings.execution + timings.settlement) { [self] in refreshQuietly(identifier); onChange() }
    }

    private func refreshQuietly(_ identifier: String) {
        _ = try? store.write { tx in try refresh(tx, identifier) }
    }

    /// Brings a resource up to date with the clock, recording each step it takes. The row is
    /// locked first: a counter applying the same step at the same moment waits, then finds it
    /// taken.
    @discardableResult
    private func refresh(_ tx: any CoreTransaction, _ identifier: String) throws -> BankResourceRecord {
        guard var resource = try BankResourceRecord.stored(tx, id: identifier, locking: true) else { throw BankError.paymentNotFound }
        let kind = resource.kind
        let now = clock.now.milliseconds
        let expiresAt = resource.expiresAt.milliseconds
        if resource.status == .authorizing, let decidesAt = resource.decidesAt, decidesAt.milliseconds <= min(now, expiresAt) {
            switch try resource.chosenBehaviour() {
            case .rejects: try fail(tx, resource, kind == .payment ? .paymentRejected : .mandateRejected)
            case .failsAuthorization: try fail(tx, resource, .authorizationFailed)
            default:
                resource.authorizedAt = decidesAt
                try tx.update(resource)
                try setStatus(tx, resource, .authorized)
            }
        } else if resource.status == .authorizationRequired || resource.status == .authorizing, now >= expiresAt {
            try fail(tx, resource, kind == .payment ? .paymentExpired : .mandateExpired)
        }
        resource = try Self.reload(tx, resource)
        if kind == .payment, let authorizedAt = resource.authorizedAt?.milliseconds {
            let executesAt = authorizedAt + timings.execution.milliseconds
            if resource.status == .authorized, now >= executesAt {
                try setStatus(tx, resource, .executed)
                resource.status = .executed
            }
            if resource.status == .executed, now >= executesAt + timings.settlement.milliseconds {
                try setStatus(tx, resource, .settled)
            }
            resource = try Self.reload(tx, resource)
        }
        return resource
    }

    /// The resource as the last statements left it.
    private static func reload(_ tx: any CoreTransaction, _ resource: BankResourceRecord) throws -> BankResourceRecord {
        guard let current = try BankResourceRecord.stored(tx, id: resource.id) else { throw BankError.paymentNotFound }
        return current
    }

    /// Why a resource failed, as the bank says it.
    private static func failure(of resource: BankResourceRecord) -> BankError {
        BankError(code: resource.failure ?? "unexpectedBehaviour")
    }

    private func current(identifier: String, token: String, expected: Kind) throws(BankError) -> BankResourceRecord {
        try mutate(identifier: identifier, token: token, expected: expected) { _, resource in
            guard resource.kind == expected else { throw notFound(expected) }
            return resource
        }
    }

    /// Finds and refreshes the resource, checks its token, then runs `body` in the same transaction.
    /// A resource that is not there is named for the kind the caller asked for; a caller that
    /// takes either kind (`cancel`) gets it named by the identifier's own prefix.
    private func mutate<T>(identifier: String, token: String, expected: Kind? = nil,
                           _ body: (any CoreTransaction, BankResourceRecord) throws -> T) throws(BankError) -> T {
        do {
            return try store.write { tx in
                guard let stored = try BankResourceRecord.stored(tx, id: identifier, locking: true) else {
                    throw notFound(expected ?? (identifier.hasPrefix("mandate") ? .mandate : .payment))
                }
                guard stored.token == token else { throw BankError.invalidToken }
                return try body(tx, try refresh(tx, identifier))
            }
        } catch let error as BankError {
            throw error
        } catch {
            throw .generic(reason: String(describing: error))
        }
    }

    private func notFound(_ kind: Kind) -> BankError { kind == .payment ? .paymentNotFound : .mandateNotFound }

    private func fail(_ tx: any CoreTransaction, _ resource: BankResourceRecord, _ error: BankError) throws {
        try tx.execute("UPDATE bank_resources SET failure = ? WHERE id = ?", error.code, resource.id)
        try setStatus(tx, resource, .failed, data: ["reason": error.code])
    }

    private func setStatus(_ tx: any CoreTransaction, _ resource: BankResourceRecord, _ status: StoredBankStatus, data: [String: String] = [:]) throws {
        try tx.execute("UPDATE bank_resources SET status = ?, updated_at = ? WHERE id = ?", status, clock.now.milliseconds, resource.id)
        try events.record(tx, type: "bank.\(resource.kind.rawValue).\(status.rawValue)", subject: resource.id, data: data)
    }
}

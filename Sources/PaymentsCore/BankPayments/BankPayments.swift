import Clocks
import Foundation
import GRDB

/// Single payments and mandates with simulated banks (seed 004).
///
/// A resource's life is a function of its bank's behaviour and the clock: every read first
/// brings it up to date (`refresh`), and timers on the scheduler only make that happen on time
/// and deliver the flow's answer. So `paymentStatus`/`mandateStatus` are right even after a
/// restart or a long `Sleep`, and they are the source of truth.
public final class BankPayments {
    enum Kind: String { case payment, mandate }

    private let database: any DatabaseWriter
    private let scheduler: Scheduler
    private let ids: IDGenerator
    private let events: EventRecording
    private let timings: BankTimings
    private var clock: Clock { scheduler.clock }

    public init(database: any DatabaseWriter, scheduler: Scheduler, ids: IDGenerator, events: EventRecording, timings: BankTimings = BankTimings()) {
        self.database = database
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
        try mutate(identifier: identifier, token: token) { db, row, kind in
            switch row["status"] as String {
            case "authorizationRequired", "authorizing":
                try fail(db, identifier, kind, .userCanceled)
            default:
                throw BankError.unexpectedBehaviour
            }
        }
    }

    // MARK: Status (the source of truth)

    public func paymentStatus(identifier: String, token: String) throws(BankError) -> BankPaymentStatus {
        let row = try current(identifier: identifier, token: token, expected: .payment)
        switch row["status"] as String {
        case "authorizationRequired": return .authorizationRequired
        case "authorizing": return .authorizing
        case "authorized": return .authorized
        case "executed": return .executed
        case "settled": return .settled
        default: return .failed(BankError(code: row["failure"] ?? "unexpectedBehaviour"))
        }
    }

    public func mandateStatus(identifier: String, token: String) throws(BankError) -> MandateStatus {
        let row = try current(identifier: identifier, token: token, expected: .mandate)
        switch row["status"] as String {
        case "authorizationRequired": return .authorizationRequired
        case "authorizing": return .authorizing
        case "authorized": return .authorized
        case "revoked": return .revoked
        default: return .failed(BankError(code: row["failure"] ?? "unexpectedBehaviour"))
        }
    }

    public func revokeMandate(identifier: String, token: String) throws(BankError) {
        try mutate(identifier: identifier, token: token) { db, row, kind in
            guard kind == .mandate else { throw BankError.mandateNotFound }
            guard row["status"] as String == "authorized" else { throw BankError.unexpectedBehaviour }
            try setStatus(db, identifier, kind, "revoked")
        }
    }

    /// A payment drawn on an authorised mandate (a subscription renewal): it needs no user,
    /// so it starts `authorized` and executes and settles on the clock.
    public func payFromMandate(identifier: String, token: String, amount: Money, reference: String) throws(BankError) -> BankResourceHandle {
        let handle: BankResourceHandle = try mutate(identifier: identifier, token: token) { db, row, kind in
            guard kind == .mandate else { throw BankError.mandateNotFound }
            switch row["status"] as String {
            case "authorized": break
            case "revoked": throw BankError.mandateRejected
            default: throw BankError.unexpectedBehaviour
            }
            guard amount.currency.code == row["currency"] as String, amount.minorUnits <= (row["amount_minor"] as Int64? ?? 0) else {
                throw BankError.generic(reason: BankError.exceedsMandate)
            }
            let handle = try insert(db, .payment, amount: amount, reference: reference, mandateId: identifier)
            let now = clock.now.timeIntervalSince1970
            try db.execute(sql: "UPDATE bank_resources SET status = 'authorized', authorized_at = ?, provider_id = ?, behaviour = ? WHERE id = ?",
                           arguments: [now, row["provider_id"] as String?, BankBehaviour.approves.rawValue, handle.identifier])
            try events.record(db, type: "bank.payment.authorized", subject: handle.identifier, data: ["mandate": identifier])
            return handle
        }
        scheduleLifecycleTimers(handle.identifier)
        return handle
    }

    /// The payment already taken from this mandate under `reference`, if any (a renewal whose
    /// answer was not recorded looks here before it takes the money again).
    public func paymentFromMandate(identifier: String, reference: String) -> String? {
        try? database.read { db in
            try String.fetchOne(db, sql: """
                SELECT id FROM bank_resources WHERE kind = 'payment' AND mandate_id = ? AND reference = ?
                  AND status IN ('authorized', 'executed', 'settled') ORDER BY created_at LIMIT 1
                """, arguments: [identifier, reference])
        }
    }

    // MARK: Internals

    private func create(_ kind: Kind, amount: Money, reference: String) throws -> BankResourceHandle {
        let handle = try database.write { db in try insert(db, kind, amount: amount, reference: reference, mandateId: nil) }
        scheduler.schedule(after: timings.authorizationWindow) { [self] in refreshQuietly(handle.identifier) }
        return handle
    }

    private func insert(_ db: Database, _ kind: Kind, amount: Money, reference: String, mandateId: String?) throws -> BankResourceHandle {
        let id = ids.next(kind == .payment ? "bpay" : "mandate")
        // The resource token a backend would mint: random in production, sequential under tapes.
        let token = ids.next("rt")
        let now = clock.now.timeIntervalSince1970
        try db.execute(sql: """
            INSERT INTO bank_resources (id, kind, token, amount_minor, currency, reference, status, mandate_id,
              created_at, expires_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'authorizationRequired', ?, ?, ?, ?)
            """, arguments: [id, kind.rawValue, token, amount.minorUnits, amount.currency.code, reference, mandateId,
                             now, now + timings.authorizationWindow.timeInterval, now])
        try events.record(db, type: "bank.\(kind.rawValue).created", subject: id, data: ["reference": reference])
        return BankResourceHandle(identifier: id, resourceToken: token)
    }

    private func process(_ expected: Kind, identifier: String, token: String, providerId: String, completion: @escaping (Result<BankFlowState, BankError>) -> Void) {
        let provider: SimulatedBank
        let expiresAt: Date
        do throws(BankError) {
            (provider, expiresAt) = try mutate(identifier: identifier, token: token) { db, row, kind in
                guard kind == expected else { throw notFound(expected) }
                // A failed resource answers with why it failed (expired, canceled...); any other
                // state already went through the flow.
                if row["status"] as String == "failed" { throw BankError(code: row["failure"] ?? "unexpectedBehaviour") }
                guard row["status"] as String == "authorizationRequired" else { throw BankError.unexpectedBehaviour }
                guard let provider = try BankProviders.provider(db, id: providerId) else {
                    throw BankError.generic(reason: BankError.unknownBankPrefix + providerId)
                }
                switch provider.behaviour {
                case .offline: throw BankError.connectionIssues
                case .serverError: throw BankError.serverError
                default: break
                }
                let decidesAt = decisionDelay(provider.behaviour).map { clock.now.addingTimeInterval($0.timeInterval).timeIntervalSince1970 }
                try db.execute(sql: "UPDATE bank_resources SET provider_id = ?, behaviour = ?, decides_at = ? WHERE id = ?",
                               arguments: [provider.id, provider.behaviour.rawValue, decidesAt, identifier])
                try setStatus(db, identifier, kind, "authorizing")
                return (provider, Date(timeIntervalSince1970: row["expires_at"]))
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        if let decision = decisionDelay(provider.behaviour) {
            scheduler.schedule(after: decision) { [self] in
                refreshQuietly(identifier)
                scheduleLifecycleTimers(identifier)
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
        guard let row = try? database.write({ db in try refresh(db, identifier) }) else { return .failure(notFound(kind)) }
        switch row["status"] as String {
        // Still with the user or the bank (decoupled): a payment waits, a mandate has only `redirect`.
        case "authorizing": return .success(kind == .payment ? .wait : .redirect)
        case "authorized": return .success(.authorized)
        case "executed": return .success(.executed)
        case "settled": return .success(.settled)
        default: return .failure(BankError(code: row["failure"] ?? "unexpectedBehaviour"))
        }
    }

    private func scheduleLifecycleTimers(_ identifier: String) {
        scheduler.schedule(after: timings.execution) { [self] in refreshQuietly(identifier) }
        scheduler.schedule(after: timings.execution + timings.settlement) { [self] in refreshQuietly(identifier) }
    }

    private func refreshQuietly(_ identifier: String) {
        _ = try? database.write { db in try refresh(db, identifier) }
    }

    /// Brings a resource up to date with the clock, recording each step it takes.
    @discardableResult
    private func refresh(_ db: Database, _ identifier: String) throws -> Row {
        guard var row = try Row.fetchOne(db, sql: "SELECT * FROM bank_resources WHERE id = ?", arguments: [identifier]) else {
            throw BankError.paymentNotFound
        }
        let kind = Kind(rawValue: row["kind"]) ?? .payment
        let now = clock.now.timeIntervalSince1970
        let expiresAt: Double = row["expires_at"]
        var status: String = row["status"]
        if status == "authorizing", let decidesAt = row["decides_at"] as Double?, decidesAt <= min(now, expiresAt) {
            switch BankBehaviour(rawValue: row["behaviour"] ?? "") ?? .approves {
            case .rejects: try fail(db, identifier, kind, kind == .payment ? .paymentRejected : .mandateRejected)
            case .failsAuthorization: try fail(db, identifier, kind, .authorizationFailed)
            default:
                try db.execute(sql: "UPDATE bank_resources SET authorized_at = ? WHERE id = ?", arguments: [decidesAt, identifier])
                try setStatus(db, identifier, kind, "authorized")
            }
        } else if status == "authorizationRequired" || status == "authorizing", now >= expiresAt {
            try fail(db, identifier, kind, kind == .payment ? .paymentExpired : .mandateExpired)
        }
        row = try Row.fetchOne(db, sql: "SELECT * FROM bank_resources WHERE id = ?", arguments: [identifier])!
        status = row["status"]
        if kind == .payment, let authorizedAt = row["authorized_at"] as Double? {
            let executesAt = authorizedAt + timings.execution.timeInterval
            if status == "authorized", now >= executesAt {
                try setStatus(db, identifier, kind, "executed")
                status = "executed"
            }
            if status == "executed", now >= executesAt + timings.settlement.timeInterval {
                try setStatus(db, identifier, kind, "settled")
            }
            row = try Row.fetchOne(db, sql: "SELECT * FROM bank_resources WHERE id = ?", arguments: [identifier])!
        }
        return row
    }

    private func current(identifier: String, token: String, expected: Kind) throws(BankError) -> Row {
        try mutate(identifier: identifier, token: token) { _, row, kind in
            guard kind == expected else { throw notFound(expected) }
            return row
        }
    }

    /// Finds and refreshes the resource, checks its token, then runs `body` in the same transaction.
    private func mutate<T>(identifier: String, token: String, _ body: (Database, Row, Kind) throws -> T) throws(BankError) -> T {
        do {
            return try database.write { db in
                guard let stored = try Row.fetchOne(db, sql: "SELECT kind, token FROM bank_resources WHERE id = ?", arguments: [identifier]) else {
                    throw identifier.hasPrefix("mandate") ? BankError.mandateNotFound : BankError.paymentNotFound
                }
                guard stored["token"] as String == token else { throw BankError.invalidToken }
                let row = try refresh(db, identifier)
                return try body(db, row, Kind(rawValue: row["kind"]) ?? .payment)
            }
        } catch let error as BankError {
            throw error
        } catch {
            throw .generic(reason: String(describing: error))
        }
    }

    private func notFound(_ kind: Kind) -> BankError { kind == .payment ? .paymentNotFound : .mandateNotFound }

    private func fail(_ db: Database, _ identifier: String, _ kind: Kind, _ error: BankError) throws {
        try db.execute(sql: "UPDATE bank_resources SET failure = ? WHERE id = ?", arguments: [error.code, identifier])
        try setStatus(db, identifier, kind, "failed", data: ["reason": error.code])
    }

    private func setStatus(_ db: Database, _ identifier: String, _ kind: Kind, _ status: String, data: [String: String] = [:]) throws {
        try db.execute(sql: "UPDATE bank_resources SET status = ?, updated_at = ? WHERE id = ?",
                       arguments: [status, clock.now.timeIntervalSince1970, identifier])
        try events.record(db, type: "bank.\(kind.rawValue).\(status)", subject: identifier, data: data)
    }
}

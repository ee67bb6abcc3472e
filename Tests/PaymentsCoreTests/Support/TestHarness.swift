import Clocks
import Foundation
import Testing
@testable import PaymentsCore

/// A core on a manual clock and timer queue, with sequential ids, fast password hashing and a
/// captured log. `latency` defaults to zero; results still arrive through the timer queue, so
/// `settle()` runs them.
final class Harness {
    let clock: ManualClock
    let timers: TimerQueue
    let core: PaymentsServices

    /// - Parameter vaultKey: default: `Harness.keyPath(forDatabase:)` (or `forServer:`), away from
    ///   the data as in production and never in the user's own config directory.
    init(database: DatabaseLocation = .inMemory, latency: Duration = .zero, clock: ManualClock = ManualClock(),
         vaultKey: String? = nil, ids: IDGenerator = SequentialIDGenerator()) throws {
        self.clock = clock
        timers = TimerQueue(clock: clock)
        var options = PaymentsServices.Options()
        options.passwordIterations = 1_000
        options.acquirerLatency = latency
        let box = LogBox()
        options.logSink = { box.lines.append($0) }
        logBox = box
        switch database {
        case let .file(path): options.vaultKey = VaultKeyLocation(path: vaultKey ?? Self.keyPath(forDatabase: path), origin: .flag)
        case let .server(url): options.vaultKey = VaultKeyLocation(path: vaultKey ?? Self.keyPath(forServer: url), origin: .flag)
        case .inMemory: break
        }
        core = try PaymentsServices(database: database, clock: clock, scheduler: timers, ids: ids, options: options)
    }

    /// A key file for a test database: in a directory beside the database's, as a config
    /// directory is beside a data directory.
    static func keyPath(forDatabase path: String) -> String {
        (path as NSString).deletingLastPathComponent + "-config/vault.key"
    }

    /// The key of a test's database on the server: one per database, as a fleet shares one, so
    /// that a counter opened again on it (a restart, a neighbour) is not refused as a stranger.
    static func keyPath(forServer url: String) -> String {
        NSTemporaryDirectory() + "payments-core-test-keys/" + String(url.filter { $0.isLetter || $0.isNumber }.suffix(120)) + "/vault.key"
    }

    private let logBox: LogBox
    var log: [String] { logBox.lines }

    /// Lets the loop run: fires everything due now (results are delivered on the loop).
    func settle(advancing duration: Duration = .zero) {
        timers.advance(clock, by: duration)
    }

    static let now = ManualClock.defaultStart

    func card(_ number: String = "4242 4242 4242 4242", expiry: String = "12/30", cvc: String? = nil, holder: String = "Ada Lovelace") throws -> Card {
        let parsed = try CardNumber(number)
        let code = cvc ?? (parsed.brand == .amex ? "1234" : "123")
        return try Card.validate(number: number, expiry: expiry, cvc: code, holder: holder, now: clock.now)
    }

    func token(_ number: String = "4242424242424242") throws -> CardToken {
        try core.vault.tokenize(try card(number))
    }

    func customer(_ email: String = "ada@example.com") throws -> Customer {
        try core.customers.signUp(email: email, password: "honey2026")
    }

    /// Starts a charge and returns what its completion received after the loop ran `wait`.
    /// nil: the completion has not run (yet).
    func charge(_ request: ChargeRequest, wait: Duration = .seconds(1)) -> Result<Charge, ChargeError>? {
        var received: [Result<Charge, ChargeError>] = []
        core.charges.create(request) { received.append($0) }
        settle(advancing: wait)
        if received.count > 1 { Issue.record("a completion ran \(received.count) times") }
        return received.first
    }

    func confirm(_ chargeID: String, code: String) -> Result<Charge, ChargeError>? {
        var received: [Result<Charge, ChargeError>] = []
        core.charges.confirmChallenge(chargeID, code: code) { received.append($0) }
        settle(advancing: .seconds(1))
        if received.count > 1 { Issue.record("a completion ran \(received.count) times") }
        return received.first
    }

    func request(_ source: ChargeRequest.Source, customer: String? = nil, key: String = "key-1", capture: Bool = true) -> ChargeRequest {
        request(1250, source, customer: customer, key: key, capture: capture)
    }

    func request(_ amount: Int64, _ source: ChargeRequest.Source, customer: String? = nil, key: String = "key-1",
                 capture: Bool = true, description: String = "2 jars of acacia honey") -> ChargeRequest {
        ChargeRequest(amount: Money(minorUnits: amount, currency: .eur), source: source, customerID: customer,
                      description: description, metadata: ["order": "ord_1"], capture: capture, idempotencyKey: key)
    }
}

extension Harness {
    /// The harness on `backend`: SQLite in memory, as the suites always ran, or a schema of its
    /// own on the throwaway PostgreSQL server (skipped, and said so, where it cannot run).
    convenience init(_ backend: StorageBackend, latency: Duration = .zero, clock: ManualClock = ManualClock()) throws {
        try self.init(database: backend == .sqlite ? .inMemory : try backend.freshStore().database, latency: latency, clock: clock)
    }
}

final class LogBox { var lines: [String] = [] }

extension Result {
    var value: Success? { if case let .success(v) = self { return v } else { return nil } }
    var error: Failure? { if case let .failure(e) = self { return e } else { return nil } }
}

/// A fresh temporary directory for database files.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "payments-core-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

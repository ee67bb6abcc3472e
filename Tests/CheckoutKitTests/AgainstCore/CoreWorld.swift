@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// The controllers on a real core: an in-memory database, a manual clock and its timers. Time
/// moves only when a test advances it, so the acquirer's latency and every poll are explicit.
final class CoreWorld {
    static let visa = "4242424242424242"
    static let challengeAlways = "4000002760003184"
    static let neverAnswers = "4000000000000259"
    static let amex = "378282246310005"
    static let pin = "2468"

    let clock = ManualClock()
    let timers: TimerQueue
    let services: CheckoutServices
    var core: PaymentsServices { services.core }
    /// The vault key's file of a world on the server (one in memory needs none), gone with it.
    private let keyFile: String?

    /// The controllers on `engine`: SQLite in memory, or a schema of their own on the server.
    init(_ engine: ControllerEngine) throws {
        timers = TimerQueue(clock: clock)
        var options = PaymentsServices.Options()
        options.passwordIterations = 1_000
        options.acquirerLatency = .milliseconds(300)
        let location = try engine.location()
        if case .server = location {
            let keyFile = FileManager.default.temporaryDirectory.path + "/controllers-\(UUID().uuidString).key"
            options.vaultKey = VaultKeyLocation(path: keyFile, origin: .flag)
            self.keyFile = keyFile
        } else {
            keyFile = nil
        }
        // Opened with the shop's tables, as the counter opens its storage: on a server they are
        // mirrored in the same migration, not in a second one when the commerce starts.
        let core = try PaymentsServices(database: location, clock: clock, scheduler: timers, ids: SequentialIDGenerator(), options: options,
                                        migrations: CommerceMigrations.register)
        services = try CheckoutServices(core: core)
    }

    deinit {
        if let keyFile { try? FileManager.default.removeItem(atPath: keyFile) }
    }

    /// Lets the loop run: timers fire as the clock passes them.
    func advance(_ duration: Duration = .seconds(1)) {
        timers.advance(clock, by: duration)
    }

    /// Starts something that answers through a completion, runs the loop, returns the answer.
    func settle<T>(after duration: Duration = .seconds(1), _ start: (@escaping (T) -> Void) -> Void) -> T? {
        var answer: T?
        start { answer = $0 }
        advance(duration)
        return answer
    }

    /// A card typed at the form, as a one-time token.
    func newCard(_ number: String = CoreWorld.visa, cvc: String = "123", expiry: String = "12/30") -> PaymentCard {
        try! services.cards.tokenize(number: number, expiry: expiry, cvc: cvc, holder: "Ada Lovelace")
    }

    @discardableResult
    func signUp(_ email: String = "ada@example.com", pin: Bool = false) -> Customer {
        let customer = try! services.account.signUp(email: email, password: "honey-2026")
        if pin { try! services.account.setPIN(CoreWorld.pin) }
        return customer
    }

    func stock(of productID: String) -> Int {
        (try! services.commerce.catalog.product(id: productID))!.stock ?? -1
    }

    /// A failed read is the test's failure: an empty list would let "none succeeded" pass.
    func charges(for customerID: String) -> [Charge] {
        do { return try core.charges.charges(for: customerID) } catch {
            Issue.record(error, "the charges of \(customerID) could not be read")
            return []
        }
    }
}

/// A checkout screen's 3-D Secure step: answers with `code` (nil = the shopper cancelled).
final class ChallengeScreen: AuthenticationPresenter {
    var code: String?
    private(set) var shown: [ThreeDSChallenge] = []

    init(code: String?) { self.code = code }

    func presentChallenge(_ challenge: ThreeDSChallenge, completion: @escaping (String?) -> Void) {
        shown.append(challenge)
        completion(code)
    }
}

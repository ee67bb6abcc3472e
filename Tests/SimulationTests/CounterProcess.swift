import Clocks
import Foundation
@_spi(Testing) import PaymentsCore

/// One run of the counter: everything that lives in memory and is lost in a crash (the core,
/// the commerce services, the timer queue with its pending answers, the challenges and wallet
/// codes on screen, its connection). Only the database (the file, or the server's schema) and
/// the vault key outlive it.
final class CounterProcess {
    let timers: TimerQueue
    let core: PaymentsServices
    let commerce: Commerce
    let injector = FaultInjector()
    /// Card payments go through the gateway that shows 3-D Secure to the shopper, as the app's
    /// store pays the core's orders (`commerce.orders.pay(..., through:)`): the orders' own
    /// gateway refuses such cards.
    let challengeGateway: AttendedChargeGateway
    /// Who is shown a challenge, by the order's first payment key (every attempt's key starts
    /// with it); the closure gets the challenged charge, and answers with the typed code, or nil
    /// when the shopper walks away.
    var challengePresenters: [String: (Charge, @escaping (String?) -> Void) -> Void] = [:]
    /// Things on screen waiting for the shopper; a step answers one of them.
    var openChallenges: [OpenPrompt] = []
    var openWallets: [OpenPrompt] = []

    var isAlive: Bool { !injector.isDead }

    init(location: DatabaseLocation, vaultKey: String, clock: ManualClock, ids: IDGenerator) throws {
        timers = TimerQueue(clock: clock)
        var options = PaymentsServices.Options()
        options.passwordIterations = 1_000
        options.acquirerLatency = .milliseconds(40)
        // Every counter of the shop under one key, as a fleet's are; never the user's own.
        options.vaultKey = VaultKeyLocation(path: vaultKey, origin: .flag)
        let scheduler = ProcessScheduler(timers: timers, isAlive: { [injector] in !injector.isDead })
        core = try PaymentsServices(database: location, clock: clock, scheduler: scheduler, ids: ids, options: options,
                                    migrations: CommerceMigrations.register)
        commerce = try Commerce(core: core)
        challengeGateway = AttendedChargeGateway(charges: core.charges, unattended: commerce.cardGateway)
        challengeGateway.presentChallenge = { [weak self] request, charge, answer in
            let key = request.idempotencyKey
            guard let presenters = self?.challengePresenters,
                  let present = presenters[key] ?? presenters.first(where: { key.hasPrefix($0.key + "-") })?.value else { return false }
            present(charge, answer)
            return true
        }
        // From now on every commit of this process goes past the injector.
        core.storage.gateCommits(through: injector)
    }

    /// Runs what is due now on the loop.
    func runDue() { _ = timers.fireDue() }

    /// The process is gone (killed, or the day is over).
    func close() {
        openChallenges = []
        openWallets = []
        commerce.instance.vanish()
        try? core.close()
        // A server's session ends with the process, as the server ends a killed counter's when its
        // socket closes. Not left to the connection's deinit: the timers' and prompts' closures
        // keep a dead process's objects alive, and each would hold one of the server's few
        // connections for the rest of the run.
        _ = try? core.storage.server?.connection.execute("SELECT pg_terminate_backend(pg_backend_pid())")
    }
}

/// A prompt a shopper sees (a 3-D Secure page, a wallet's payment code), and what answering it does.
struct OpenPrompt {
    let shopper: Shopper
    let openedAt: Date
    /// A card order's 3-D Secure challenge: its charge, which no counter may cancel while the
    /// prompt is on a live counter's screen and has not expired (`Invariants`).
    let challenged: Charge?
    let answer: (PromptAnswer) -> Void

    init(shopper: Shopper, openedAt: Date, challenged: Charge? = nil, answer: @escaping (PromptAnswer) -> Void) {
        self.shopper = shopper
        self.openedAt = openedAt
        self.challenged = challenged
        self.answer = answer
    }
}

enum PromptAnswer: String {
    /// The right one-time code; for a wallet, "confirm".
    case accept
    /// A wrong code; for a wallet, "decline".
    case refuse
    /// The shopper walks away (or the page times out).
    case abandon
}

/// The loop's timers as one process sees them: once the process is dead, nothing it scheduled
/// runs any more, as in a real crash. (Without this, a dead process whose every write fails could
/// retry on zero-delay timers for ever inside one step.)
final class ProcessScheduler: Scheduler {
    private let timers: TimerQueue
    private let isAlive: () -> Bool

    init(timers: TimerQueue, isAlive: @escaping () -> Bool) {
        self.timers = timers
        self.isAlive = isAlive
    }

    var clock: Clock { timers.clock }

    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerID {
        timers.schedule(after: delay) { [isAlive] in if isAlive() { action() } }
    }

    func cancel(_ id: TimerID) { timers.cancel(id) }
}

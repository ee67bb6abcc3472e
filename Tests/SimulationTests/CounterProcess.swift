import Clocks
import Foundation
import GRDB
@_spi(Testing) import PaymentsCore

/// One run of the counter: everything that lives in memory and is lost in a crash (the core,
/// the commerce services, the timer queue with its pending answers, the challenges and wallet
/// codes on screen). Only the database file and the vault key beside it outlive it.
final class CounterProcess {
    let timers: TimerQueue
    let core: PaymentsServices
    let commerce: Commerce
    let injector = FaultInjector()
    /// The store's orders, paid through a gateway that shows 3-D Secure to the shopper, as the
    /// app's store does (the core's own order gateway refuses such cards).
    let storeOrders: Orders
    let challengeGateway: AttendedChargeGateway
    /// Who is shown a challenge, by the order's first payment key (every attempt's key starts
    /// with it); the closure gets the typed code, or nil when the shopper walks away.
    var challengePresenters: [String: (@escaping (String?) -> Void) -> Void] = [:]
    /// Things on screen waiting for the shopper; a step answers one of them.
    var openChallenges: [OpenPrompt] = []
    var openWallets: [OpenPrompt] = []

    var isAlive: Bool { !injector.isDead }

    init(path: String, clock: ManualClock, ids: IDGenerator) throws {
        timers = TimerQueue(clock: clock)
        var options = PaymentsServices.Options()
        options.passwordIterations = 1_000
        options.acquirerLatency = .milliseconds(40)
        let scheduler = ProcessScheduler(timers: timers, isAlive: { [injector] in !injector.isDead })
        core = try PaymentsServices(database: .file(path), clock: clock, scheduler: scheduler, ids: ids, options: options,
                                migrations: CommerceMigrations.register)
        commerce = try Commerce(core: core)
        challengeGateway = AttendedChargeGateway(charges: core.charges, unattended: commerce.cardGateway)
        storeOrders = Orders(database: core.database, carts: commerce.carts, charges: challengeGateway, ids: core.ids,
                             scheduler: core.scheduler, events: CoreEventRecorder(clock: clock))
        challengeGateway.presentChallenge = { [weak self] request, _, answer in
            let key = request.idempotencyKey
            guard let presenters = self?.challengePresenters,
                  let present = presenters[key] ?? presenters.first(where: { key.hasPrefix($0.key + "-") })?.value else { return false }
            present(answer)
            return true
        }
        // From now on every commit of this process goes past the injector.
        core.database.queue.inDatabase { db in db.add(transactionObserver: injector, extent: .databaseLifetime) }
    }

    /// Runs what is due now on the loop.
    func runDue() { _ = timers.fireDue() }

    func close() {
        openChallenges = []
        openWallets = []
        commerce.instance.vanish()
        try? core.close()
    }
}

/// A prompt a shopper sees (a 3-D Secure page, a wallet's payment code), and what answering it does.
struct OpenPrompt {
    let shopper: Shopper
    let openedAt: Date
    let answer: (PromptAnswer) -> Void
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

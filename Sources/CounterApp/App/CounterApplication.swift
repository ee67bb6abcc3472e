import CheckoutKit
import Clocks
import Foundation
import Localization
import TerminalUI

/// The counter as the loop sees it: events in, frames out.
///
/// The payments core needs the loop's clock and timers (the acquirer's latency, renewals), which
/// the loop hands over in `start`: so the app takes a factory and opens the services there.
public final class CounterApplication: Application {
    /// Opens the controllers on the loop's clock and timers.
    public typealias ServicesFactory = (Clock, TimerQueue) throws -> CheckoutServices

    private let store: Store<AppFeature.State, AppFeature.Action, AppEnvironment>
    private var size = Size(columns: 80, rows: 24)
    private let makeServices: ServicesFactory?
    public private(set) var services: CheckoutServices?

    /// Shows the test-only controls (`DemoMode`); false for a real shop (`--no-demo`).
    public let isDemo: Bool

    public init(isKiosk: Bool = false, notice: String? = nil, demo: Bool = true, makeServices: ServicesFactory? = nil) {
        self.makeServices = makeServices
        isDemo = demo
        // The effects' environment is unavailable until `start` opens the core.
        store = Store(initialState: AppFeature.State(isKiosk: isKiosk, notice: notice), environment: AppEnvironment(),
                      reducer: AppFeature.reduce)
        store.environment.openOperator = { [weak self] in self?.openOperator?() }
    }

    public var state: AppFeature.State { store.state }
    /// The shell's receipt printer, for the back office's reprints (a copy); nil: none.
    public var printReceipt: ((_ orderNumber: String) -> Result<String, ReceiptPrinter.Failure>)?
    /// The shell's operator PIN prompt, for the home's "Operator" line; nil: no shell to ask.
    public var openOperator: (() -> Void)?
    /// The shell's receipt printer, for the back office's own printouts (see `BackOfficeClient.print`).
    public var printDocument: ((_ document: ReceiptDocument, _ once: String?) -> Result<String, ReceiptPrinter.Failure>?)?
    /// The shell's operator PIN check, for closing a till whose difference is above the limit.
    public var verifyOperatorPIN: ((_ pin: String) -> Bool)?
    /// The PBKDF2 rounds the staff's PINs are checked with (fewer only for tapes and tests).
    public var staffIterations = PasswordHasher.productionIterations
    /// The loop's clock, and when the last key came: a staffed counter locks after the shop's idle time.
    private var clock: Clock?
    private var lastInput: Date?
    /// The Z reports whose printout waits for the shell's printer.
    public var waitingReports: (() -> [DayReport])?
    /// Seed 002's callbacks as the auction screens saw them (for tests).
    public var auctionCallbacks: AuctionCallbackLog { store.environment.auctions.log }

    public func start(_ context: LoopContext) {
        guard let makeServices else { return }
        do {
            let services = try makeServices(context.clock, context.timers)
            self.services = services
            // What the counter left open when it last stopped is settled before anyone shops.
            _ = try? services.reconcileAfterRestart()
            var client = StoreClient.live(services: services, timers: context.timers)
            // Headless (tapes) the bank's fallback country is fixed, so tapes replay anywhere.
            client.payments = .live(services: services, localeCountry: context.isHeadless ? "GB" : BankClient.localeCountry())
            let staff = StaffClient.live(services: services, iterations: staffIterations,
                                         verifyOperatorPIN: { [weak self] pin in self?.verifyOperatorPIN?(pin) ?? false })
            // A discount above the cashier's ceiling: a manager's PIN there and then, by the one
            // rule every approval follows (the operator PIN only while the shop has no manager).
            client.approve = staff.approve
            let backOffice = BackOfficeClient.live(services: services, approve: staff.approve, reprint: { [weak self] number in
                self?.printReceipt?(number) ?? .failure(.notConfigured)
            }, print: { [weak self] document, once in
                guard let print = self?.printDocument else { return .failure(.notConfigured) }
                return print(document, once)
            }, waitingReports: { [weak self] in self?.waitingReports?() ?? [] })
            store.environment = AppEnvironment(store: client, auctions: AuctionEnvironment(services: services, store: client),
                                               backOffice: backOffice)
            store.environment.openOperator = { [weak self] in self?.openOperator?() }
            store.environment.staff = staff
            store.environment.till = TillClient.live(services: services, verifyPIN: { [weak self] pin in self?.verifyOperatorPIN?(pin) ?? false },
                                                     approve: staff.approve,
                                                     print: { [weak self] document, once in
                guard let print = self?.printDocument else { return .failure(.notConfigured) }
                return print(document, once)
            })
            store.environment.catalogue = .live(services.catalogue)
            startSettler(services, timers: context.timers)
            clock = context.clock
            store.send(.staff(.checkStaff))
            if store.state.staff.hasStaff, !store.state.isKiosk, services.shop.staffLockAfterSeconds > 0 {
                lastInput = context.clock.now
                watchIdle(after: .seconds(services.shop.staffLockAfterSeconds), timers: context.timers)
            }
            if services.fleet.descriptor != nil { watchServer(services.fleet, timers: context.timers) }
        } catch {
            // A counter without its store would take shoppers' time for nothing: it stops, and
            // the launcher says why once the terminal is given back.
            startFailure = error
        }
    }

    /// Why the services could not be opened; the counter then ends with `startFailureStatus`.
    public private(set) var startFailure: (any Error)?
    /// Apart from 1 (a terminal that cannot draw): the store's storage could not be opened.
    public static let startFailureStatus: Int32 = 3

    /// The settler on the loop (see `SettlerLoop`); each pass tells the screens, which may be
    /// waiting on an order it settled.
    private func startSettler(_ services: CheckoutServices, timers: TimerQueue) {
        services.settlerLoop.start { [weak self] in self?.store.send(.dueWorkRan) }
    }

    public func handle(_ event: InputEvent) {
        if case let .resize(newSize) = event { size = newSize; return }
        lastInput = clock?.now
        // A key is mapped as the screen shows it: a test-only key does nothing where it is not shown.
        DemoMode.$showsTestControls.withValue(isDemo) { map(event) }
        // What the key did may have found the server gone (a payment refused before it began).
        if let fleet = services?.fleet { showServerReach(fleet) }
    }

    // MARK: The fleet: other counters' changes, and the shared server's reach

    /// The server's socket, while it is there: the loop wakes when another counter announces a change.
    public var wakeDescriptors: [Int32] {
        guard let fleet = services?.fleet, !fleet.isServerAway, let socket = fleet.descriptor else { return [] }
        return [socket]
    }

    public func descriptorReadable(_ descriptor: Int32) {
        guard let fleet = services?.fleet else { return }
        let news = fleet.news()
        if !news.isEmpty { store.send(.fleetNews(news)) }
        showServerReach(fleet)
    }

    /// Once a second on the loop's timers: the one serving is signed out once `lockAfter` passed
    /// with no key (the counter then asks who is serving).
    private func watchIdle(after lockAfter: Duration, timers: TimerQueue) {
        _ = timers.schedule(after: .seconds(1)) { [weak self] in
            guard let self, let lastInput = self.lastInput else { return }
            if self.store.state.staff.serving != nil, timers.clock.now.timeIntervalSince(lastInput) >= Double(lockAfter.components.seconds) {
                self.store.send(.staff(.lock))
            }
            self.watchIdle(after: lockAfter, timers: timers)
        }
    }

    /// How soon a counter whose server went away tries it again, and how long it waits at most
    /// between tries. Each try that fails doubles the wait: a server that does not answer at
    /// all (a host cut off, not a refused connection) holds the loop for libpq's connect
    /// timeout, and the screen should not stall every two seconds while a shopper waits.
    static let serverCheckInterval: Duration = .seconds(2)
    static let longestServerCheckInterval: Duration = .seconds(30)

    private func watchServer(_ fleet: FleetWatch, timers: TimerQueue, after delay: Duration = serverCheckInterval) {
        _ = timers.schedule(after: delay) { [weak self] in
            guard let self else { return }
            var next = Self.serverCheckInterval
            if fleet.isServerAway {
                if fleet.checkServer() {
                    // Back: what the others changed meanwhile was not heard (`everything`).
                    let news = fleet.news()
                    if !news.isEmpty { store.send(.fleetNews(news)) }
                } else {
                    next = min(delay * 2, Self.longestServerCheckInterval)
                }
            }
            showServerReach(fleet)
            watchServer(fleet, timers: timers, after: next)
        }
    }

    private func showServerReach(_ fleet: FleetWatch) {
        if fleet.isServerAway != store.state.session.isServerAway { store.send(.serverReach(away: fleet.isServerAway)) }
    }

    private func map(_ event: InputEvent) {
        // The last scan's line stays until the next key, which then does what it does.
        if case .key = event, store.state.session.scan != nil { store.send(.scan(.dismissed)) }
        if let action = AppFeature.action(for: event, in: store.state, size: size) {
            store.send(action)
        } else if case let .paste(text) = event, AppFeature.hasTextFocus(store.state.top) {
            // A field that takes no paste whole takes it as typed characters; a screen with no
            // field in focus takes nothing (a pasted `q` must not quit).
            for character in text { map(.key(.character(character))) }
        }
    }

    public func draw(into frame: inout Frame) {
        size = frame.size
        DemoMode.$showsTestControls.withValue(isDemo) { AppFeature.draw(store.state, into: &frame) }
    }

    /// A scanner's burst is a scan on the sale's screens of a staffed counter (`AppFeature.takesScans`).
    public var takesScans: Bool { AppFeature.takesScans(store.state) }

    public var exitStatus: Int32? { startFailure != nil ? Self.startFailureStatus : store.state.exitStatus }

    public var title: String? { AppFeature.windowTitle(store.state) }

    /// The manager whose PIN this is (the operator PIN's stand-in while the shop has no
    /// manager); nil for any other PIN. For the kiosk's operator menu.
    public func manager(pin: String) -> StaffMember? {
        let staff = store.environment.staff
        guard let approver = staff.approve(.manageStaff, pin) else { return nil }
        if approver == StaffPerson.operatorPIN { return .operatorPIN }
        return try? staff.signIn(pin).get()
    }

    /// For a shell around the counter (the kiosk): an action as if a screen had sent it.
    public func send(_ action: AppFeature.Action) {
        store.send(action)
    }
}

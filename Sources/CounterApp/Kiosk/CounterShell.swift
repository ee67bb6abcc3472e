import Clocks
import Foundation
import TerminalUI

/// The counter inside its shell: F2 cycles themes at a staffed counter; at a kiosk the shell adds
/// the idle reset, the receipt's way home, the attract loop, the locked exit and the operator's
/// menu (where the theme is changed: a shopper's F2 does nothing).
///
/// The shell runs `KioskFeature` in a store of its own beside the counter's: it sees each event
/// first (a kiosk dialog or the demo takes it; the rest go to the counter), and asks the counter
/// for changes through `AppFeature.Action.kiosk`, never by editing its screens.
public final class CounterShell: Application {
    public let counter: CounterApplication
    private var store: Store<KioskFeature.State, KioskFeature.Action, KioskFeature.Environment>!
    private var themes: ThemeCycle
    private let operatorPIN: OperatorPIN?
    private let printer: ReceiptPrinter?
    /// Opened at start, when there is a printer: the ledger needs the counter's core.
    private var receipts: ReceiptDesk?
    private let report: (ReceiptReport) -> Void
    private let demoTapes: [Tape]
    private var context: LoopContext?
    private var demo: DemoPlayer?
    private var size = Size(columns: 80, rows: 24)

    public init(counter: CounterApplication, configuration: KioskFeature.Configuration, themes: ThemeCycle,
                operatorPIN: OperatorPIN? = nil, printer: ReceiptPrinter? = nil, demoTapes: [Tape] = [],
                report: @escaping (ReceiptReport) -> Void = { _ in }) {
        self.counter = counter
        self.themes = themes
        self.operatorPIN = operatorPIN
        self.printer = printer
        self.demoTapes = demoTapes
        self.report = report
        let initial = KioskFeature.State(configuration: configuration, themeName: themes.current.name, now: Date(timeIntervalSince1970: 0))
        var environment = KioskFeature.Environment()
        environment.standDown = { [weak self] in self?.counter.standDown() ?? true }
        environment.resetCounter = { [weak self] in self?.counter.send(.kiosk(.resetSession)) }
        environment.nextTheme = { [weak self] in self?.nextTheme() ?? "" }
        environment.verifyPIN = { [weak self] pin in self?.verifyOperator(pin) ?? false }
        environment.owedReceipts = { [weak self] in self?.receipts?.owed() ?? [] }
        environment.printReceipt = { [weak self] order, copy in
            guard let receipts = self?.receipts else { return .failure(self?.deskMissing ?? .notConfigured) }
            return receipts.print(order, copy: copy)
        }
        environment.lastReceipt = { [weak self] in self?.receipts?.lastPrinted() }
        environment.report = { [weak self] event in self?.report(event) }
        environment.paper = { [weak self] in self?.printer?.paper() }
        environment.printWaitingReports = { [weak self] in self?.receipts?.printWaitingReports() ?? (0, nil) }
        environment.printOwedDocuments = { [weak self] in self?.receipts?.printOwedDocuments() ?? (0, nil) }
        environment.owedDocumentCount = { [weak self] in self?.receipts?.owedDocumentCount() ?? 0 }
        environment.openBackOffice = { [weak self] in self?.counter.send(.kiosk(.openBackOffice)) }
        environment.startDemo = { [weak self] in self?.startDemo() ?? false }
        environment.stopDemo = { [weak self] in self?.demo?.stop(); self?.demo = nil }
        store = Store(initialState: initial, environment: environment, reducer: KioskFeature.reduce)
    }

    public var state: KioskFeature.State { store.state }

    public func start(_ context: LoopContext) {
        self.context = context
        counter.start(context)
        // Before the first payment: this counter prints, so every order it is paid for owes a
        // receipt, and what an earlier run left owed is printed on the first tick.
        if let printer, let services = counter.services {
            do {
                let backOffice = services.backOffice()
                receipts = try ReceiptDesk(printer: printer, ledger: services.receiptBook(), owedReceipt: backOffice.receipt(for:))
            } catch {
                report(.unavailable(reason: "the receipt ledger cannot be opened: \(error)"))
            }
        }
        counter.openOperator = { [weak self] in self?.openOperator() }
        counter.printReceipt = { [weak self] number in
            guard let receipts = self?.receipts else { return .failure(self?.deskMissing ?? .notConfigured) }
            return receipts.print(number, copy: true)
        }
        counter.printDocument = { [weak self] document, once in
            guard let receipts = self?.receipts else { return .failure(self?.deskMissing ?? .notConfigured) }
            return receipts.print(document, once: once)
        }
        counter.waitingReports = { [weak self] in self?.receipts?.waitingReports() ?? [] }
        counter.verifyOperatorPIN = { [weak self] pin in self?.operatorPIN?.verify(pin) ?? false }
        store.send(.started(context.clock.now))
        if let printer {
            let paper = printer.paper()
            if let problem = printer.check() ?? (paper == .out ? .outOfPaper(printer.path) : nil) {
                store.send(.printerUnavailable(problem))
                report(.unavailable(reason: problem.description))
            }
            store.send(.paperChecked(paper))
        }
        // A staffed counter ticks only for its printer's owed receipts (the rest is the kiosk's).
        guard store.state.configuration.isKiosk || printer != nil else { return }
        scheduleTick(context.timers)
    }

    /// Once a second, on the loop's timers: the kiosk's deadlines are compared on ticks.
    private func scheduleTick(_ timers: TimerQueue) {
        timers.schedule(after: .seconds(1)) { [weak self] in
            guard let self, self.exitStatus == nil else { return }
            self.store.send(.tick(timers.clock.now, self.counter.state.kioskSnapshot))
            self.scheduleTick(timers)
        }
    }

    public func handle(_ event: InputEvent) {
        if case let .resize(newSize) = event {
            size = newSize
            counter.handle(event)
            demo?.size = newSize
            demo?.counter?.handle(event)
            return
        }
        if let action = KioskFeature.action(for: event, in: store.state) {
            if action == .openOperator { openOperator() } else { store.send(action) }
            return
        }
        store.send(.activity(context?.clock.now ?? store.state.now))
        counter.handle(event)
    }

    public func draw(into frame: inout Frame) {
        size = frame.size
        if store.state.isAttracting, let demoCounter = demo?.counter {
            demoCounter.draw(into: &frame)
        } else {
            counter.draw(into: &frame)
        }
        KioskFeature.draw(store.state, into: &frame)
    }

    public var exitStatus: Int32? { store.state.exitStatus ?? counter.exitStatus }

    /// The counter's, while the shell shows it and asks nothing over it (never during the attract
    /// loop's demo, nor while the operator's PIN or menu has the keys).
    public var takesScans: Bool { !store.state.isAttracting && store.state.overlay == nil && counter.takesScans }

    /// The counter's own title, also while the demo plays (the window is still the counter).
    public var title: String? { counter.title }

    /// The fleet's server socket is the counter's: the shell has nothing of its own to hear.
    public var wakeDescriptors: [Int32] { counter.wakeDescriptors }
    public func descriptorReadable(_ descriptor: Int32) { counter.descriptorReadable(descriptor) }

    /// The PIN file is read each time: a PIN set while the counter runs (as the notice says
    /// how) is asked for at once, without a restart.
    private func openOperator() {
        // A staffed counter with staff: the back office is the signed-in person's (nobody's
        // while the counter asks who is serving), never behind the shared PIN (issue 36).
        if !store.state.configuration.isKiosk, counter.state.staff.hasStaff {
            if counter.state.staff.serving != nil { counter.send(.kiosk(.openBackOffice)) }
            return
        }
        store.send(.operatorPINIsSet((operatorPIN?.isSet ?? false) || counter.state.staff.hasStaff, managers: counter.state.staff.hasStaff))
        store.send(.openOperator)
    }

    /// The operator menu's PIN: once the shop has staff, a manager's own (the operator PIN
    /// only while it has no manager), and that manager serves the back office it opens.
    private func verifyOperator(_ pin: String) -> Bool {
        guard counter.state.staff.hasStaff else { return operatorPIN?.verify(pin) ?? false }
        guard let manager = counter.manager(pin: pin) else { return false }
        counter.send(.staff(.operatorOpened(manager)))
        return true
    }

    /// Why nothing can be printed while there is no receipt desk: no printer was given, or its
    /// ledger could not be opened.
    private var deskMissing: ReceiptPrinter.Failure {
        printer.map { .cannotWrite($0.path) } ?? .notConfigured
    }

    private func nextTheme() -> String {
        let theme = themes.next()
        context?.applyTheme?(theme)
        return theme.name
    }

    private func startDemo() -> Bool {
        guard let context, !demoTapes.isEmpty else { return false }
        let player = DemoPlayer(tapes: demoTapes, context: context)
        demo = player
        player.start(size: size)
        return true
    }
}

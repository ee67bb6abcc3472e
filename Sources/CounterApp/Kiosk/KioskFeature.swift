import Foundation
import Localization
import TerminalUI

/// The shell around the counter: theme switching (F2, outside a kiosk) and, at a kiosk, the idle
/// reset, the receipt's way home, the attract loop and the operator's menu.
///
/// Time comes in as a `tick` once a second on the loop's timers (so a tape's `Sleep` drives it),
/// carrying the loop's time and a snapshot of the counter; the reducer compares deadlines. No
/// timer is ever cancelled, so none can be forgotten.
///
/// The kiosk's one idle rule: on every screen and in every dialog, `idleTimeout` without a key
/// asks "Are you still there?", and nobody answering starts over. Starting over is the shopper's
/// own way out, Esc after Esc (`CounterApplication.standDown`), so whatever Esc cancels is
/// cancelled and whatever Esc waits for (a charge the bank is answering) is waited for; the
/// screen is covered meanwhile. Then the session is forgotten (`KioskRequest.resetSession`).
public enum KioskFeature {
    public struct Configuration: Equatable, Sendable {
        /// False: the plain counter with F2 themes, nothing else of the kiosk.
        public var isKiosk: Bool
        /// Without input this long, on any screen, "Are you still there?".
        public var idleTimeout: Duration = .seconds(90)
        /// How long "Are you still there?" counts down before the reset.
        public var countdown: Duration = .seconds(10)
        /// A receipt stays this long, then the counter starts over by itself.
        public var receiptTimeout: Duration = .seconds(30)
        /// Resting at home this long starts the demo; nil: no attract loop.
        public var attractAfter: Duration? = .seconds(60)
        /// How long starting over waits for the counter to come home the shopper's way (a charge
        /// the bank has not answered yet turns into "checking" after 30 s, which Esc leaves).
        /// Past it the session is forgotten anyway: what is still open is the settler's.
        public var resetPatience: Duration = .seconds(120)
        /// False: no operator PIN was ever set, so F10 (or "Operator") says how to set one
        /// instead of asking for a PIN nothing can pass.
        public var hasOperatorPIN = true
        /// True once the shop has staff: the menu opens for a manager's own PIN (the shared
        /// operator PIN only while no manager exists), and the prompt says so.
        public var asksManagersPIN = false

        public init(isKiosk: Bool, idleTimeout: Duration = .seconds(90), attractAfter: Duration? = .seconds(60)) {
            self.isKiosk = isKiosk
            self.idleTimeout = idleTimeout
            self.attractAfter = attractAfter
        }
    }

    public enum Overlay: Equatable, Sendable {
        /// "Are you still there?" until `deadline`.
        case stillThere(deadline: Date)
        /// Going back to a fresh home, since `since`: the screen is covered, keys wait.
        case startingOver(since: Date)
        /// The operator's PIN, masked.
        case operatorPIN(entry: String, message: OperatorMessage?)
        case operatorMenu(selection: Int, message: OperatorMessage?)
        /// The operator types the number of the order whose receipt to print again.
        case operatorReprint(digits: String, message: OperatorMessage?)
    }

    public struct State: Equatable, Sendable {
        public var configuration: Configuration
        public var overlay: Overlay?
        /// The loop's time at the last tick or event.
        public var now: Date
        public var lastInput: Date
        public var themeName: String
        /// Shown on the second row until the next key or the next shopper: the theme picked, a
        /// printer problem, the operator's lockout.
        public var notice: Notice?
        /// A demo tape is playing on screen.
        public var isAttracting = false
        /// When the receipt now on screen appeared, and its order number.
        public var receiptShownAt: Date?
        public var receiptOrder: String?
        /// When the shopper now at the counter came (the last start over): their orders are
        /// those placed since, whose printing the screen tells them about.
        public var sessionStartedAt: Date
        /// Orders whose receipt this counter has sent to the printer by itself (never twice).
        public var printedOrders: [String] = []
        /// Owed receipts the printer could not take: they wait for the operator (or the next start).
        public var waitingReceipts: [String] = []
        /// Refunds' and voids' receipts the printer could not take (the ledger keeps them owed):
        /// counted with the waiting receipts on the operator's menu.
        public var waitingDocuments = 0
        /// What is wrong with the printer, since its last failure and until it prints again.
        public var printerProblem: ReceiptPrinter.Failure?
        /// What the printer last said of its paper (nil: it cannot say, or was not asked yet).
        public var printerPaper: ReceiptPrinter.Paper?
        public var exitStatus: Int32?
        /// Wrong operator PINs in a row; at `maxPINAttempts` the prompt closes and F10 waits.
        public var wrongPINs = 0
        /// F10 does nothing before this (after too many wrong PINs).
        public var operatorLockedUntil: Date?

        public init(configuration: Configuration, themeName: String, now: Date) {
            self.configuration = configuration
            self.themeName = themeName
            self.now = now
            self.lastInput = now
            self.sessionStartedAt = now
        }
    }

    public enum Action: Equatable, Sendable {
        case tick(Date, CounterSnapshot)
        /// The shell started, at this time on the loop's clock.
        case started(Date)
        /// A key or click reached the counter: the shopper is there.
        case activity(Date)
        case cycleTheme
        case themeApplied(String)
        case openOperator
        /// Whether an operator PIN is set now, read by the shell just before `openOperator`.
        case operatorPINIsSet(Bool, managers: Bool = false)
        case operatorKey(Key)
        case pinChecked(Bool)
        case stillThereAnswered
        case stopAttract
        /// One round of going back the shopper's way; true when the counter is home at rest.
        case stoodDown(atRest: Bool)
        /// Found at start: the printer cannot be written; the operator's menu says so.
        case printerUnavailable(ReceiptPrinter.Failure)
        /// The refunds' and voids' receipts the printer still owes, counted after it failed.
        case documentsWaiting(Int)
        /// What the printer said of its paper when asked (after a receipt, when the operator comes).
        case paperChecked(ReceiptPrinter.Paper?)
        /// The ledger's owed receipts, read on a tick.
        case receiptsOwed([OwedReceipt])
        /// A receipt printed by itself (not an operator's copy); `forShopper`: the order of the
        /// shopper at the counter now, who is told.
        case printed(order: String, forShopper: Bool, Result<String, ReceiptPrinter.Failure>)
        /// An operator's copy of a receipt, as the printer took it (asked from the menu line `from`).
        case reprinted(order: String, from: OperatorChoice, Result<String, ReceiptPrinter.Failure>)
        /// The order whose receipt was printed last (nil: none yet), for "Print last receipt".
        case lastReceiptFound(String?)
        /// The theme the operator's menu moved to.
        case themeChangedFromMenu(String)
        /// "Print waiting receipts" done: which were owed, which printed, and why it stopped.
        /// `reports`: Z reports that were waiting for the printer and came out with them.
        /// `documents`: refunds' and voids' receipts that came out with them.
        case waitingReceiptsPrinted(owed: [String], printed: [String], failure: ReceiptPrinter.Failure?, reports: Int = 0, documents: Int = 0,
                                    documentsLeft: Int = 0)
    }

    /// What the reducer asks of the world; closures so a test can stand in for each.
    public struct Environment {
        /// Esc after Esc on the counter, as far as it goes now; answers whether it is home at rest.
        public var standDown: () -> Bool = { true }
        /// Forgets the session: cart emptied, shopper logged out, a fresh home.
        public var resetCounter: () -> Void = {}
        /// Moves to the next theme (and repaints the terminal); answers its name.
        public var nextTheme: () -> String = { "" }
        public var verifyPIN: (String) -> Bool = { _ in false }
        /// The receipts owed by this counter's printer (none without one).
        public var owedReceipts: () -> [OwedReceipt] = { [] }
        /// Prints a paid order's receipt (a `copy` for the operator's reprints).
        public var printReceipt: (_ orderNumber: String, _ copy: Bool) -> Result<String, ReceiptPrinter.Failure> = { _, _ in .failure(.notConfigured) }
        /// The order whose receipt was printed last, also before a restart.
        public var lastReceipt: () -> String? = { nil }
        /// Tells the operator (their log) what the printer did.
        public var report: (ReceiptReport) -> Void = { _ in }
        /// Asks the printer about its paper (nil: no printer, or it cannot say).
        public var paper: () -> ReceiptPrinter.Paper? = { nil }
        /// Prints the Z reports that wait for the printer, each once; how many came out, and why
        /// it stopped.
        public var printWaitingReports: () -> (printed: Int, failure: ReceiptPrinter.Failure?) = { (0, nil) }
        /// Prints the refunds' and voids' receipts the back office did not (settled later).
        public var printOwedDocuments: () -> (printed: Int, failure: ReceiptPrinter.Failure?) = { (0, nil) }
        /// How many refunds' and voids' receipts the printer still owes.
        public var owedDocumentCount: () -> Int = { 0 }
        /// Opens the back office on the counter (the PIN was just given).
        public var openBackOffice: () -> Void = {}
        public var startDemo: () -> Bool = { false }
        public var stopDemo: () -> Void = {}
        public init() {}
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, Environment> {
        switch action {
        case let .tick(now, counter):
            state.now = now
            return tick(&state, counter)
        case let .started(now):
            state.now = now
            state.lastInput = now
            state.sessionStartedAt = now
            // Z reports the printer could not take before the stop come out now, as owed
            // receipts do on the first tick; one that fails again waits for the operator.
            return .run { environment, send in
                let (printed, failure) = environment.printWaitingReports()
                if printed > 0 { environment.report(.reportsPrinted(count: printed)) }
                if let failure, failure != .notConfigured {
                    environment.report(.reportsNotPrinted(reason: failure.description))
                    send(.printerUnavailable(failure))
                }
            }
        case let .activity(now):
            state.now = now
            state.lastInput = now
            state.notice = nil
            return .none
        case .cycleTheme:
            return .run { environment, send in send(.themeApplied(environment.nextTheme())) }
        case let .themeApplied(name):
            state.themeName = name
            state.notice = .theme(name: name)
            return .none
        case .openOperator, .operatorKey, .pinChecked, .reprinted, .lastReceiptFound, .themeChangedFromMenu, .waitingReceiptsPrinted:
            return reduceOperator(&state, action)
        case .stillThereAnswered:
            state.overlay = nil
            state.lastInput = state.now
            return .none
        case .stopAttract:
            state.isAttracting = false
            state.lastInput = state.now
            state.sessionStartedAt = state.now
            return .run { environment, _ in
                environment.stopDemo()
                environment.resetCounter()
            }
        case let .stoodDown(atRest):
            guard case let .startingOver(since) = state.overlay else { return .none }
            let patience = state.configuration.resetPatience.timeInterval
            guard atRest || state.now.timeIntervalSince(since) >= patience else { return .none }
            // Home the shopper's way (or, past patience, what is left open is the settler's).
            state.overlay = nil
            state.lastInput = state.now
            state.notice = nil
            state.receiptShownAt = nil
            state.sessionStartedAt = state.now
            return .run { environment, _ in environment.resetCounter() }
        case let .operatorPINIsSet(isSet, managers):
            state.configuration.hasOperatorPIN = isSet
            state.configuration.asksManagersPIN = managers
            return .none
        case let .printerUnavailable(problem):
            state.printerProblem = problem
            return .none
        case let .documentsWaiting(count):
            state.waitingDocuments = count
            return .none
        case let .paperChecked(paper):
            let wasLow = state.printerPaper == .low
            state.printerPaper = paper
            // The operator's log hears of a low roll once, not after every receipt.
            return paper == .low && !wasLow ? .run { environment, _ in environment.report(.paperLow) } : .none
        case .receiptsOwed, .printed:
            return reduceReceipts(&state, action)
        }
    }

    private static func tick(_ state: inout State, _ counter: CounterSnapshot) -> Effect<Action, Environment> {
        // Whatever was paid at this counter (any way, by the settler too) owes its receipt.
        var effects: [Effect<Action, Environment>] = [.run { environment, send in
            let owed = environment.owedReceipts()
            if !owed.isEmpty { send(.receiptsOwed(owed)) }
        }]
        // A refund or void the settler finished owes its receipt too; a printer that failed is
        // not tried every second (the operator's "Print waiting receipts" does).
        if state.printerProblem == nil { effects.append(printOwedDocuments()) }
        // A new receipt on screen starts its way home.
        if let receipt = counter.freshReceipt {
            if state.receiptOrder != receipt.orderNumber {
                state.receiptOrder = receipt.orderNumber
                state.receiptShownAt = state.now
            }
        } else {
            state.receiptOrder = nil
            state.receiptShownAt = nil
        }
        guard state.configuration.isKiosk else { return merged(effects) }

        switch state.overlay {
        case .startingOver:
            // Again each second: a step Esc had to wait for (a charge being answered) may be over.
            effects.append(standDown())
            return merged(effects)
        case let .stillThere(deadline):
            if state.now >= deadline { effects.append(startOver(&state)) }
            return merged(effects)
        case .operatorPIN, .operatorMenu, .operatorReprint:
            // An operator who walked away leaves no open menu behind.
            if idle(state) >= state.configuration.idleTimeout { state.overlay = nil; state.lastInput = state.now }
            return merged(effects)
        case nil:
            break
        }
        if state.isAttracting { return merged(effects) }
        if let shownAt = state.receiptShownAt {
            // A receipt has its own way home (the shopper is done: nobody needs asking); the
            // idle countdown would only talk over it.
            if state.now.timeIntervalSince(shownAt) >= state.configuration.receiptTimeout.timeInterval {
                effects.append(startOver(&state))
            }
            return merged(effects)
        }
        if counter.isRestingAtHome {
            if let after = state.configuration.attractAfter, idle(state) >= after {
                state.isAttracting = true
                // The demo is nobody's: no notice of the last shopper's is shown over it.
                state.notice = nil
                effects.append(.run { environment, send in if !environment.startDemo() { send(.stopAttract) } })
            }
            return merged(effects)
        }
        // Every screen and dialog of every flow, a payment's included: nobody at the keys this
        // long is asked, and starting over waits for whatever cannot be left half-done.
        if idle(state) >= state.configuration.idleTimeout {
            state.overlay = .stillThere(deadline: state.now.addingTimeInterval(state.configuration.countdown.timeInterval))
        }
        return merged(effects)
    }

    /// Covers the screen and starts going back the shopper's way.
    private static func startOver(_ state: inout State) -> Effect<Action, Environment> {
        state.overlay = .startingOver(since: state.now)
        state.notice = nil
        state.receiptShownAt = nil
        return standDown()
    }

    private static func standDown() -> Effect<Action, Environment> {
        .run { environment, send in send(.stoodDown(atRest: environment.standDown())) }
    }

    private static func merged(_ effects: [Effect<Action, Environment>]) -> Effect<Action, Environment> {
        .merge(effects)
    }

    /// Asks the printer about its paper; only news comes back (a printer that cannot say, or
    /// says what it said before, changes nothing).
    static func askPaper(_ state: State) -> Effect<Action, Environment> {
        let known = state.printerPaper
        return .run { environment, send in
            let paper = environment.paper()
            if paper != known { send(.paperChecked(paper)) }
        }
    }

    static func idle(_ state: State) -> Duration {
        .seconds(state.now.timeIntervalSince(state.lastInput))
    }
}

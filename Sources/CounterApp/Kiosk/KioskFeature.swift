import Foundation
import Localization
import TerminalUI

/// The shell around the counter: theme switching (F2, everywhere) and, at a kiosk, the idle
/// reset, the receipt's way home, the attract loop and the operator's menu.
///
/// Time comes in as a `tick` once a second on the loop's timers (so a tape's `Sleep` drives it),
/// carrying the loop's time and a snapshot of the counter; the reducer compares deadlines. No
/// timer is ever cancelled, so none can be forgotten.
public enum KioskFeature {
    public struct Configuration: Equatable, Sendable {
        /// False: the plain counter with F2 themes, nothing else of the kiosk.
        public var isKiosk: Bool
        /// Without input this long (never while paying), "Are you still there?".
        public var idleTimeout: Duration = .seconds(90)
        /// How long "Are you still there?" counts down before the reset.
        public var countdown: Duration = .seconds(10)
        /// A receipt stays this long, then the counter goes home by itself.
        public var receiptTimeout: Duration = .seconds(30)
        /// Resting at home this long starts the demo; nil: no attract loop.
        public var attractAfter: Duration? = .seconds(60)

        public init(isKiosk: Bool, idleTimeout: Duration = .seconds(90), attractAfter: Duration? = .seconds(60)) {
            self.isKiosk = isKiosk
            self.idleTimeout = idleTimeout
            self.attractAfter = attractAfter
        }
    }

    public enum Overlay: Equatable, Sendable {
        /// "Are you still there?" until `deadline`.
        case stillThere(deadline: Date)
        /// The operator's PIN, masked.
        case operatorPIN(entry: String, message: String?)
        case operatorMenu(selection: Int, message: String?)
    }

    public enum OperatorChoice: Int, CaseIterable, Sendable {
        case exit, changeTheme, printLastReceipt, close

        var title: String {
            switch self {
            case .exit: tr("Exit the counter")
            case .changeTheme: tr("Change theme")
            case .printLastReceipt: tr("Print last receipt")
            case .close: tr("Back to the counter")
            }
        }
    }

    public struct State: Equatable, Sendable {
        public var configuration: Configuration
        public var overlay: Overlay?
        /// The loop's time at the last tick or event.
        public var now: Date
        public var lastInput: Date
        public var themeName: String
        /// Shown on the second row until the next key: the theme picked, a printer problem.
        public var notice: String?
        /// A demo tape is playing on screen.
        public var isAttracting = false
        /// When the receipt now on screen appeared, and its order number.
        public var receiptShownAt: Date?
        public var receiptOrder: String?
        /// Orders whose receipt has gone to the printer (each is printed once by itself).
        public var printedOrders: [String] = []
        public var lastReceipt: ReceiptFeature.State?
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
        }
    }

    public enum Action: Equatable, Sendable {
        case tick(Date, CounterSnapshot)
        /// A key or click reached the counter: the shopper is there.
        case activity(Date)
        case cycleTheme
        case themeApplied(String)
        case openOperator
        case operatorKey(Key)
        case pinChecked(Bool)
        case stillThereAnswered
        case stopAttract
        case printed(order: String, Result<String, ReceiptPrinter.Failure>)
    }

    /// What the reducer asks of the world; closures so a test can stand in for each.
    public struct Environment {
        public var resetCounter: () -> Void = {}
        public var goHome: () -> Void = {}
        /// Moves to the next theme (and repaints the terminal); answers its name.
        public var nextTheme: () -> String = { "" }
        public var verifyPIN: (String) -> Bool = { _ in false }
        public var print: (ReceiptFeature.State, _ copy: Bool) -> Result<String, ReceiptPrinter.Failure> = { _, _ in .failure(.notConfigured) }
        public var startDemo: () -> Bool = { false }
        public var stopDemo: () -> Void = {}
        public init() {}
    }

    /// Wrong PINs allowed in a row before F10 is refused for `operatorLockout`.
    public static let maxPINAttempts = 3
    public static let operatorLockout: Duration = .seconds(60)

    public static func reduce(_ state: inout State, _ action: Action, _ environment: Environment) -> Effect<Action> {
        switch action {
        case let .tick(now, counter):
            state.now = now
            return tick(&state, counter, environment)
        case let .activity(now):
            state.now = now
            state.lastInput = now
            state.notice = nil
            return .none
        case .cycleTheme:
            return .run { send in send(.themeApplied(environment.nextTheme())) }
        case let .themeApplied(name):
            state.themeName = name
            state.notice = tr("Theme: {0} (F2: next theme)", ThemeCycle.displayName(of: name))
            return .none
        case .openOperator:
            guard state.configuration.isKiosk else { return .none }
            if let until = state.operatorLockedUntil, state.now < until {
                state.notice = tr("Operator menu locked after {0} wrong PINs; try again later.", maxPINAttempts)
                return .none
            }
            if state.isAttracting { environment.stopDemo(); state.isAttracting = false }
            state.overlay = .operatorPIN(entry: "", message: nil)
            state.lastInput = state.now
            return .none
        case let .operatorKey(key):
            state.lastInput = state.now
            return operatorKey(&state, key, environment)
        case let .pinChecked(isRight):
            if isRight {
                state.wrongPINs = 0
                state.overlay = .operatorMenu(selection: 0, message: nil)
            } else {
                state.wrongPINs += 1
                if state.wrongPINs >= maxPINAttempts {
                    // Guessing at a public counter is slowed down, not just refused.
                    state.wrongPINs = 0
                    state.overlay = nil
                    state.operatorLockedUntil = state.now.addingTimeInterval(operatorLockout.timeInterval)
                    state.notice = tr("Operator menu locked after {0} wrong PINs; try again later.", maxPINAttempts)
                } else {
                    state.overlay = .operatorPIN(entry: "", message: tr("Wrong PIN."))
                }
            }
            return .none
        case .stillThereAnswered:
            state.overlay = nil
            state.lastInput = state.now
            return .none
        case .stopAttract:
            state.isAttracting = false
            state.lastInput = state.now
            return .run { _ in
                environment.stopDemo()
                environment.resetCounter()
            }
        case let .printed(order, result):
            switch result {
            case .success:
                state.notice = tr("Receipt for order {0} printed.", order)
            case .failure(.notConfigured):
                break
            case .failure:
                // The order is in the database already; the shopper leaves with its number (the
                // operator menu's "Print last receipt" says what is wrong with the printer).
                state.notice = tr("Your order number is {0}. The receipt printer is unavailable.", order)
            }
            return .none
        }
    }

    private static func tick(_ state: inout State, _ counter: CounterSnapshot, _ environment: Environment) -> Effect<Action> {
        var effects: [Effect<Action>] = []
        // A new receipt: print it once, start its way home.
        if let receipt = counter.freshReceipt {
            if state.receiptOrder != receipt.orderNumber {
                state.receiptOrder = receipt.orderNumber
                state.receiptShownAt = state.now
                state.lastReceipt = receipt
            }
            if !state.printedOrders.contains(receipt.orderNumber) {
                state.printedOrders.append(receipt.orderNumber)
                let order = receipt.orderNumber
                effects.append(.run { send in send(.printed(order: order, environment.print(receipt, false))) })
            }
        } else {
            state.receiptOrder = nil
            state.receiptShownAt = nil
        }
        guard state.configuration.isKiosk else { return merged(effects) }

        if counter.isPaymentRunning {
            // Never interrupt a payment; the idle time starts again when it is over.
            state.lastInput = state.now
            if case .stillThere = state.overlay { state.overlay = nil }
            return merged(effects)
        }
        switch state.overlay {
        case let .stillThere(deadline):
            if state.now >= deadline {
                state.overlay = nil
                state.lastInput = state.now
                effects.append(.run { _ in environment.resetCounter() })
            }
            return merged(effects)
        case .operatorPIN, .operatorMenu:
            // An operator who walked away leaves no open menu behind.
            if idle(state) >= state.configuration.idleTimeout { state.overlay = nil; state.lastInput = state.now }
            return merged(effects)
        case nil:
            break
        }
        if state.isAttracting { return merged(effects) }
        if let shownAt = state.receiptShownAt {
            // A receipt has its own way home; the idle countdown would only talk over it.
            if state.now.timeIntervalSince(shownAt) >= state.configuration.receiptTimeout.timeInterval {
                state.receiptShownAt = nil
                state.lastInput = state.now
                effects.append(.run { _ in environment.goHome() })
            }
            return merged(effects)
        }
        if counter.isRestingAtHome {
            if let after = state.configuration.attractAfter, idle(state) >= after {
                state.isAttracting = true
                effects.append(.run { send in if !environment.startDemo() { send(.stopAttract) } })
            }
            return merged(effects)
        }
        if idle(state) >= state.configuration.idleTimeout {
            state.overlay = .stillThere(deadline: state.now.addingTimeInterval(state.configuration.countdown.timeInterval))
        }
        return merged(effects)
    }

    private static func merged(_ effects: [Effect<Action>]) -> Effect<Action> {
        Effect(operations: effects.flatMap(\.operations))
    }

    private static func idle(_ state: State) -> Duration {
        .seconds(state.now.timeIntervalSince(state.lastInput))
    }

    private static func operatorKey(_ state: inout State, _ key: Key, _ environment: Environment) -> Effect<Action> {
        switch state.overlay {
        case let .operatorPIN(entry, _):
            switch key {
            case .escape:
                state.overlay = nil
            case .backspace:
                state.overlay = .operatorPIN(entry: String(entry.dropLast()), message: nil)
            case .enter:
                let pin = entry
                return .run { send in send(.pinChecked(environment.verifyPIN(pin))) }
            case let .character(c) where c.isNumber && entry.count < 12:
                state.overlay = .operatorPIN(entry: entry + String(c), message: nil)
            default:
                break
            }
            return .none
        case let .operatorMenu(selection, _):
            let count = OperatorChoice.allCases.count
            switch key {
            case .escape:
                state.overlay = nil
            case .up, .backTab:
                state.overlay = .operatorMenu(selection: (selection + count - 1) % count, message: nil)
            case .down, .tab:
                state.overlay = .operatorMenu(selection: (selection + 1) % count, message: nil)
            case let .character(c) where (c.wholeNumberValue ?? 0) >= 1 && (c.wholeNumberValue ?? 0) <= count:
                return choose(&state, OperatorChoice(rawValue: c.wholeNumberValue! - 1)!, environment)
            case .enter, .character(" "):
                return choose(&state, OperatorChoice(rawValue: selection)!, environment)
            default:
                break
            }
            return .none
        case .stillThere, nil:
            return .none
        }
    }

    private static func choose(_ state: inout State, _ choice: OperatorChoice, _ environment: Environment) -> Effect<Action> {
        switch choice {
        case .exit:
            state.exitStatus = 0
            return .none
        case .changeTheme:
            let name = environment.nextTheme()
            state.themeName = name
            state.overlay = .operatorMenu(selection: choice.rawValue, message: tr("Theme: {0}", ThemeCycle.displayName(of: name)))
            return .none
        case .printLastReceipt:
            guard let receipt = state.lastReceipt else {
                state.overlay = .operatorMenu(selection: choice.rawValue, message: tr("No receipt yet since the counter started."))
                return .none
            }
            let message: String
            switch environment.print(receipt, true) {
            case let .success(destination): message = tr("Order {0} printed to {1}.", receipt.orderNumber, destination)
            case let .failure(failure): message = tr("Printer unavailable ({0}).", failure.description)
            }
            state.overlay = .operatorMenu(selection: choice.rawValue, message: message)
            return .none
        case .close:
            state.overlay = nil
            return .none
        }
    }

    /// Which kiosk action an event is, before the counter sees it; nil lets the counter have it.
    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else {
            // A click during a dialog or a demo is swallowed as "a key" would be.
            if case .mouse = event, state.isAttracting { return .stopAttract }
            if case .mouse = event, case .stillThere = state.overlay { return .stillThereAnswered }
            return nil
        }
        if key == .function(2), state.overlay == nil { return .cycleTheme }
        guard state.configuration.isKiosk else { return nil }
        if state.isAttracting { return key == .function(10) ? .openOperator : .stopAttract }
        switch state.overlay {
        case .stillThere: return .stillThereAnswered
        case .operatorPIN, .operatorMenu: return .operatorKey(key)
        case nil: break
        }
        switch key {
        case .function(10): return .openOperator
        // Locked exit: Ctrl+C, Ctrl+Z and Ctrl+\ do nothing at a kiosk (the counter itself
        // refuses `q`; its signals are ignored by the terminal session).
        case .control("c"), .control("z"), .control("\\"): return .activity(state.now)
        default: return nil
        }
    }
}

import CheckoutKit
import TerminalUI

/// Seed 000's built-in checkout counter, drawn: item, amount, the methods the core accepts, PAY.
///
/// The counter is the face of `CheckoutCounterPreparer`: the preparer keeps the seed's rules
/// (PAY clears the last error, a failure restores idle, a poll timeout is a possible success,
/// completion exactly once) and this feature shows them. The wallet's own step (the payment code,
/// as text and as a QR code) is the screen's side of `WalletApprovalPresenter`.
public enum WalletCounterFeature {
    public enum Phase: Equatable, Sendable {
        /// Waiting for the preparer to be handed the counter (the methods come from the core).
        case opening
        /// Choose a method and press PAY.
        case idle
        /// PAY pressed: creating the source, authorising, polling.
        case inProgress
        /// The wallet shows its payment code; the shopper confirms in the wallet.
        case walletStep(paymentCode: String, methodName: String)
        /// Confirmed in the wallet: polling the core until the payment is consumed.
        case polling
        /// The counter is dismissed, with how.
        case finished(Outcome)
    }

    public enum Outcome: Equatable, Sendable {
        case success
        /// Authorised, but the poll timed out: probably paid, never to be paid again.
        case possibleSuccess
        /// Esc: the payment is no longer needed (completion(nil)).
        case dismissed
    }

    public struct State: Equatable, Sendable {
        public var itemDescription: String
        public var amount: Money
        public var methods: [PaymentMethodType] = []
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        public var phase: Phase = .opening
        /// The preparer's `latestError`, in words: shown until the next PAY.
        public var failure: String?
        /// A test switch, like the README's test cards: the wallet confirms slower than the poll
        /// waits, so a tape can show the possible success.
        public var slowTestWallet = false
        /// The payment's run has ended: its order is settled (paid, or given up) in the core.
        public var runEnded = false

        public init(itemDescription: String, amount: Money) {
            self.itemDescription = itemDescription
            self.amount = amount
        }

        public var selectedMethod: PaymentMethodType? {
            methods.indices.contains(selection) ? methods[selection] : nil
        }

        public var canPay: Bool { phase == .idle && selectedMethod != nil }
    }

    public enum Action: Equatable, Sendable {
        /// The preparer got the counter: the core's methods, and the one it preselected.
        case counterOpened(methods: [PaymentMethodType], selected: PaymentMethodType?)
        case moveUp, moveDown
        case pick(Int)
        case toggleSlowTestWallet
        case pay
        /// The preparer changed (`onChange`).
        case preparerChanged(CheckoutCounterPreparer.Status)
        /// `WalletApprovalPresenter`: the wallet asks the shopper to confirm this code.
        case walletPrompt(paymentCode: String, methodName: String)
        case confirmInWallet
        case declineInWallet
        case closeWalletPrompt
        /// Esc on the counter: completion(nil).
        case dismiss
        /// The payment's run ended after the counter's outcome: its order is settled.
        case runEnded
        /// Reported to the parent: the counter is gone and the shopper moves on.
        case close
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, WalletClient> {
        switch action {
        case let .counterOpened(methods, selected):
            state.methods = methods
            state.list = ListSelection(selected.flatMap { methods.firstIndex(of: $0) } ?? 0)
            state.phase = .idle
            return .none
        case .moveUp, .moveDown:
            guard state.phase == .idle, !state.methods.isEmpty else { return .none }
            if action == .moveUp { state.list.moveUp(count: state.methods.count) } else { state.list.moveDown(count: state.methods.count) }
            return select(state)
        case let .pick(index):
            guard state.phase == .idle, state.list.select(index, count: state.methods.count) else { return .none }
            return select(state)
        case .toggleSlowTestWallet:
            guard state.phase == .idle else { return .none }
            state.slowTestWallet.toggle()
            return .none
        case .pay:
            guard state.canPay else { return .none }
            state.failure = nil
            state.phase = .inProgress
            let metadata = state.slowTestWallet ? SourceParams.slowWalletMetadata : [:]
            return .run { client, _ in client.pay(metadata) }
        case let .preparerChanged(status):
            switch status {
            case .idle:
                if case .finished = state.phase { break }
                if state.phase != .opening { state.phase = .idle }
            case .inProgress:
                // The wallet step and the polling after it are finer than the preparer's "in progress".
                if state.phase == .idle { state.phase = .inProgress }
            case let .failed(message):
                // The seed's showFailureAndRestoreStateToIdle: the error stays, PAY is offered again.
                state.failure = message.message
                state.phase = .idle
            case let .dismissed(result):
                state.phase = .finished(result == .success ? .success : result == .possibleSuccess ? .possibleSuccess : .dismissed)
            }
            return .none
        case let .walletPrompt(code, methodName):
            state.phase = .walletStep(paymentCode: code, methodName: methodName)
            return .none
        case .confirmInWallet, .declineInWallet, .closeWalletPrompt:
            guard case .walletStep = state.phase else { return .none }
            let answer: WalletApproval = action == .confirmInWallet ? .confirmed : action == .declineInWallet ? .declined : .cancelled
            state.phase = answer == .confirmed ? .polling : .inProgress
            return .run { client, _ in client.answerWallet(answer) }
        case .dismiss:
            if case .finished = state.phase { return .none }
            return .run { client, _ in client.dismiss() }
        case .runEnded:
            state.runEnded = true
            return .none
        case .close:
            return .none
        }
    }

    /// The preparer keeps the selected method (the seed's `selectedPaymentMethod`).
    private static func select(_ state: State) -> Effect<Action, WalletClient> {
        guard let method = state.selectedMethod else { return .none }
        return .run { client, _ in client.select(method) }
    }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        switch state.phase {
        case .opening:
            return nil
        case .finished:
            return key == .enter || key == .escape ? .close : nil
        case .idle:
            switch key {
            case .up, .backTab: return .moveUp
            case .down, .tab: return .moveDown
            case .enter, .character("p"): return .pay
            case .character("t") where DemoMode.showsTestControls: return .toggleSlowTestWallet
            case .escape: return .dismiss
            case let .character(c):
                guard let digit = c.wholeNumberValue, digit >= 1 else { return nil }
                return .pick(digit - 1)
            default: return nil
            }
        case .walletStep:
            switch key {
            case .enter, .character("c"): return .confirmInWallet
            case .character("d"): return .declineInWallet
            case .escape: return .closeWalletPrompt
            default: return nil
            }
        case .inProgress, .polling:
            return key == .escape ? .dismiss : nil
        }
    }

    public static func keyHints(for state: State) -> [KeyHint] {
        switch state.phase {
        case .opening: []
        // Paid, Enter shows the order's receipt (the parent's), as the screen says.
        case .finished(.success): [KeyHint("Enter", "Receipt")]
        case .finished: [KeyHint("Enter", "Back to the store")]
        case .idle: [KeyHint("↑↓", "Method"), KeyHint("Enter", "Pay")]
            + (DemoMode.showsTestControls ? [KeyHint("t", "Test wallet")] : []) + [KeyHint("Esc", "Close")]
        case .walletStep: [KeyHint("c", "Confirm in wallet"), KeyHint("d", "Decline"), KeyHint("Esc", "Close prompt")]
        case .inProgress, .polling: [KeyHint("Esc", "Close")]
        }
    }
}

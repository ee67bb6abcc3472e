import CheckoutKit
import Localization
import TerminalUI

/// The shopper's order history, newest first: her orders (Enter opens one's receipt) and her
/// subscriptions' payments (the first period's and each renewal, failed ones too).
public enum OrdersFeature {
    public struct State: Equatable, Sendable {
        public var entries: [HistoryEntry]
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        public init(entries: [HistoryEntry]) { self.entries = entries }

        /// The order on the selected line; nil on a subscription payment (it has no receipt).
        var selectedOrder: Order? {
            guard entries.indices.contains(selection), case .order(let order) = entries[selection] else { return nil }
            return order
        }
    }

    public enum Action: Equatable, Sendable {
        case moveUp, moveDown
        case open
        case delegate(Order)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, Void> {
        let count = state.entries.count
        switch action {
        case .moveUp: state.list.moveUp(count: count)
        case .moveDown: state.list.moveDown(count: count)
        case .open:
            guard let order = state.selectedOrder else { return .none }
            return .send(.delegate(order))
        case .delegate: break
        }
        return .none
    }

    static let listKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown, enter: .open)

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event, !state.entries.isEmpty else { return nil }
        let action = listKeys.action(for: key)
        return action == .open && state.selectedOrder == nil ? nil : action
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        guard !state.entries.isEmpty else { return [KeyHint("Esc", "Back")] }
        var hints = KeyHint.move(state.entries.count)
        if state.selectedOrder != nil { hints.append(KeyHint("Enter", "Receipt")) }
        hints.append(KeyHint("Esc", "Back"))
        return hints
    }

    /// An order's state as the history and the receipt show it (English shows the stored name).
    static func stateText(_ state: OrderState) -> String {
        switch state {
        case .pendingPayment: tr("awaiting payment")
        case .paid: tr("paid")
        case .failed: tr("failed")
        case .refunded: tr("refunded")
        }
    }
}

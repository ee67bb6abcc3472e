import Localization
import CheckoutKit
import TerminalUI

/// The shopper's orders, newest first; Enter opens one's receipt.
public enum OrdersFeature {
    public struct State: Equatable, Sendable {
        public var orders: [Order]
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        public init(orders: [Order]) { self.orders = orders }
    }

    public enum Action: Equatable, Sendable {
        case moveUp, moveDown
        case open
        case delegate(Order)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, Void> {
        let count = state.orders.count
        switch action {
        case .moveUp: state.list.moveUp(count: count)
        case .moveDown: state.list.moveDown(count: count)
        case .open:
            guard state.orders.indices.contains(state.selection) else { return .none }
            return .send(.delegate(state.orders[state.selection]))
        case .delegate: break
        }
        return .none
    }

    static let listKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown, enter: .open)

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        return listKeys.action(for: key)
    }

    public static let keyHints = [KeyHint("↑↓", "Move"), KeyHint("Enter", "Receipt"), KeyHint("Esc", "Back")]

    /// An order's state as the history and the receipt show it (English shows the stored name).
    static func stateText(_ state: OrderState) -> String {
        switch state {
        case .pendingPayment: tr("awaiting payment")
        case .paid: tr("paid")
        case .failed: tr("failed")
        case .refunded: tr("refunded")
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Order history"), into: &frame, in: area)
        if state.orders.isEmpty {
            ScreenDrawing.text(tr("No orders yet."), into: &frame, in: ScreenDrawing.row(area, 2), role: .muted)
        }
        let height = max(0, area.height - 3)
        let offset = ScreenDrawing.scrollOffset(selected: state.selection, count: state.orders.count, height: height)
        for (row, index) in (offset..<min(state.orders.count, offset + height)).enumerated() {
            let order = state.orders[index]
            let items = order.lines.reduce(0) { $0 + $1.quantity }
            ScreenDrawing.selectableRow("\(order.number)  \(DateText.dayAndTime(order.createdAt))  \(trn("{0} item", "{0} items", count: items, items))  \(stateText(order.state))",
                                        detail: order.total.formatted(), selected: index == state.selection,
                                        into: &frame, in: ScreenDrawing.row(area, 2 + row))
        }
    }
}

import CheckoutKit
import Localization
import TerminalUI

/// The cart: lines with quantity and totals; change a quantity, remove a line, empty it all.
/// The cart itself lives in the core (`StoreSession.cart` is its copy), so Esc loses nothing.
public enum CartFeature {
    public struct State: Equatable, Sendable {
        public var selection = 0
        public var isConfirmingEmpty = false
        public var message: String?
        public init() {}
    }

    public enum Action: Equatable, Sendable {
        case moveUp, moveDown
        case increment, decrement
        case removeLine
        case askToEmpty
        case confirmEmpty(Bool)
        /// The store's answer to emptying or removing a line: the cart as it is now (a cart
        /// whose payment is being checked stays as it was).
        case emptied(Cart)
        case removed(Product, Cart)
        case changed(Result<Cart, StoreError>)
        case checkout
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        case cartChanged(Cart)
        case proceedToCheckout
    }

    public static func reduce(_ state: inout State, _ action: Action, session: StoreSession, client: StoreClient) -> Effect<Action> {
        let lines = session.cart.lines
        let line = lines.indices.contains(state.selection) ? lines[state.selection] : nil
        switch action {
        case .moveUp:
            if !lines.isEmpty { state.selection = (state.selection + lines.count - 1) % lines.count }
            return .none
        case .moveDown:
            if !lines.isEmpty { state.selection = (state.selection + 1) % lines.count }
            return .none
        case .increment:
            guard let line else { return .none }
            return .run { send in send(.changed(client.setQuantity(line.id, line.quantity + 1))) }
        case .decrement:
            guard let line else { return .none }
            // "-" never removes a line: the line would go, the selection land on the next, and
            // the next "-" take a jar off a line the shopper did not choose. Removing is d.
            if line.quantity <= 1 {
                state.message = tr("One jar is the fewest: press d to remove {0}.", tr(line.product.name))
                return .none
            }
            return .run { send in send(.changed(client.setQuantity(line.id, line.quantity - 1))) }
        case .removeLine:
            guard let line else { return .none }
            return .run { send in send(.removed(line.product, client.remove(line.id))) }
        case let .removed(product, cart):
            if !cart.lines.contains(where: { $0.id == product.id }) {
                state.message = tr("Removed {0}.", tr(product.name))
            } else if let number = client.unsettledOrder() {
                state.message = StoreError.paymentUnknown(orderNumber: number).message
            }
            return .send(.changed(.success(cart)))
        case .askToEmpty:
            if !lines.isEmpty { state.isConfirmingEmpty = true }
            return .none
        case .confirmEmpty(let yes):
            state.isConfirmingEmpty = false
            guard yes else { return .none }
            return .run { send in send(.emptied(client.emptyCart())) }
        case .emptied(let cart):
            // The store keeps a cart whose payment is still being checked: say so, never "empty".
            if cart.isEmpty {
                state.message = tr("The cart is empty now.")
            } else if let number = client.unsettledOrder() {
                state.message = StoreError.paymentUnknown(orderNumber: number).message
            }
            return .send(.changed(.success(cart)))
        case .changed(.success(let cart)):
            state.selection = min(state.selection, max(0, cart.lines.count - 1))
            return .send(.delegate(.cartChanged(cart)))
        case .changed(.failure(let error)):
            state.message = error.message
            return .none
        case .checkout:
            if session.cart.isEmpty {
                state.message = Self.emptyCartRefusal
                return .none
            }
            state.message = nil
            return .send(.delegate(.proceedToCheckout))
        case .delegate:
            return .none
        }
    }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        if state.isConfirmingEmpty {
            switch key {
            case .character("y"), .character("Y"): return .confirmEmpty(true)
            default: return .confirmEmpty(false)
            }
        }
        switch key {
        case .up: return .moveUp
        case .down: return .moveDown
        case .character("+"), .character("="), .right: return .increment
        case .character("-"), .left: return .decrement
        case .character("d"), .delete, .backspace: return .removeLine
        case .character("e"): return .askToEmpty
        case .enter, .character("p"): return .checkout
        default: return nil
        }
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        if state.isConfirmingEmpty { return [KeyHint("y", "Empty it"), KeyHint("n", "Keep it")] }
        return [KeyHint("↑↓", "Move"), KeyHint("+ -", "Quantity"), KeyHint("d", "Remove"), KeyHint("e", "Empty"),
                KeyHint("Enter", "Checkout"), KeyHint("Esc", "Back")]
    }

    /// Said when the shopper checks out an empty cart: the one message drawn as an error.
    static var emptyCartRefusal: String { tr("Your cart is empty: add a jar before checking out.") }

    public static func draw(_ state: State, session: StoreSession, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Your cart"), into: &frame, in: area)
        let lines = session.cart.lines
        if lines.isEmpty {
            ScreenDrawing.text(tr("Your cart is empty. Esc goes back to the jars."), into: &frame, in: ScreenDrawing.row(area, 2), role: .muted)
        }
        let listHeight = max(0, area.height - 6)
        let offset = ScreenDrawing.scrollOffset(selected: state.selection, count: lines.count, height: listHeight)
        for (row, index) in (offset..<min(lines.count, offset + listHeight)).enumerated() {
            let line = lines[index]
            let text = tr("{0} × {1}  @ {2}", line.quantity, tr(line.product.name), line.product.price.formatted())
            ScreenDrawing.selectableRow(text, detail: line.total?.formatted() ?? "", selected: index == state.selection,
                                        into: &frame, in: ScreenDrawing.row(area, 2 + row))
        }
        if !lines.isEmpty {
            let totalRow = ScreenDrawing.row(area, 2 + min(lines.count, listHeight) + 1)
            let count = session.cart.itemCount, total = session.cart.total.formatted()
            frame.write(trn("Total ({0} item)  {1}", "Total ({0} items)  {1}", count: count, count, total) + " ", in: totalRow,
                        alignment: .trailing, style: Style(.accent, .bold))
        }
        let bottom = ScreenDrawing.row(area, area.height - 1)
        if state.isConfirmingEmpty {
            ScreenDrawing.text(tr("Empty the whole cart? y = yes, any other key = no"), into: &frame, in: bottom, role: .warning, attributes: .bold)
        } else if let message = state.message {
            ScreenDrawing.text(message, into: &frame, in: bottom, role: message == emptyCartRefusal ? .error : .success)
        }
    }
}

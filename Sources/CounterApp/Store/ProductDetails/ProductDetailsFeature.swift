import CheckoutKit
import Localization
import TerminalUI

/// One product: its blurb, price and stock, and "Add to cart" with a quantity.
public enum ProductDetailsFeature {
    public struct State: Equatable, Sendable {
        public var product: Product
        public var quantity = 1
        /// What the last "Add to cart" came to (worded when drawn).
        public var message: Notice?

        public init(product: Product) {
            self.product = product
        }

        /// Jars left to add: the stock less what the cart already holds (nil: not tracked).
        func available(in cart: Cart) -> Int? {
            product.stock.map { max(0, $0 - cart.quantity(of: product.id)) }
        }
    }

    /// What the screen tells the shopper, as a value: `words(_:)` says it.
    public enum Notice: Equatable, Sendable {
        case outOfStock
        /// Added this many of the product (its name as stored).
        case added(quantity: Int, product: String)
        case refused(StoreError)

        /// Drawn as a problem, not as good news.
        var isError: Bool {
            if case .added = self { false } else { true }
        }
    }

    public enum Action: Equatable, Sendable {
        case increment, decrement
        case addToCart
        case added(Result<Cart, StoreError>)
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        case cartChanged(Cart)
        case openCart
    }

    public static func reduce(_ state: inout State, _ action: Action, session: StoreSession) -> Effect<Action, StoreClient> {
        switch action {
        case .increment:
            let limit = min(Cart.maximumQuantity, state.available(in: session.cart) ?? Cart.maximumQuantity)
            if state.quantity < limit { state.quantity += 1 }
            return .none
        case .decrement:
            if state.quantity > 1 { state.quantity -= 1 }
            return .none
        case .addToCart:
            if state.product.stock == 0 {
                state.message = .outOfStock
                return .none
            }
            let product = state.product.id, quantity = state.quantity
            return .run { client, send in send(.added(client.add(product, quantity))) }
        case .added(.success(let cart)):
            state.message = .added(quantity: state.quantity, product: state.product.name)
            state.quantity = 1
            return .send(.delegate(.cartChanged(cart)))
        case .added(.failure(let error)):
            state.message = .refused(error)
            return .none
        case .delegate:
            return .none
        }
    }

    /// A notice in the current language.
    static func words(_ notice: Notice) -> String {
        switch notice {
        case .outOfStock: tr("Out of stock: this jar cannot be added.")
        case let .added(quantity, product): tr("Added {0} × {1} to your cart.", quantity, tr(product))
        case let .refused(error): error.message
        }
    }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        switch key {
        case .character("+"), .character("="), .right, .up: return .increment
        case .character("-"), .left, .down: return .decrement
        case .enter: return .addToCart
        case .character("c"): return .delegate(.openCart)
        default: return nil
        }
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        [KeyHint("+ -", "Quantity"), KeyHint("Enter", "Add to cart"), KeyHint("c", "Cart"), KeyHint("Esc", "Back")]
    }

    public static func draw(_ state: State, session: StoreSession, into frame: inout Frame, in area: Rect) {
        let product = state.product
        ScreenDrawing.title(tr(product.name), into: &frame, in: area)
        ScreenDrawing.text(product.price.formatted() + "   " + CatalogFeature.stockText(product.stock), into: &frame,
                           in: ScreenDrawing.row(area, 1), role: .accent)
        let blurb = TextBlock(tr(product.detail))
        let blurbRows = max(0, min(4, area.height - 8))
        _ = blurb.draw(into: &frame, in: Rect(x: area.x, y: area.y + 3, width: area.width, height: blurbRows))
        let quantityRow = ScreenDrawing.row(area, 3 + blurbRows + 1)
        if product.stock == 0 {
            ScreenDrawing.text(tr("Out of stock: not addable."), into: &frame, in: quantityRow, role: .error)
        } else {
            let subtotal = (try? product.price.multiplied(by: state.quantity))?.formatted() ?? ""
            ScreenDrawing.text(tr("Quantity  ‹ {0} ›   {1}", state.quantity, subtotal), into: &frame, in: quantityRow, attributes: .bold)
            _ = Button(tr("Add to cart")).draw(into: &frame, in: ScreenDrawing.row(area, 3 + blurbRows + 3), focused: true)
        }
        if let message = state.message {
            ScreenDrawing.text(words(message), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: message.isError ? .error : .success)
        }
    }
}

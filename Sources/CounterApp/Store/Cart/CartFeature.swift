import CheckoutKit
import Localization
import TerminalUI

/// The cart: lines with quantity and totals; change a quantity, remove a line, empty it all.
/// The cart itself lives in the core (`StoreSession.cart` is its copy), so Esc loses nothing.
public enum CartFeature {
    public struct State: Equatable, Sendable {
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        public var isConfirmingEmpty = false
        /// What the last change came to (worded when drawn).
        public var message: Notice?
        /// A staffed counter parks carts (k) and resumes parked ones (o); a kiosk does not.
        public var canPark = false
        /// The name being typed for the cart to park (CartFeature+Parking.swift).
        public var parking: ParkingEntry?
        /// A staffed counter gives discounts here (`%` a line, `o` the order); a kiosk does not.
        public var takesDiscounts = false
        /// The discount being given, while its steps are open.
        public var discount: CartDiscountEntry?
        public init(canPark: Bool = false, takesDiscounts: Bool = false) {
            self.canPark = canPark
            self.takesDiscounts = takesDiscounts
        }
    }

    /// What the cart screen tells the shopper after a change, as a value: `words(_:)` says it.
    public enum Notice: Equatable, Sendable {
        /// "-" on a line of one jar: removing is `d`.
        case fewestIsOne(Product)
        case removed(Product)
        /// The cart stays as it is while its payment is being checked.
        case paymentUnknown(orderNumber: String)
        case emptied
        /// Checkout asked of an empty cart: the one notice drawn as an error.
        case emptyCartRefused
        case failed(StoreError)
        /// The cart was parked under this name, and is empty for the next customer.
        case parked(name: String)
        /// A parked sale's jars came into the cart.
        case resumed(name: String)
        case parkingRefused(ParkingError)
        /// A discount given (on a line's product, or the order when nil): what it took.
        case discountGiven(Product?, taken: Money)
        case discountRemoved(Product?)
    }

    public enum Action: Equatable, Sendable {
        case moveUp, moveDown
        case increment, decrement
        case removeLine
        case askToEmpty
        case confirmEmpty(Bool)
        /// The store's answer to emptying or removing a line: the cart as it is now (a cart
        /// whose payment is being checked stays as it was, and `unsettledOrder` says which order).
        case emptied(Cart, unsettledOrder: String?)
        case removed(Product, Cart, unsettledOrder: String?)
        case changed(Result<Cart, StoreError>)
        case checkout
        case parking(ParkingAction)
        /// `%` (a line) or `o` (the order): the shop's policy is asked, then the entry opens.
        case askDiscount(onOrder: Bool)
        case discountPolicy(DiscountTarget, DiscountPolicy)
        case discount(CartDiscountEntry.Action)
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        case cartChanged(Cart)
        case proceedToCheckout
        /// o: the shop's parked sales, to resume one.
        case openParked
    }

    public static func reduce(_ state: inout State, _ action: Action, session: StoreSession) -> Effect<Action, StoreClient> {
        let lines = session.cart.lines
        let line = lines.indices.contains(state.selection) ? lines[state.selection] : nil
        switch action {
        case .moveUp:
            state.list.moveUp(count: lines.count)
            return .none
        case .moveDown:
            state.list.moveDown(count: lines.count)
            return .none
        case .increment:
            guard let line else { return .none }
            return .run { client, send in send(.changed(client.setQuantity(line.id, line.quantity + 1))) }
        case .decrement:
            guard let line else { return .none }
            // "-" never removes a line: the line would go, the selection land on the next, and
            // the next "-" take a jar off a line the shopper did not choose. Removing is d.
            if line.quantity <= 1 {
                state.message = .fewestIsOne(line.product)
                return .none
            }
            return .run { client, send in send(.changed(client.setQuantity(line.id, line.quantity - 1))) }
        case .removeLine:
            guard let line else { return .none }
            return .run { client, send in
                let cart = client.remove(line.id)
                // A line that stayed is held by a payment being checked: which order says why.
                let kept = cart.lines.contains { $0.id == line.product.id }
                send(.removed(line.product, cart, unsettledOrder: kept ? client.unsettledOrder() : nil))
            }
        case let .removed(product, cart, unsettledOrder):
            if !cart.lines.contains(where: { $0.id == product.id }) {
                state.message = .removed(product)
            } else if let number = unsettledOrder {
                state.message = .paymentUnknown(orderNumber: number)
            }
            return .send(.changed(.success(cart)))
        case .askToEmpty:
            if !lines.isEmpty { state.isConfirmingEmpty = true }
            return .none
        case .confirmEmpty(let yes):
            state.isConfirmingEmpty = false
            guard yes else { return .none }
            return .run { client, send in
                let cart = client.emptyCart()
                send(.emptied(cart, unsettledOrder: cart.isEmpty ? nil : client.unsettledOrder()))
            }
        case let .emptied(cart, unsettledOrder):
            // The store keeps a cart whose payment is still being checked: say so, never "empty".
            if cart.isEmpty {
                state.message = .emptied
            } else if let number = unsettledOrder {
                state.message = .paymentUnknown(orderNumber: number)
            }
            return .send(.changed(.success(cart)))
        case .changed(.success(let cart)):
            state.list.clamp(count: cart.lines.count)
            return .send(.delegate(.cartChanged(cart)))
        case .changed(.failure(let error)):
            state.message = .failed(error)
            return .none
        case .checkout:
            if session.cart.isEmpty {
                state.message = .emptyCartRefused
                return .none
            }
            state.message = nil
            return .send(.delegate(.proceedToCheckout))
        case .parking(let parking):
            return reduceParking(&state, parking, session: session)
        case .askDiscount(let onOrder):
            guard state.takesDiscounts, state.discount == nil else { return .none }
            if onOrder {
                guard !lines.isEmpty else { state.message = .emptyCartRefused; return .none }
                return .run { client, send in send(.discountPolicy(.order, client.discountPolicy())) }
            }
            guard let line else { return .none }
            return .run { client, send in send(.discountPolicy(.line(productId: line.id), client.discountPolicy())) }
        case let .discountPolicy(target, policy):
            let cart = session.cart
            guard state.takesDiscounts, let base = try? cart.discountBase(for: target) else { return .none }
            let current = target == .order ? cart.orderDiscount : target.productId.flatMap(cart.lineDiscount(for:))
            let product = target.productId.flatMap { id in cart.lines.first { $0.id == id }?.product }
            state.message = nil
            state.discount = CartDiscountEntry(target: target, product: product, base: base, current: current, policy: policy)
            return .none
        case .discount(let action):
            guard var entry = state.discount else {
                // Answered after the entry was closed: the cart is still what the core says.
                if case .answered(.success(let cart)) = action { return .send(.changed(.success(cart))) }
                return .none
            }
            let (outcome, effect) = entry.reduce(action)
            state.discount = outcome == .stays ? entry : nil
            let product = entry.product
            switch outcome {
            case .stays, .closed:
                return effect.map(Action.discount)
            case .given(let cart):
                let index = cart.lines.firstIndex { $0.id == product?.id }
                let pricing = cart.pricing
                let taken = product == nil ? pricing.orderDiscount : index.map { pricing.lines[$0].lineDiscount } ?? 0
                state.message = .discountGiven(product, taken: Money(minorUnits: taken, currency: cart.currency))
                return .send(.changed(.success(cart)))
            case .removed(let cart):
                state.message = .discountRemoved(product)
                return .send(.changed(.success(cart)))
            case .failed(let error):
                state.message = .failed(error)
                return .none
            }
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
        if state.parking != nil { return parkingAction(for: key) }
        if let entry = state.discount { return CartDiscountEntry.action(for: key, in: entry).map(Action.discount) }
        if let action = listKeys.action(for: key) { return action }
        switch key {
        case .character("%") where state.takesDiscounts: return .askDiscount(onOrder: false)
        case .character("o") where state.takesDiscounts: return .askDiscount(onOrder: true)
        case .character("+"), .character("="), .right: return .increment
        case .character("-"), .left: return .decrement
        case .character("d"), .delete, .backspace: return .removeLine
        case .character("e"): return .askToEmpty
        case .enter, .character("p"): return .checkout
        case .character("k") where state.canPark: return .parking(.ask)
        // `o` is the order's discount: the parked sales are resumed with `r`.
        case .character("r") where state.canPark: return .parking(.openList)
        default: return nil
        }
    }

    /// The lines move as every list's do; Enter pays, so it is the cart's own key below.
    static let listKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown)

    /// An empty cart has nothing to move, change, remove or pay for: only its way back.
    public static func keyHints(_ state: State, session: StoreSession) -> [KeyHint] {
        if state.isConfirmingEmpty { return [KeyHint("y", "Empty it"), KeyHint("n", "Keep it")] }
        if state.parking != nil { return [KeyHint("Enter", "Park"), KeyHint("Esc", "Cancel")] }
        if let entry = state.discount { return entry.keyHints }
        let parked = state.canPark ? [KeyHint("r", "Parked")] : []
        guard !session.cart.lines.isEmpty else { return parked + [KeyHint("Esc", "Back")] }
        // What a cashier does most first, so a staffed counter's footer keeps it at 60 and 80
        // columns (the others yield from the end: moving, emptying, the parked list).
        let discounts = state.takesDiscounts ? [KeyHint("% o", "Discount")] : []
        let park = state.canPark ? [KeyHint("k", "Park")] : []
        return discounts + park + [KeyHint("+ -", "Quantity"), KeyHint("d", "Remove")] + KeyHint.move(session.cart.lines.count)
            + [KeyHint("e", "Empty"), KeyHint("Enter", "Checkout")] + parked + [KeyHint("Esc", "Back")]
    }

    /// A notice in the current language.
    static func words(_ notice: Notice) -> String {
        switch notice {
        case .fewestIsOne(let product): tr("One jar is the fewest: press d to remove {0}.", tr(product.name))
        case .removed(let product): tr("Removed {0}.", tr(product.name))
        case .paymentUnknown(let number): StoreError.paymentUnknown(orderNumber: number).message
        case .emptied: tr("The cart is empty now.")
        case .emptyCartRefused: tr("Your cart is empty: add a jar before checking out.")
        case .failed(let error): error.message
        case .parked(let name): tr("Parked as {0}. The cart is empty for the next customer.", name)
        case .resumed(let name): tr("Parked sale {0} is back in the cart.", name)
        case .parkingRefused(let error): ParkingWords.refusal(error)
        case let .discountGiven(product?, taken): tr("Discount of {0} given on {1}.", taken.formatted(), tr(product.name))
        case let .discountGiven(nil, taken): tr("Discount of {0} given on the order.", taken.formatted())
        case .discountRemoved(let product?): tr("The discount on {0} was taken back.", tr(product.name))
        case .discountRemoved(nil): tr("The order's discount was taken back.")
        }
    }

    public static func draw(_ state: State, session: StoreSession, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Your cart"), into: &frame, in: area)
        let cart = session.cart
        let lines = cart.lines
        if lines.isEmpty {
            ScreenDrawing.text(tr("Your cart is empty. Esc goes back to the jars."), into: &frame, in: ScreenDrawing.row(area, 2), role: .muted)
        }
        let rows = CartRows(cart)
        let footRows = state.discount == nil ? 0 : CartDiscountEntry.height
        let listHeight = max(0, area.height - 6 - rows.totals.count - footRows)
        let selectedRows = rows.lines.indices.filter { rows.lines[$0].line == state.selection }
        let offset = ScreenDrawing.scrollOffset(selected: selectedRows.last ?? 0, count: rows.lines.count, height: listHeight)
        for (row, index) in (offset..<min(rows.lines.count, offset + listHeight)).enumerated() {
            let shown = rows.lines[index]
            let rect = ScreenDrawing.row(area, 2 + row)
            if shown.isDiscount {
                ScreenDrawing.text("    " + shown.text, into: &frame, in: rect, role: .success)
                frame.write(shown.detail + " ", in: rect, alignment: .trailing, style: Style(.success))
            } else {
                ScreenDrawing.selectableRow(shown.text, detail: shown.detail, selected: shown.line == state.selection,
                                            into: &frame, in: rect)
            }
        }
        if !lines.isEmpty {
            var totalRow = 2 + min(rows.lines.count, listHeight) + 1
            for (text, amount) in rows.totals {
                frame.write(text + "  " + amount + " ", in: ScreenDrawing.row(area, totalRow), alignment: .trailing, style: Style(.text))
                totalRow += 1
            }
            let count = cart.itemCount, total = cart.total.formatted()
            frame.write(trn("Total ({0} item)  {1}", "Total ({0} items)  {1}", count: count, count, total) + " ", in: ScreenDrawing.row(area, totalRow),
                        alignment: .trailing, style: Style(.accent, .bold))
        }
        let bottom = ScreenDrawing.row(area, area.height - 1)
        if let parking = state.parking {
            drawParking(parking, into: &frame, in: area)
        } else if let entry = state.discount {
            entry.draw(into: &frame, in: Rect(x: area.x, y: area.y + area.height - CartDiscountEntry.height, width: area.width,
                                              height: CartDiscountEntry.height))
        } else if state.isConfirmingEmpty {
            ScreenDrawing.text(tr("Empty the whole cart? y = yes, any other key = no"), into: &frame, in: bottom, role: .warning, attributes: .bold)
        } else if let message = state.message {
            let isError: Bool = if case .parkingRefused = message { true } else { message == .emptyCartRefused }
            ScreenDrawing.text(words(message), into: &frame, in: bottom, role: isError ? .error : .success)
        }
    }
}

/// The cart as rows: each line, then its discount under it (price, discount, new price); the
/// order's discount among the totals.
struct CartRows {
    struct Row {
        let text: String
        let detail: String
        /// The cart line it belongs to.
        let line: Int
        let isDiscount: Bool
    }

    let lines: [Row]
    /// Above the total when the order has a discount: the subtotal, then the discount.
    let totals: [(String, String)]

    init(_ cart: Cart) {
        let pricing = cart.pricing
        var rows: [Row] = []
        for (index, line) in cart.lines.enumerated() {
            let text = tr("{0} × {1}  @ {2}", line.quantity, tr(line.product.name), line.product.price.formatted())
            rows.append(Row(text: text, detail: line.total?.formatted() ?? "", line: index, isDiscount: false))
            if let discount = cart.lineDiscount(for: line.id), pricing.lines.indices.contains(index) {
                let priced = pricing.lines[index]
                let after = Money(minorUnits: priced.afterLineDiscount, currency: cart.currency)
                rows.append(Row(text: DiscountWording.described(discount.adjustment, discount.reason, note: discount.note),
                                detail: tr("-{0} → {1}", Money(minorUnits: priced.lineDiscount, currency: cart.currency).formatted(), after.formatted()),
                                line: index, isDiscount: true))
            }
        }
        lines = rows
        if let discount = cart.orderDiscount {
            totals = [(tr("Subtotal"), Money(minorUnits: pricing.totalBeforeOrderDiscount, currency: cart.currency).formatted()),
                      (tr("Order discount {0} · {1}", DiscountWording.size(discount.adjustment), DiscountWording.reason(discount.reason, note: discount.note)),
                       "-" + Money(minorUnits: pricing.orderDiscount, currency: cart.currency).formatted())]
        } else {
            totals = []
        }
    }
}

import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// The whole counter as one feature: a stack of screens, the help overlay, and quitting. The
/// store's screens share `session` (the cart behind the badge, who is shopping).
public enum AppFeature {
    public enum Screen: Equatable, Sendable {
        case home(HomeFeature.State)
        case comingSoon(ComingSoonFeature.State)
        case catalog(CatalogFeature.State)
        case details(ProductDetailsFeature.State)
        case cart(CartFeature.State)
        case checkout(CheckoutFeature.State)
        case receipt(ReceiptFeature.State)
        case account(AccountFeature.State)
        case auth(AuthFeature.State)
        case savedCards(SavedCardsFeature.State)
        case orders(OrdersFeature.State)
        case subscriptions(SubscriptionsFeature.State)
        case auction(AuctionFeature.State)
        case payment(PaymentScreensFeature.State)

        /// Store screens carry the cart badge in the header.
        var isStore: Bool {
            switch self {
            case .home, .comingSoon, .auction: false
            default: true
            }
        }
    }

    public struct State: Equatable, Sendable {
        /// The navigation stack; the last screen is the one shown. Never empty.
        public var stack: [Screen] = [.home(HomeFeature.State())]
        public var session = StoreSession()
        public var isShowingHelp = false
        public var exitStatus: Int32?
        /// A kiosk refuses `q` and Ctrl+C.
        public var isKiosk = false
        /// Something the person should know that belongs to no screen (a theme that could not
        /// be used, say), shown on the header line until they press a key.
        public var notice: String?
        /// Asking "Quit?" because the cart holds something (its buttons: Quit, Stay).
        public var quitDialog: ModalDialogState?

        public init(isKiosk: Bool = false, notice: String? = nil) {
            self.isKiosk = isKiosk
            self.notice = notice
            // A kiosk's home has no Quit from its first frame (its attract demo's too).
            stack = [.home(AppFeature.kioskHome(isKiosk: isKiosk))]
        }

        public var top: Screen { stack[stack.count - 1] }
    }

    public enum Action: Equatable, Sendable {
        case home(HomeFeature.Action)
        case catalog(CatalogFeature.Action)
        case details(ProductDetailsFeature.Action)
        case cart(CartFeature.Action)
        case checkout(CheckoutFeature.Action)
        case receipt(ReceiptFeature.Action)
        case account(AccountFeature.Action)
        case auth(AuthFeature.Action)
        case savedCards(SavedCardsFeature.Action)
        case orders(OrdersFeature.Action)
        case subscriptions(SubscriptionsFeature.Action)
        case auction(AuctionFeature.Action)
        case payment(PaymentScreensFeature.Action)
        /// The shopper logged out; the counter's cart is a guest's (empty) one again.
        case loggedOut(cart: Cart)
        /// The core ran its due work (renewals): screens that show it reload.
        case dueWorkRan
        case dismissNotice
        /// What the kiosk shell asks of the counter (AppFeature+Kiosk.swift).
        case kiosk(KioskRequest)
        case back
        case toggleHelp
        /// `q` or the home's Quit: asks first when the cart holds something.
        case quit
        /// Ctrl+C, or Quit chosen in the dialog: the counter ends.
        case quitNow
        /// A key while "Quit?" is asked: y or the Quit button ends, n, Esc or Stay goes back.
        case quitDialogKey(Key)
    }

    public static func reduce(_ state: inout State, _ action: Action, client: StoreClient,
                              auctions: AuctionEnvironment = AuctionEnvironment()) -> Effect<Action> {
        switch action {
        // MARK: Navigation asked for by the screens
        case let .home(.open(destination)):
            switch destination {
            case .quit:
                return .send(.quit)
            case .honeyStore:
                state.stack.append(.catalog(CatalogFeature.State()))
                state.session.cart = client.cart()
                state.session.shopper = client.shopper()
                return .send(.catalog(.load))
            case .auctions:
                state.stack.append(.auction(AuctionFeature.State()))
                return .send(.auction(.onAppear))
            }
        case let .catalog(.delegate(delegate)):
            switch delegate {
            case .openProduct(let product): state.stack.append(.details(ProductDetailsFeature.State(product: product)))
            case .openCart: state.stack.append(.cart(CartFeature.State()))
            case .openAccount: state.stack.append(.account(AccountFeature.State()))
            }
            return .none
        case let .details(.delegate(delegate)):
            switch delegate {
            case .cartChanged(let cart): state.session.cart = cart
            case .openCart: state.stack.append(.cart(CartFeature.State()))
            }
            return .none
        case let .cart(.delegate(delegate)):
            switch delegate {
            case .cartChanged(let cart): state.session.cart = cart
            case .proceedToCheckout:
                // A cart whose payment is still being checked opens on that check, not on Pay.
                let checkout = CheckoutFeature.State(savedCards: state.session.shopper == nil ? [] : client.savedCards(), now: client.now(),
                                                     unsettledOrder: client.unsettledOrder())
                state.stack.append(.checkout(checkout))
                return CheckoutFeature.onAppear(checkout, client: client).map(Action.checkout)
            }
            return .none
        case let .checkout(.delegate(delegate)):
            switch delegate {
            case .back:
                state.stack.removeLast()
            case let .payWith(method):
                state.stack.append(.payment(PaymentScreensFeature.State(method: method, cart: state.session.cart, now: client.now(),
                                                                        localeCountry: client.payments.localeCountry)))
                return .send(.payment(.start))
            case let .paid(receipt, at):
                state.session.cart = client.cart()
                // Back to the shelves under the receipt: Esc or Enter from it continues shopping.
                while state.stack.count > 1, !isCatalog(state.top) { state.stack.removeLast() }
                state.stack.append(.receipt(ReceiptFeature.State(receipt: receipt, paidAt: at)))
            }
            return .none
        case .receipt(.done):
            return .send(.back)
        case let .account(.delegate(item)):
            switch item {
            case .logIn: state.stack.append(.auth(AuthFeature.State(mode: .logIn)))
            case .signUp: state.stack.append(.auth(AuthFeature.State(mode: .signUp)))
            case .savedCards: state.stack.append(.savedCards(SavedCardsFeature.State(cards: client.savedCards())))
            case .orders: state.stack.append(.orders(OrdersFeature.State(orders: client.orders())))
            case .subscriptions:
                state.stack.append(.subscriptions(SubscriptionsFeature.State()))
                return .send(.subscriptions(.reload))
            case .logOut:
                return .run { send in
                    client.logOut()
                    send(.loggedOut(cart: client.cart()))
                }
            }
            return .none
        case let .loggedOut(cart):
            state.session.shopper = nil
            state.session.cart = cart
            updateTop(&state) { (account: inout AccountFeature.State) in
                account.selection = 0
                account.message = tr("Logged out. Your cart and saved cards stay with your account.")
            }
            return .none
        case let .auth(.delegate(.signedIn(email))):
            state.session.shopper = email
            state.session.cart = client.cart()
            state.stack.removeLast()
            updateTop(&state) { (account: inout AccountFeature.State) in
                account.selection = 0
                account.message = tr("Welcome, {0}. Your cart came with you.", email)
            }
            return .none
        case let .orders(.delegate(order)):
            state.stack.append(.receipt(ReceiptFeature.State(order: order)))
            return .none

        // MARK: Each screen's own actions
        case let .home(action):
            return route(&state, action, Screen.home, { if case let .home(s) = $0 { s } else { nil } }) { s, a in
                HomeFeature.reduce(&s, a)
            }.map(Action.home)
        case let .catalog(action):
            return route(&state, action, Screen.catalog, { if case let .catalog(s) = $0 { s } else { nil } }) { s, a in
                CatalogFeature.reduce(&s, a, client: client)
            }.map(Action.catalog)
        case let .details(action):
            let session = state.session
            return route(&state, action, Screen.details, { if case let .details(s) = $0 { s } else { nil } }) { s, a in
                ProductDetailsFeature.reduce(&s, a, session: session, client: client)
            }.map(Action.details)
        case let .cart(action):
            let session = state.session
            return route(&state, action, Screen.cart, { if case let .cart(s) = $0 { s } else { nil } }) { s, a in
                CartFeature.reduce(&s, a, session: session, client: client)
            }.map(Action.cart)
        case let .checkout(action):
            let session = state.session
            return route(&state, action, Screen.checkout, { if case let .checkout(s) = $0 { s } else { nil } }) { s, a in
                CheckoutFeature.reduce(&s, a, session: session, client: client)
            }.map(Action.checkout)
        case let .account(action):
            let session = state.session
            return route(&state, action, Screen.account, { if case let .account(s) = $0 { s } else { nil } }) { s, a in
                AccountFeature.reduce(&s, a, session: session)
            }.map(Action.account)
        case let .auth(action):
            return route(&state, action, Screen.auth, { if case let .auth(s) = $0 { s } else { nil } }) { s, a in
                AuthFeature.reduce(&s, a, client: client)
            }.map(Action.auth)
        case let .savedCards(action):
            return route(&state, action, Screen.savedCards, { if case let .savedCards(s) = $0 { s } else { nil } }) { s, a in
                SavedCardsFeature.reduce(&s, a, client: client)
            }.map(Action.savedCards)
        case let .orders(action):
            return route(&state, action, Screen.orders, { if case let .orders(s) = $0 { s } else { nil } }) { s, a in
                OrdersFeature.reduce(&s, a)
            }.map(Action.orders)
        case let .subscriptions(action):
            return route(&state, action, Screen.subscriptions, { if case let .subscriptions(s) = $0 { s } else { nil } }) { s, a in
                SubscriptionsFeature.reduce(&s, a, client: client)
            }.map(Action.subscriptions)
        case let .auction(action):
            return route(&state, action, Screen.auction, { if case let .auction(s) = $0 { s } else { nil } }) { s, a in
                AuctionFeature.reduce(&s, a, auctions)
            }.map(Action.auction)
        case let .payment(.delegate(.close(paid))):
            guard paid else { return .send(.back) }
            // Paid: the jars are the shopper's; back to the shelves, as after a card payment.
            state.session.cart = client.emptyCart()
            while state.stack.count > 2, !isCatalog(state.top) { state.stack.removeLast() }
            return .send(.catalog(.load))
        case let .payment(action):
            return route(&state, action, Screen.payment, { if case let .payment(s) = $0 { s } else { nil } }) { s, a in
                PaymentScreensFeature.reduce(&s, a, client: client.payments)
            }.map(Action.payment)
        case .dueWorkRan:
            if case .subscriptions = state.top { return .send(.subscriptions(.reload)) }
            return .none

        // MARK: The same everywhere
        case .back:
            if state.isShowingHelp {
                state.isShowingHelp = false
            } else if state.stack.count > 1 {
                state.stack.removeLast()
                // The screen under the one closed shows what changed meanwhile: the cart, and the
                // shelves' stock after a purchase.
                if state.top.isStore { state.session.cart = client.cart() }
                if isCatalog(state.top) { return .send(.catalog(.load)) }
            }
            return .none
        case .toggleHelp:
            state.isShowingHelp.toggle()
            return .none
        case .dismissNotice:
            state.notice = nil
            return .none
        case let .kiosk(request):
            return reduceKiosk(&state, request, client: client, auctions: auctions)
        case .quit:
            guard !state.isKiosk else { return .none }
            // A full cart is not left by one key: a guest's is gone once the counter ends.
            if !state.session.cart.isEmpty {
                state.quitDialog = ModalDialogState(buttonCount: 2, focusedButton: 1)
                return .none
            }
            return .send(.quitNow)
        case .quitNow:
            if !state.isKiosk { state.exitStatus = 0 }
            return .none
        case .quitDialogKey(let key):
            guard var dialog = state.quitDialog else { return .none }
            let event: DialogEvent? = switch key {
            case .character("y"): .chose(0)
            case .character("n"): .dismissed
            default: dialog.update(key)
            }
            state.quitDialog = event == nil ? dialog : nil
            return event == .chose(0) ? .send(.quitNow) : .none
        }
    }

    /// Runs a screen's reducer on the top screen when it is of that kind; actions for a screen
    /// that is no longer on top (a late answer) are dropped.
    private static func route<S, A>(_ state: inout State, _ action: A, _ embed: (S) -> Screen, _ extract: (Screen) -> S?,
                                    _ reduce: (inout S, A) -> Effect<A>) -> Effect<A> {
        guard var screen = extract(state.top) else { return .none }
        let effect = reduce(&screen, action)
        state.stack[state.stack.count - 1] = embed(screen)
        return effect
    }

    private static func updateTop(_ state: inout State, _ change: (inout AccountFeature.State) -> Void) {
        guard case var .account(account) = state.top else { return }
        change(&account)
        state.stack[state.stack.count - 1] = .account(account)
    }

    private static func isCatalog(_ screen: Screen) -> Bool {
        if case .catalog = screen { return true }
        return false
    }
}

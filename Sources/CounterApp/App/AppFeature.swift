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
        case paymentsPIN(PaymentsPINFeature.State)
        case orders(OrdersFeature.State)
        case subscriptions(SubscriptionsFeature.State)
        case auction(AuctionFeature.State)
        case payment(PaymentScreensFeature.State)
        case backOffice(BackOfficeFeature.State)
        case till(TillFeature.State)
        case parked(ParkedSalesFeature.State)
        case catalogue(CatalogueFeature.State)
        case staffList(StaffListFeature.State)
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
        /// Who serves at this counter (issue 36); nobody is asked until the shop has staff.
        public var staff = StaffDesk.State()
        /// How often the terminal's bell was asked for (a scan refused): drawn into each frame.
        public var bells = 0

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
        case paymentsPIN(PaymentsPINFeature.Action)
        case orders(OrdersFeature.Action)
        case subscriptions(SubscriptionsFeature.Action)
        case auction(AuctionFeature.Action)
        case payment(PaymentScreensFeature.Action)
        case backOffice(BackOfficeFeature.Action)
        case till(TillFeature.Action)
        case parked(ParkedSalesFeature.Action)
        case catalogue(CatalogueFeature.Action)
        case staffList(StaffListFeature.Action)
        /// Who serves (issue 36): sign in, sign out, the idle lock.
        case staff(StaffDesk.Action)
        /// The shopper logged out; the counter's cart is a guest's (empty) one again.
        case loggedOut(cart: Cart)
        /// Opens a screen whose state had to be read from the store first (saved cards, the
        /// loop's time), and starts what it does on opening.
        case push(Screen)
        /// The store's answer when the counter re-reads who is shopping and their cart.
        /// `keepsGuestCart`: a guest's cart stays at this counter across restarts (a named counter).
        case sessionLoaded(cart: Cart, shopper: String?, keepsGuestCart: Bool = false)
        /// The store's answer when the counter re-reads the cart (the badge's copy).
        case cartLoaded(Cart)
        /// The core ran its due work (renewals): screens that show it reload.
        case dueWorkRan
        /// Another counter of the fleet changed stock or saved cards: the screen showing them reloads.
        case fleetNews(FleetNews)
        /// Whether the fleet's shared server can be reached (it went away, or it is back).
        case serverReach(away: Bool)
        case dismissNotice
        /// What the kiosk shell asks of the counter (AppFeature+Kiosk.swift).
        case kiosk(KioskRequest)
        /// A barcode scanned (AppFeature+Scanning.swift).
        case scan(ScanAction)
        /// A scanned code that no product carries: a staff badge, for the staff's sign-in to
        /// claim; unclaimed, it is "not in the catalogue".
        case badgeScanned(String)
        case back
        case toggleHelp
        /// `q` or the home's Quit: asks first when the cart holds something.
        case quit
        /// Ctrl+C, or Quit chosen in the dialog: the counter ends.
        case quitNow
        /// A key while "Quit?" is asked: y or the Quit button ends, n, Esc or Stay goes back.
        case quitDialogKey(Key)
    }

    public typealias Effects = Effect<Action, AppEnvironment>

    public static func reduce(_ state: inout State, _ action: Action) -> Effects {
        switch action {
        // MARK: Navigation asked for by the screens
        case let .home(.open(destination)):
            switch destination {
            case .quit:
                return .send(.quit)
            case .honeyStore:
                // Who is shopping and their cart first, then the shelves (the catalogue's load).
                return .merge(.run { env, send in send(.sessionLoaded(cart: env.store.cart(), shopper: env.store.shopper(),
                                                                            keepsGuestCart: env.store.keepsGuestCart())) },
                              push(&state, .catalog(CatalogFeature.State())))
            case .auctions:
                return push(&state, .auction(AuctionFeature.State()))
            case .operatorDesk where state.staff.serving != nil && !state.isKiosk:
                // Someone signed in: the back office is theirs, no shared PIN asked.
                return .send(.kiosk(.openBackOffice))
            case .operatorDesk:
                // The PIN is the shell's (it keeps the lockout); past it, the shell asks back for
                // the back office (`KioskRequest.openBackOffice`).
                return .run { env, _ in env.openOperator() }
            }
        case let .catalog(.delegate(delegate)):
            switch delegate {
            case .openProduct(let product): state.stack.append(.details(ProductDetailsFeature.State(product: product)))
            case .openCart: state.stack.append(.cart(CartFeature.State(canPark: !state.isKiosk, takesDiscounts: !state.isKiosk)))
            case .openAccount: return openAccount()
            }
            return .none
        case let .details(.delegate(delegate)):
            switch delegate {
            case .cartChanged(let cart): state.session.cart = cart
            case .openCart: state.stack.append(.cart(CartFeature.State(canPark: !state.isKiosk, takesDiscounts: !state.isKiosk)))
            }
            return .none
        case let .cart(.delegate(delegate)):
            switch delegate {
            case .cartChanged(let cart): state.session.cart = cart
            case .proceedToCheckout:
                let isGuest = state.session.shopper == nil
                let hasTill = !state.isKiosk
                return .run { env, send in
                    // A cart whose payment is still being checked opens on that check, not on Pay.
                    let client = env.store
                    send(.push(.checkout(CheckoutFeature.State(savedCards: isGuest ? [] : client.savedCards(), now: client.now(),
                                                               unsettledOrder: client.unsettledOrder(),
                                                               paymentsLocked: !isGuest && client.paymentsLocked(),
                                                               cashRounding: hasTill ? client.cashRounding() : nil,
                                                               paidSoFar: client.paidSoFar()))))
                }
            case .openParked:
                return push(&state, .parked(ParkedSalesFeature.State()))
            }
            return .none
        case let .parked(.delegate(.resumed(cart, name))):
            // Back to the cart, which now holds the parked sale's jars.
            state.session.cart = cart
            state.stack.removeLast()
            if case var .cart(screen) = state.top {
                screen.message = .resumed(name: name)
                screen.list.clamp(count: cart.lines.count)
                state.stack[state.stack.count - 1] = .cart(screen)
            }
            return .none
        case let .checkout(.delegate(delegate)):
            switch delegate {
            case .back:
                state.stack.removeLast()
            case let .payWith(method):
                let cart = state.session.cart
                return .run { env, send in
                    send(.push(.payment(PaymentScreensFeature.State(method: method, cart: cart, now: env.store.now(),
                                                                    localeCountry: env.store.payments.localeCountry))))
                }
            case let .paid(receipt, at):
                // Back to the shelves under the receipt: Esc or Enter from it continues shopping.
                while state.stack.count > 1, !isCatalog(state.top) { state.stack.removeLast() }
                state.stack.append(.receipt(ReceiptFeature.State(receipt: receipt, paidAt: at)))
                return reloadCart()
            case let .paidInCash(receipt), let .paidInParts(receipt):
                while state.stack.count > 1, !isCatalog(state.top) { state.stack.removeLast() }
                state.stack.append(.receipt(ReceiptFeature.State(paid: receipt)))
                if case .cash(let cash) = receipt.tender { state.session.changeDue = cash.change }
                return reloadCart()
            }
            return .none
        case .receipt(.done):
            return .send(.back)
        case let .account(.delegate(item)):
            switch item {
            case .logIn: state.stack.append(.auth(AuthFeature.State(mode: .logIn)))
            case .signUp: state.stack.append(.auth(AuthFeature.State(mode: .signUp)))
            case .savedCards: return .run { env, send in send(.push(.savedCards(SavedCardsFeature.State(cards: env.store.savedCards())))) }
            case .orders: return .run { env, send in send(.push(.orders(OrdersFeature.State(entries: env.store.history())))) }
            case .subscriptions:
                return push(&state, .subscriptions(SubscriptionsFeature.State()))
            case .setPIN: state.stack.append(.paymentsPIN(PaymentsPINFeature.State(mode: .set)))
            case .changePIN: state.stack.append(.paymentsPIN(PaymentsPINFeature.State(mode: .change)))
            case .logOut:
                return .run { env, send in
                    env.store.logOut()
                    send(.loggedOut(cart: env.store.cart()))
                }
            }
            return .none
        case let .loggedOut(cart):
            state.session.shopper = nil
            state.session.cart = cart
            updateTop(&state) { (account: inout AccountFeature.State) in
                account.list = ListSelection()
                account.message = .loggedOut
            }
            return .none
        case let .push(screen):
            return push(&state, screen)
        case let .sessionLoaded(cart, shopper, keepsGuestCart):
            state.session.cart = cart
            state.session.shopper = shopper
            state.session.keepsGuestCart = keepsGuestCart
            return .none
        case let .cartLoaded(cart):
            state.session.cart = cart
            return .none
        case let .auction(.delegate(.signIn(mode))):
            state.stack.append(.auth(AuthFeature.State(mode: mode)))
            return .none
        case let .auth(.delegate(.signedIn(email))):
            // Still the guest's cart: said to have come along only when it had jars.
            let broughtCart = !state.session.cart.lines.isEmpty
            state.session.shopper = email
            state.stack.removeLast()
            // Signed in from the auction's payment step: back to that step, which reads her cards.
            if case .auction = state.top { return .merge(reloadCart(), .send(.auction(.signedIn))) }
            updateTop(&state) { (account: inout AccountFeature.State) in
                account.list = ListSelection()
                account.message = .welcome(email: email, broughtCart: broughtCart)
            }
            // The guest's cart went into the account: the badge shows the account's.
            return .merge(reloadCart(), .run { env, send in send(.account(.pinStatusLoaded(env.store.hasPaymentsPIN()))) })
        case let .paymentsPIN(.delegate(.saved(mode))):
            state.stack.removeLast()
            updateTop(&state) { (account: inout AccountFeature.State) in
                account.hasPaymentsPIN = true
                account.message = mode == .set ? .pinSet : .pinChanged
            }
            return .none
        case let .orders(.delegate(order)):
            return .run { env, send in
                send(.push(.receipt(ReceiptFeature.State(order: order, tender: env.store.paidReceipt(order.number)?.tender ?? .unknown))))
            }

        case let .payment(.delegate(.leftBeforeTheAnswer(order))):
            // Back to the shelves with the cart as it is: its order waits for the bank, and the
            // core refuses to pay it twice meanwhile.
            state.notice = BankWords.leftBeforeTheAnswer(order: order)
            while state.stack.count > 2, !isCatalog(state.top) { state.stack.removeLast() }
            return .merge(reloadCart(), .send(.catalog(.load)))
        case .payment(.delegate(.paid)):
            // The jars are the order's now, as `close(paid:)` below says: emptied at once, so a
            // counter closed on the method's last step does not keep a paid cart.
            return .run { env, send in send(.cartLoaded(env.store.emptyCart())) }
        case let .payment(.delegate(.close(paid))):
            guard paid else { return .send(.back) }
            guard case let .payment(payment) = state.top else { return .none }
            // Paid: the jars are the shopper's; the receipt, over the shelves, as after a card
            // payment. Only an order paid since these screens opened is theirs: a wallet's
            // "possible success" has no paid order yet, and an earlier purchase's receipt would lie.
            while state.stack.count > 2, !isCatalog(state.top) { state.stack.removeLast() }
            return .merge(.run { env, send in
                send(.cartLoaded(env.store.emptyCart()))
                if let receipt = env.store.latestPaidReceipt(), receipt.paidAt >= payment.openedAt {
                    send(.push(.receipt(ReceiptFeature.State(paid: receipt))))
                }
            }, .send(.catalog(.load)))
        case .dueWorkRan:
            if case .subscriptions = state.top { return .send(.subscriptions(.reload)) }
            if case .auction = state.top { return .send(.auction(.dueWorkRan)) }
            return .none
        case let .fleetNews(news):
            return reloadAfter(news, state)
        case let .serverReach(away):
            state.session.isServerAway = away
            return .none

        // MARK: The same everywhere
        case .back:
            if state.isShowingHelp {
                state.isShowingHelp = false
            } else if state.stack.count > 1 {
                state.stack.removeLast()
                forgetWhatIsNoLongerTrue(&state)
                // The screen under the one closed shows what changed meanwhile: the cart, and the
                // shelves' stock after a purchase.
                let cart: Effects = state.top.isStore ? reloadCart() : .none
                if isCatalog(state.top) { return .merge(cart, .send(.catalog(.load))) }
                return cart
            }
            return .none
        case .toggleHelp:
            state.isShowingHelp.toggle()
            return .none
        case .dismissNotice:
            state.notice = nil
            return .none
        case let .kiosk(request):
            return reduceKiosk(&state, request)
        case let .scan(scan):
            return reduceScan(&state, scan)
        case let .badgeScanned(code):
            return reduceBadge(&state, code)
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

        // The till is a staffed counter's: a kiosk has no drawer.
        case .backOffice(.openTill):
            guard !state.isKiosk else { return .none }
            return push(&state, .till(TillFeature.State(serving: state.staff.serving)))
        case .backOffice(.openCatalogue(let manager)):
            return push(&state, .catalogue(CatalogueFeature.State(approvedBy: manager)))

        case .staff(let action):
            return reduceStaff(&state, action)
        case .backOffice(.openStaff):
            return push(&state, .staffList(StaffListFeature.State(serving: state.staff.serving)))
        case .staffList(.added(.success)), .staffList(.disabled(.success)):
            // The staff changed: whether the counter asks who is serving may have too.
            let route = state.top.kind.route(&state, action) ?? .none
            return .merge(route, .send(.staff(.checkStaff)))

        // MARK: Each screen's own actions
        case .home, .catalog, .details, .cart, .checkout, .account, .auth, .savedCards, .paymentsPIN, .orders, .subscriptions, .auction, .payment,
             .backOffice, .till, .parked, .catalogue, .staffList:
            // The top screen's kind runs its reducer; an action for a screen no longer on top
            // (a late answer) is dropped.
            return state.top.kind.route(&state, action) ?? .none
        }
    }

    /// The account menu, knowing whether the shopper has a payments PIN.
    private static func openAccount() -> Effects {
        .run { env, send in send(.push(.account(AccountFeature.State(hasPaymentsPIN: env.store.hasPaymentsPIN())))) }
    }

    /// Opens `screen` on top, and starts what it starts on opening.
    private static func push(_ state: inout State, _ screen: Screen) -> Effects {
        state.stack.append(screen)
        return screen.kind.appear(screen)
    }

    /// "Added 1 × Acacia honey" speaks of the cart as it was: back on the jar after the cart
    /// changed on another screen (emptied, say), a message that is no longer true goes.
    private static func forgetWhatIsNoLongerTrue(_ state: inout State) {
        guard case var .details(details) = state.top, case let .added(quantity, _)? = details.message,
              state.session.cart.quantity(of: details.product.id) < quantity else { return }
        details.message = nil
        state.stack[state.stack.count - 1] = .details(details)
    }

    /// Re-reads the cart for the badge.
    /// What the other counters changed, re-read where it is on screen: the shelves' stock, a
    /// shopper's saved cards. Screens under the top one re-read when they come back (`back`).
    private static func reloadAfter(_ news: FleetNews, _ state: State) -> Effects {
        switch state.top {
        case .catalog where !news.stock.isEmpty || news.everything:
            return .send(.catalog(.load))
        case .savedCards where !news.savedCardsOf.isEmpty || news.everything:
            return .run { env, send in send(.savedCards(.cardsChanged(env.store.savedCards()))) }
        default:
            return .none
        }
    }

    private static func reloadCart() -> Effects {
        .run { env, send in send(.cartLoaded(env.store.cart())) }
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

import TerminalUI

/// Which action a key or a click means, on the screen on top.
extension AppFeature {
    /// Keys that mean the same on every screen, then the top screen's own keys. A screen with a
    /// text field in focus gets every key but Ctrl+C (so `q` and `?` are typed).
    public static func action(for event: InputEvent, in state: State, size: Size) -> Action? {
        if case .key(.control("c")) = event { return .quitNow }
        if state.quitDialog != nil {
            // Modal: every key answers the dialog.
            guard case let .key(key) = event else { return nil }
            return .quitDialogKey(key)
        }
        if state.notice != nil, case .key = event { return .dismissNotice }
        if state.isShowingHelp {
            if case .key = event { return .toggleHelp }
            return nil
        }
        if case let .mouse(.left, at: point) = event, state.top.isStore {
            return clickAction(at: point, in: state, size: size)
        }
        if let action = screenAction(for: event, in: state, size: size) { return action }
        if hasTextFocus(state.top) { return event == .key(.escape) ? .back : nil }
        switch event {
        case .key(.escape): return .back
        case .key(.character("?")): return .toggleHelp
        case .key(.character("q")): return .quit
        default: return nil
        }
    }

    private static func screenAction(for event: InputEvent, in state: State, size: Size) -> Action? {
        switch state.top {
        case let .home(home):
            let layout = HomeFeature.Layout(in: contentArea(size), rowCount: home.destinations.count)
            return HomeFeature.action(for: event, in: home, layout: layout).map(Action.home)
        case .comingSoon:
            return nil
        case let .catalog(s): return CatalogFeature.action(for: event, in: s).map(Action.catalog)
        case let .details(s): return ProductDetailsFeature.action(for: event, in: s).map(Action.details)
        case let .cart(s): return CartFeature.action(for: event, in: s).map(Action.cart)
        case let .checkout(s): return CheckoutFeature.action(for: event, in: s).map(Action.checkout)
        case .receipt:
            return event == .key(.enter) ? .receipt(.done) : nil
        case let .account(s): return AccountFeature.action(for: event, in: s).map(Action.account)
        case let .auth(s): return AuthFeature.action(for: event, in: s).map(Action.auth)
        case let .savedCards(s): return SavedCardsFeature.action(for: event, in: s).map(Action.savedCards)
        case let .orders(s): return OrdersFeature.action(for: event, in: s).map(Action.orders)
        case let .subscriptions(s): return SubscriptionsFeature.action(for: event, in: s).map(Action.subscriptions)
        case let .auction(s): return AuctionFeature.action(for: event, in: s, size: size).map(Action.auction)
        case let .payment(s): return PaymentScreensFeature.action(for: event, in: s).map(Action.payment)
        }
    }

    static func hasTextFocus(_ screen: Screen) -> Bool {
        switch screen {
        case let .checkout(s): CheckoutFeature.hasTextFocus(s)
        case let .auth(s): AuthFeature.hasTextFocus(s)
        case let .catalog(s): s.filter != nil
        case let .auction(s): AuctionFeature.isTyping(s)
        case let .payment(s): PaymentScreensFeature.hasTextFocus(s)
        default: false
        }
    }

    public static func keyHints(for state: State) -> [KeyHint] {
        var hints: [KeyHint]
        switch state.top {
        case let .home(s): hints = HomeFeature.keyHints(s)
        case .comingSoon: hints = [KeyHint("Esc", "Back")]
        case let .catalog(s): hints = CatalogFeature.keyHints(s)
        case let .details(s): hints = ProductDetailsFeature.keyHints(s)
        case let .cart(s): hints = CartFeature.keyHints(s)
        case let .checkout(s): hints = CheckoutFeature.keyHints(s)
        case .receipt: hints = ReceiptFeature.keyHints
        case .account: hints = AccountFeature.keyHints
        case .auth: hints = AuthFeature.keyHints
        case let .savedCards(s): hints = SavedCardsFeature.keyHints(s)
        case .orders: hints = OrdersFeature.keyHints
        case let .subscriptions(s): hints = SubscriptionsFeature.keyHints(s)
        case let .auction(s): hints = AuctionFeature.keyHints(for: s)
        case let .payment(s): hints = PaymentScreensFeature.keyHints(s)
        }
        if !hasTextFocus(state.top) {
            hints.append(KeyHint("?", "Keys"))
            if !state.isKiosk { hints.append(KeyHint("q", "Quit")) }
        }
        return hints
    }
}

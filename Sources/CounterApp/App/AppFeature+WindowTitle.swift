import Localization

extension AppFeature {
    /// The terminal window's title: the counter and the screen shown, so that a person with
    /// several windows (or a screen reader announcing the window) knows where the counter is.
    public static func windowTitle(_ state: State) -> String {
        tr("Checkout Counter") + " · " + screenName(state.top)
    }

    /// A screen's name, as its heading or the menu that opens it says.
    static func screenName(_ screen: Screen) -> String {
        switch screen {
        case .home, .comingSoon: tr("Home")
        case .catalog: tr("Honey Store")
        case .details: tr("Details")
        case .cart: tr("Cart")
        case .checkout: tr("Checkout")
        case .receipt: tr("Receipt")
        case .account: tr("Account")
        case .auth: tr("Log in")
        case .savedCards: tr("Saved cards")
        case .orders: tr("Orders")
        case .subscriptions: tr("Subscriptions")
        case .auction: tr("Auction")
        case .payment: tr("Payment")
        }
    }
}

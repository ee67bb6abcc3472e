import CheckoutKit
import Localization

/// The shopper's account as numbered lines: the account screen's own menu (saved cards, order
/// history, subscriptions, the payments PIN, log out), asked again after each part until Back.
extension AccessibleCounter {
    func accountMenu() throws {
        while let email = client.shopper() {
            say("")
            say(tr("Your account"))
            say(tr("Logged in as {0}.", email))
            let items = AccountFeature.items(signedIn: true, hasPIN: client.hasPaymentsPIN())
            let choice = try choose(items.map(\.title) + [tr("Back to the main menu")])
            guard choice <= items.count else { return }
            switch items[choice - 1] {
            case .savedCards: try savedCards()
            case .orders: orderHistory()
            case .subscriptions: try subscriptions()
            case .setPIN: try paymentsPIN(.set)
            case .changePIN: try paymentsPIN(.change)
            case .logOut, .logIn, .signUp:
                signOut()
                return
            }
        }
    }

    /// A screen's feature driven by lines: its reducer and its effects as the screen runs them,
    /// on this counter's client, so the checks and the answers are the screen's. `delegate` sees
    /// each action on its way in (the ones a feature sends up to its parent).
    func feature<State, Action>(_ state: State, _ reduce: @escaping (inout State, Action) -> Effect<Action, StoreClient>,
                                delegate: @escaping (Action) -> Void = { _ in }) -> Store<State, Action, StoreClient> {
        Store(initialState: state, environment: client) { state, action in
            delegate(action)
            return reduce(&state, action)
        }
    }

    /// "Visa ending 4242": a card as a line is read (four bullets read as four words).
    func spokenName(_ card: PaymentCard) -> String {
        CardNaming.spoken.name(card)
    }
}

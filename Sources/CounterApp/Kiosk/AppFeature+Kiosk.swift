import TerminalUI

/// What the kiosk shell may ask of the counter. The shell never reaches into the screens' state:
/// it asks, and the counter's reducer does it, so the rules of the stack stay in one place.
public enum KioskRequest: Equatable, Sendable {
    /// A kiosk's home offers no "Quit": nobody at the counter may close it.
    case lockHome
    /// The shopper walked away: cart emptied, shopper logged out, dialogs and help closed, home.
    /// Completed orders and saved cards are in the database and stay.
    case resetSession
    /// Back to a fresh home (after a receipt has been shown long enough).
    case goHome
}

extension AppFeature {
    static func reduceKiosk(_ state: inout State, _ request: KioskRequest, client: StoreClient) -> Effect<Action> {
        switch request {
        case .lockHome:
            state.stack = [.home(kioskHome(isKiosk: state.isKiosk))]
            return .none
        case .goHome:
            state.stack = [.home(kioskHome(isKiosk: state.isKiosk))]
            state.isShowingHelp = false
            state.notice = nil
            return .none
        case .resetSession:
            state.stack = [.home(kioskHome(isKiosk: state.isKiosk))]
            state.isShowingHelp = false
            state.notice = nil
            state.session.shopper = nil
            return .run { send in
                // The guest's cart is the counter's own: empty it before and after logging out,
                // so neither the shopper's nor the guest's jars wait for the next person.
                _ = client.emptyCart()
                client.logOut()
                send(.loggedOut(cart: client.emptyCart()))
            }
        }
    }

    static func kioskHome(isKiosk: Bool) -> HomeFeature.State {
        var home = HomeFeature.State()
        if isKiosk { home.destinations.removeAll { $0 == .quit } }
        return home
    }
}

/// What the kiosk shell needs to know about the counter, read after each event and tick.
public struct CounterSnapshot: Equatable, Sendable {
    /// The home screen with an empty cart and nobody signed in: nothing to lose, a demo may play.
    public var isRestingAtHome: Bool
    /// A charge is in flight (or a payment screen is open): the kiosk never resets then.
    public var isPaymentRunning: Bool
    /// The receipt of a purchase just made, while it is on screen.
    public var freshReceipt: ReceiptFeature.State?

    public init(isRestingAtHome: Bool = true, isPaymentRunning: Bool = false, freshReceipt: ReceiptFeature.State? = nil) {
        self.isRestingAtHome = isRestingAtHome
        self.isPaymentRunning = isPaymentRunning
        self.freshReceipt = freshReceipt
    }
}

extension AppFeature.State {
    public var kioskSnapshot: CounterSnapshot {
        var snapshot = CounterSnapshot()
        if case .home = top, stack.count == 1 {
            snapshot.isRestingAtHome = session.shopper == nil && session.cart.lines.isEmpty && !isShowingHelp
        } else {
            snapshot.isRestingAtHome = false
        }
        switch top {
        case let .checkout(checkout): snapshot.isPaymentRunning = checkout.isPaying
        // The express sheet, bank and wallet screens wait on a payment from the moment they open.
        case .payment: snapshot.isPaymentRunning = true
        // Receipts opened from the order history carry no card: only a purchase just made does.
        case let .receipt(receipt) where !receipt.cardLastFour.isEmpty: snapshot.freshReceipt = receipt
        default: break
        }
        return snapshot
    }
}

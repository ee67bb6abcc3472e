import TerminalUI

/// What the kiosk shell may ask of the counter. The shell never reaches into the screens' state:
/// it asks, and the counter's reducer does it, so the rules of the stack stay in one place.
public enum KioskRequest: Equatable, Sendable {
    /// The shopper walked away (or is done): cart emptied, shopper logged out, every message,
    /// notice and field gone, a fresh home. Completed orders and saved cards are in the database
    /// and stay. Sent once the counter has come home the shopper's way (`standDown`); should it
    /// not (a step that never ended), this is what forgets them anyway.
    case resetSession
    /// The operator, past the PIN, opens the back office (orders, refunds, reprints).
    case openBackOffice
}

extension AppFeature {
    static func reduceKiosk(_ state: inout State, _ request: KioskRequest) -> Effects {
        switch request {
        case .resetSession:
            state.stack = [.home(kioskHome(isKiosk: state.isKiosk))]
            state.isShowingHelp = false
            state.notice = nil
            state.session.shopper = nil
            // A kiosk's operator served until it started over.
            if state.isKiosk { state.staff.serving = nil }
            return .run { env, send in
                let client = env.store
                // A join flow still open (the reset could not step out of it) answers nobody now.
                env.auctions.close()
                // The guest's cart is the counter's own: empty it before and after logging out,
                // so neither the shopper's nor the guest's jars wait for the next person.
                _ = client.emptyCart()
                client.logOut()
                send(.loggedOut(cart: client.emptyCart()))
            }
        case .openBackOffice:
            return .send(.push(.backOffice(BackOfficeFeature.State(hasTill: !state.isKiosk, serving: state.staff.serving))))
        }
    }

    /// Home as a kiosk shows it: no "Quit" line (nobody at the counter may close it) and no
    /// "Operator" line (the operator's way in is F10, which no shopper is shown).
    static func kioskHome(isKiosk: Bool) -> HomeFeature.State {
        var home = HomeFeature.State()
        if isKiosk { home.destinations.removeAll { $0 == .quit || $0 == .operatorDesk } }
        return home
    }
}

extension AppFeature.State {
    /// Home as it first opens, with nothing on it: no other screen, help, notice or shopper, an
    /// empty cart (and the menu on its first line: a moved selection is someone's too).
    public var isAtRest: Bool {
        guard stack.count == 1, case let .home(home) = top, home == AppFeature.kioskHome(isKiosk: isKiosk) else { return false }
        return !isShowingHelp && notice == nil && session.shopper == nil && session.cart.lines.isEmpty
    }

    /// Home with nothing on top of it: how far Esc takes the counter.
    var isHome: Bool {
        guard stack.count == 1, case .home = top else { return false }
        return !isShowingHelp && notice == nil
    }
}

extension CounterApplication {
    /// The kiosk's way back to a fresh home: Esc, as the shopper would press it, again and again,
    /// so each screen cancels what it cancels on Esc (a 3-D Secure prompt, the express sheet, a
    /// wallet's code, a bank page) and nothing is left half-done. Stops where Esc changes
    /// nothing now (a charge the bank is answering swallows it); answers whether it got home.
    /// Called again a second later, it goes on from there.
    public func standDown(maxSteps: Int = 40) -> Bool {
        for _ in 0..<maxSteps {
            if state.isHome { return true }
            let before = state
            handle(.key(.escape))
            if state == before { return false }
        }
        return state.isHome
    }
}

/// What the kiosk shell needs to know about the counter, read after each event and tick.
public struct CounterSnapshot: Equatable, Sendable {
    /// The home screen with an empty cart and nobody signed in: nothing to lose, a demo may play.
    public var isRestingAtHome: Bool
    /// The receipt of a purchase just made, while it is on screen.
    public var freshReceipt: ReceiptFeature.State?

    public init(isRestingAtHome: Bool = true, freshReceipt: ReceiptFeature.State? = nil) {
        self.isRestingAtHome = isRestingAtHome
        self.freshReceipt = freshReceipt
    }
}

extension AppFeature.State {
    public var kioskSnapshot: CounterSnapshot {
        var snapshot = CounterSnapshot(isRestingAtHome: isAtRest)
        if case let .receipt(receipt) = top, receipt.isJustPaid { snapshot.freshReceipt = receipt }
        return snapshot
    }
}
